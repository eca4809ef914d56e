import type { Endpoint } from './endpoints';

/** What can go wrong with a call, as facts; `errorCatalogue.ts` decides what the patient sees. */
export type Failure =
  /** No answer: the network dropped or the request timed out. */
  | { kind: 'network' }
  /** HTTP 401: the session is gone; the session port has been told. */
  | { kind: 'unauthorized' }
  /** Any other non-2xx HTTP answer. */
  | { kind: 'http'; status: number }
  /** A well-formed envelope whose statusCode is not 200. */
  | { kind: 'business'; statusCode: number; message: string; result?: unknown }
  /** An answer that does not have the shape we expect. */
  | { kind: 'malformed'; detail: string }
  /** We cancelled it ourselves (a tab switch, leaving the page). */
  | { kind: 'aborted' };

/** A call that failed, and which call it was: the error catalogue routes by the real endpoint. */
export class ApiFailure extends Error {
  constructor(
    readonly failure: Failure,
    readonly endpoint: Endpoint | null = null,
  ) {
    super(`API failure: ${failure.kind}${endpoint ? ` (${endpoint.method} ${endpoint.path})` : ''}`);
    this.name = 'ApiFailure';
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

export type BusinessFailure = Extract<Failure, { kind: 'business' }>;

/** The server's refusal (an envelope whose statusCode is not 200), or null for anything else: no answer, a malformed one. */
export function businessFailure(error: unknown): BusinessFailure | null {
  return isApiFailure(error) && error.failure.kind === 'business' ? error.failure : null;
}

/** Any thrown value as a Failure: an unexpected exception counts as a malformed answer. */
export function toFailure(error: unknown): Failure {
  if (isApiFailure(error)) return error.failure;
  return { kind: 'malformed', detail: error instanceof Error ? error.message : String(error) };
}
