/** Zoom and pan of a picture on a stage, in stage pixels: the image is drawn at `translate(x, y) scale(scale)`. */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const FIT: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 8;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(1, scale));

/** Zoom by `factor` about a stage point, so that point stays under the fingers; back to fit at scale 1. */
export function zoomAbout(zoom: Zoom, factor: number, point: { x: number; y: number }): Zoom {
  const scale = clampScale(zoom.scale * factor);
  if (scale === 1) return FIT;
  const applied = scale / zoom.scale;
  return { scale, x: point.x - (point.x - zoom.x) * applied, y: point.y - (point.y - zoom.y) * applied };
}

/** Move a zoomed picture; a picture at fit does not move. */
export function panBy(zoom: Zoom, dx: number, dy: number): Zoom {
  return zoom.scale === 1 ? FIT : { ...zoom, x: zoom.x + dx, y: zoom.y + dy };
}

/** Double tap: from fit to 2.5× about the tap, from any zoom back to fit. */
export function toggleZoom(zoom: Zoom, point: { x: number; y: number }): Zoom {
  return zoom.scale > 1 ? FIT : zoomAbout(FIT, 2.5, point);
}
