import { DecodeError, type DecodedFrame } from './decoded';
import { decodeFrame } from './decodeFrame';
import type { DecodeRequest, DecodeResponse } from './decodeProtocol';

/** The frame's big array, handed over to the page instead of copied. */
function transferables(decoded: DecodedFrame): ArrayBuffer[] {
  const { frame } = decoded;
  const array = frame.kind === 'grey' ? frame.values : frame.rgba;
  return array.buffer instanceof ArrayBuffer ? [array.buffer] : [];
}

/** Runs one request (in the worker) and says what to post back and what to transfer. */
export async function answer(request: DecodeRequest): Promise<{ response: DecodeResponse; transfer: ArrayBuffer[] }> {
  try {
    const decoded = await decodeFrame(request.bytes, request.frameIndex);
    return { response: { id: request.id, ok: true, decoded }, transfer: transferables(decoded) };
  } catch (error) {
    const problem = error instanceof DecodeError ? error.problem : null;
    const message = error instanceof Error ? error.message : String(error);
    return { response: { id: request.id, ok: false, problem, message }, transfer: [] };
  }
}
