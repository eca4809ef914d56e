import type { Finding } from '../../../machines/viewer/viewer.types';
import type { Point, Window } from '../../../machines/viewer/viewerViewport.types';
import type { DecodedFrame } from './dicom/decoded';
import { AI_MARK_COLOUR } from './aiMarkColour';
import { greyToRgba } from './windowing';

/** What one draw shows: the image, the window it is seen through, where it sits, the AI layer. */
export interface Scene {
  key: string;
  decoded: DecodedFrame;
  /** Null for colour images. */
  window: Window | null;
  zoom: number;
  pan: Point;
  findings: readonly Finding[];
  aiShown: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image's size on screen at zoom 1, in its own pixels with non-square pixels made square. */
export function displaySize(decoded: DecodedFrame): { width: number; height: number } {
  const spacing = decoded.info.pixelSpacing;
  const aspect = spacing && spacing[0] > 0 && spacing[1] > 0 ? spacing[0] / spacing[1] : 1;
  return { width: decoded.frame.columns, height: decoded.frame.rows * aspect };
}

/** Where the image goes in a canvas of this CSS size: fitted and centred at zoom 1, then zoomed about the centre and panned. */
export function imageRect(canvas: { width: number; height: number }, image: { width: number; height: number }, zoom: number, pan: Point): Rect {
  const fit = Math.min(canvas.width / image.width, canvas.height / image.height);
  const width = image.width * fit * zoom;
  const height = image.height * fit * zoom;
  return { x: canvas.width / 2 + pan.x - width / 2, y: canvas.height / 2 + pan.y - height / 2, width, height };
}

/** A point of the image (its pixel columns and rows) on screen. */
export function toScreen(rect: Rect, decoded: DecodedFrame, point: Point): Point {
  return { x: rect.x + (point.x * rect.width) / decoded.frame.columns, y: rect.y + (point.y * rect.height) / decoded.frame.rows };
}

/**
 * Draws scenes on a canvas with its 2D context only (no WebGL). The windowed image is kept on an
 * offscreen canvas, made again only when the image or the window changes; zoom and pan only draw it
 * again. Sizes are CSS pixels; `dpr` scales them to the canvas's own pixels.
 */
export function createRenderer(makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas')) {
  let source: HTMLCanvasElement | null = null;
  let sourceId = '';

  function windowed(scene: Scene): HTMLCanvasElement | null {
    const id = `${scene.key}|${scene.window?.center}|${scene.window?.width}`;
    if (source && id === sourceId) return source;
    const { frame } = scene.decoded;
    const canvas = source ?? makeCanvas();
    canvas.width = frame.columns;
    canvas.height = frame.rows;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const image = context.createImageData(frame.columns, frame.rows);
    if (frame.kind === 'colour') image.data.set(frame.rgba);
    else if (scene.window) greyToRgba(frame, scene.window, image.data);
    context.putImageData(image, 0, 0);
    source = canvas;
    sourceId = id;
    return canvas;
  }

  return {
    /** Draws the scene (or black when there is none); false when the canvas cannot draw. */
    draw(canvas: HTMLCanvasElement, scene: Scene | null, size: { width: number; height: number }, dpr: number): boolean {
      const context = canvas.getContext('2d');
      if (!context) return false;
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#000';
      context.fillRect(0, 0, canvas.width, canvas.height);
      if (!scene) return true;
      const image = windowed(scene);
      if (!image) return false;
      context.setTransform(dpr, 0, 0, dpr, 0, 0);
      const rect = imageRect(size, displaySize(scene.decoded), scene.zoom, scene.pan);
      // Enlarged pixels stay crisp enough to judge; shrunk ones are smoothed.
      context.imageSmoothingEnabled = rect.width < scene.decoded.frame.columns * 3;
      context.drawImage(image, rect.x, rect.y, rect.width, rect.height);
      if (scene.aiShown) drawFindings(context, scene, rect);
      return true;
    },
    /** Forget the offscreen image (the screen is closing). */
    release() {
      if (source) source.width = source.height = 0;
      source = null;
      sourceId = '';
    },
  };
}

/** The findings that get a label: a mark inside a box that already says the same thing gets none, so no label sits on another. */
export function labelledFindings(findings: readonly Finding[]): Set<Finding> {
  const boxLabels = new Set(findings.filter((finding) => finding.shape === 'box').map((finding) => finding.label));
  return new Set(findings.filter((finding) => finding.shape === 'box' || !boxLabels.has(finding.label)));
}

function drawFindings(context: CanvasRenderingContext2D, scene: Scene, rect: Rect) {
  context.lineWidth = 2;
  context.font = '600 13px -apple-system, BlinkMacSystemFont, "PingFang SC", sans-serif';
  context.textBaseline = 'bottom';
  const labelled = labelledFindings(scene.findings);
  for (const finding of scene.findings) {
    const at = toScreen(rect, scene.decoded, finding);
    context.strokeStyle = AI_MARK_COLOUR;
    if (finding.shape === 'box') {
      const end = toScreen(rect, scene.decoded, { x: finding.x + finding.width, y: finding.y + finding.height });
      context.strokeRect(at.x, at.y, end.x - at.x, end.y - at.y);
    } else {
      context.beginPath();
      context.arc(at.x, at.y, 10, 0, Math.PI * 2);
      context.moveTo(at.x - 16, at.y);
      context.lineTo(at.x + 16, at.y);
      context.moveTo(at.x, at.y - 16);
      context.lineTo(at.x, at.y + 16);
      context.stroke();
    }
    if (!labelled.has(finding)) continue;
    const label = finding.label;
    const width = context.measureText(label).width + 8;
    const top = Math.max(0, at.y - (finding.shape === 'box' ? 20 : 32));
    context.fillStyle = 'rgba(0, 0, 0, 0.7)';
    context.fillRect(at.x, top, width, 20);
    context.fillStyle = AI_MARK_COLOUR;
    context.fillText(label, at.x + 4, top + 17);
  }
}
