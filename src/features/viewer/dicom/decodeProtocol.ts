import { DecodeError, type DecodedFrame, type DecodeProblem } from './decoded';

/** What the page asks a decode worker. */
export interface DecodeRequest {
  id: number;
  bytes: ArrayBuffer;
  frameIndex: number;
}

/** What a decode worker answers; a DecodeError travels as its problem and message. */
export type DecodeResponse =
  | { id: number; ok: true; decoded: DecodedFrame }
  | { id: number; ok: false; problem: DecodeProblem | null; message: string };

/** The error a response stands for, on the page's side. */
export function errorOf(response: Extract<DecodeResponse, { ok: false }>): Error {
  return response.problem ? new DecodeError(response.problem, response.message) : new Error(response.message);
}
