import type { Window } from '../../../machines/viewer/viewerViewport.types';
import type { DecodedFrame } from './dicom/decoded';
import { windowedPixels } from './renderer';

/** What the page asks the paint worker: one frame's pixels through a window. */
export interface PaintRequest {
  id: number;
  decoded: DecodedFrame;
  window: Window | null;
}

/** The windowed frame, transferred; or why this worker cannot paint (the page then windows itself). */
export type PaintResponse = { id: number; ok: true; bitmap: ImageBitmap } | { id: number; ok: false; message: string };

/**
 * Windows one frame in the worker: the same bytes as the page's renderer puts on its offscreen
 * canvas (`windowedPixels`), on a canvas of the frame's size, handed over as a bitmap the page
 * draws as it would draw its own.
 */
export function paintFrame(request: PaintRequest, makeCanvas: (width: number, height: number) => OffscreenCanvas): ImageBitmap {
  const { columns, rows } = request.decoded.frame;
  const canvas = makeCanvas(columns, rows);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on an OffscreenCanvas here');
  const image = context.createImageData(columns, rows);
  windowedPixels(request.decoded, request.window, image.data);
  context.putImageData(image, 0, 0);
  return canvas.transferToImageBitmap();
}
