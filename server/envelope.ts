/** The API envelope of decisions.md: `{ statusCode, message, result }`; statusCode 200 is success. */
export interface Envelope<T> {
  statusCode: number;
  message: string;
  result: T;
}

export const SUCCESS = 200;

export function ok<T>(result: T, message = 'success'): Envelope<T> {
  return { statusCode: SUCCESS, message, result };
}

export function fail(statusCode: number, message: string): Envelope<null> {
  return { statusCode, message, result: null };
}

/** A failure whose `result` carries numbers the client shows, e.g. `{ attemptsLeft: 3 }` or `{ retryAfterSeconds: 60 }`. */
export function failWith<R>(statusCode: number, message: string, result: R): Envelope<R> {
  return { statusCode, message, result };
}

/** The envelope's other spelling (decisions.md): the cancel and pay answers say `msg`, as spec section 7 shows. */
export interface MsgEnvelope<T> {
  statusCode: number;
  msg: string;
  result: T;
}

export function withMsg(statusCode: number, msg: string): MsgEnvelope<null> {
  return { statusCode, msg, result: null };
}

/**
 * A business failure raised by a handler. It travels as an envelope; the HTTP status stays 200
 * unless the failure is one the client must see at the HTTP level (401 starts the sign-in flow).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly httpStatus = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * An ApiError whose envelope carries a result (see failWith); the error handler answers it with
 * that result.
 */
export class ApiFailure<R> extends ApiError {
  constructor(
    statusCode: number,
    message: string,
    readonly result: R,
    httpStatus = 200,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(statusCode, message, httpStatus, headers);
    this.name = 'ApiFailure';
  }
}
