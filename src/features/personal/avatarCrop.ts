import type { CropLike } from '../../../machines/modify/modify.types';

/**
 * The avatar's square crop: the picture covers a square frame of `frame` CSS pixels; the patient
 * zooms (1 to MAX_CROP_ZOOM) and pans, and the picture never leaves a gap in the frame.
 */
export interface CropView {
  /** 1: the shorter side fills the frame. */
  zoom: number;
  /** Where the picture's top-left corner is, in frame pixels (0 or less). */
  x: number;
  y: number;
}

export const MAX_CROP_ZOOM = 4;

/** Frame pixels per picture pixel at this zoom. */
export const scaleOf = (zoom: number, image: { width: number; height: number }, frame: number) => (frame / Math.min(image.width, image.height)) * zoom;

/** The picture kept covering the frame: the zoom within 1..MAX, the corner within reach. */
export function clampView(view: CropView, image: { width: number; height: number }, frame: number): CropView {
  const zoom = Math.min(MAX_CROP_ZOOM, Math.max(1, view.zoom));
  const scale = scaleOf(zoom, image, frame);
  const minX = frame - image.width * scale;
  const minY = frame - image.height * scale;
  return { zoom, x: Math.min(0, Math.max(minX, view.x)), y: Math.min(0, Math.max(minY, view.y)) };
}

/** The picture centred at zoom 1. */
export function centred(image: { width: number; height: number }, frame: number): CropView {
  const scale = scaleOf(1, image, frame);
  return { zoom: 1, x: (frame - image.width * scale) / 2, y: (frame - image.height * scale) / 2 };
}

/** Zoom to `zoom` about a frame point, which stays under the fingers (or the mouse). */
export function zoomTo(view: CropView, zoom: number, point: { x: number; y: number }, image: { width: number; height: number }, frame: number): CropView {
  const next = Math.min(MAX_CROP_ZOOM, Math.max(1, zoom));
  const ratio = scaleOf(next, image, frame) / scaleOf(view.zoom, image, frame);
  return clampView({ zoom: next, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio }, image, frame);
}

export const panView = (view: CropView, dx: number, dy: number, image: { width: number; height: number }, frame: number) =>
  clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, frame);

/** The square of the picture the frame shows, in whole picture pixels. */
export function cropOf(view: CropView, image: { width: number; height: number }, frame: number): CropLike {
  const scale = scaleOf(view.zoom, image, frame);
  const side = Math.max(1, Math.min(Math.round(frame / scale), image.width, image.height));
  return {
    x: Math.max(0, Math.min(image.width - side, Math.round(-view.x / scale))),
    y: Math.max(0, Math.min(image.height - side, Math.round(-view.y / scale))),
    width: side,
    height: side,
  };
}
