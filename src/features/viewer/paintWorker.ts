import { paintFrame, type PaintRequest, type PaintResponse } from './paintFrame';

/** A module worker that paints the viewer's frames off the main thread (see paintClient.ts). */
interface PaintWorkerScope {
  onmessage: ((event: MessageEvent<PaintRequest>) => void) | null;
  postMessage(message: PaintResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as PaintWorkerScope;

scope.onmessage = ({ data: request }) => {
  try {
    if (typeof OffscreenCanvas === 'undefined') throw new Error('No OffscreenCanvas in this browser\'s workers');
    const bitmap = paintFrame(request, (width, height) => new OffscreenCanvas(width, height));
    scope.postMessage({ id: request.id, ok: true, bitmap }, [bitmap]);
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }, []);
  }
};
