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

type Size = { width: number; height: number };

/** The frame's pixels as drawn, through the window for grey (a colour frame's are already RGBA): the same bytes on the page and in the paint worker. */
export function windowedPixels(decoded: DecodedFrame, window: Window | null, out: Uint8ClampedArray): void {
  const { frame } = decoded;
  if (frame.kind === 'colour') out.set(frame.rgba);
  else if (window) greyToRgba(frame, window, out);
}

/**
 * Draws scenes with 2D contexts only (no WebGL), on two canvases (issue 26):
 *
 * - `image` holds the windowed image at its own pixels, and is placed, fitted, zoomed and panned
 *   by its CSS box: the browser's compositor scales it, so a slice step costs the page copying
 *   one frame's pixels, not filling and scaling a canvas of the phone's 750 × 1480 device
 *   pixels (about 11 ms a frame at 4x CPU), and zoom and pan cost no drawing at all. Enlarged
 *   three times or more, its pixels stay crisp (`image-rendering: pixelated`); below, smoothed.
 *   The pixels are the paint worker's bitmap when it has this slice in this window (`windowed`,
 *   see paintClient.ts), else windowed here; written again only when the image or window changes.
 * - `marks`, over it at the device's pixels, the AI layer, drawn only while it is shown.
 *
 * Sizes are CSS pixels; `dpr` scales them to the marks canvas's own pixels.
 */
export function createRenderer() {
  let imageId = '';
  let marked = false;

  function drawImage(image: HTMLCanvasElement, scene: Scene, windowedBitmap?: ImageBitmap): boolean {
    const id = `${scene.key}|${scene.window?.center}|${scene.window?.width}`;
    if (id === imageId) return true;
    const { frame } = scene.decoded;
    if (image.width !== frame.columns) image.width = frame.columns;
    if (image.height !== frame.rows) image.height = frame.rows;
    const context = image.getContext('2d');
    if (!context) return false;
    if (windowedBitmap && windowedBitmap.width === frame.columns && windowedBitmap.height === frame.rows) {
      // Opaque and the canvas's size: it replaces every pixel.
      context.drawImage(windowedBitmap, 0, 0);
    } else {
      const pixels = context.createImageData(frame.columns, frame.rows);
      windowedPixels(scene.decoded, scene.window, pixels.data);
      context.putImageData(pixels, 0, 0);
    }
    imageId = id;
    return true;
  }

  function drawMarks(marks: HTMLCanvasElement, scene: Scene | null, rect: Rect | null, size: Size, dpr: number): void {
    const width = Math.round(size.width * dpr);
    const height = Math.round(size.height * dpr);
    if (marks.width !== width) marks.width = width;
    if (marks.height !== height) marks.height = height;
    const shown = scene !== null && rect !== null && scene.aiShown && scene.findings.length > 0;
    if (!shown && !marked) return;
    const context = marks.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, marks.width, marks.height);
    marked = shown;
    if (!shown) return;
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawFindings(context, scene, rect);
  }

  return {
    /** Draws the scene (or nothing over the black stage when there is none); false when the image canvas cannot draw. */
    draw(canvases: { image: HTMLCanvasElement; marks: HTMLCanvasElement }, scene: Scene | null, size: Size, dpr: number, windowedBitmap?: ImageBitmap): boolean {
      const { image, marks } = canvases;
      if (!scene) {
        image.style.visibility = 'hidden';
        drawMarks(marks, null, null, size, dpr);
        return true;
      }
      if (!drawImage(image, scene, windowedBitmap)) return false;
      const rect = imageRect(size, displaySize(scene.decoded), scene.zoom, scene.pan);
      Object.assign(image.style, {
        visibility: 'visible',
        left: `${rect.x}px`,
        top: `${rect.y}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
        imageRendering: rect.width < scene.decoded.frame.columns * 3 ? 'auto' : 'pixelated',
      });
      drawMarks(marks, scene, rect, size, dpr);
      return true;
    },
    /** Forget what was drawn (the screen is closing, or its canvases were made anew). */
    release() {
      imageId = '';
      marked = false;
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
