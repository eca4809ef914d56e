import type { MessageKey } from '../i18n/translate';
import type { Endpoint } from './endpoints';
import { RATE_LIMITED_STATUS_CODE } from './envelope';
import type { Failure } from './failure';

/** The hospital disabled the cloud film (spec section 8). */
export const STOPPED_STATUS_CODE = 7001;

/** Where a failure takes the patient. A message is the server's own text or a catalogue key. */
export type Outcome =
  | { to: 'errorStop'; message?: string; code?: number }
  | { to: 'error'; message?: string; messageKey?: MessageKey; code?: number; network?: boolean }
  /** The session port already handles a 401: nothing more to show. */
  | { to: 'signIn' }
  /** Nothing to show: the request was cancelled on purpose. */
  | { to: 'nothing' };

/**
 * The error catalogue of spec section 8, in one place, by the call that failed (null: not a call).
 * Callers with a rule of their own (cancel's refusal toast) handle it before falling back to this.
 */
export function outcomeFor(endpoint: Endpoint | null, failure: Failure): Outcome {
  const outcome = generalOutcome(endpoint, failure);
  // "Order list failure: error page, network abnormal, try again later."
  if (endpoint?.domain === 'orderList' && outcome.to === 'error') {
    return { to: 'error', messageKey: 'error.listFailed', network: failure.kind === 'network' };
  }
  return outcome;
}

function generalOutcome(endpoint: Endpoint | null, failure: Failure): Outcome {
  switch (failure.kind) {
    case 'aborted':
      return { to: 'nothing' };
    case 'unauthorized':
      return { to: 'signIn' };
    case 'network':
      return { to: 'error', messageKey: 'error.network', network: true };
    case 'malformed':
      return { to: 'error', messageKey: 'error.malformed' };
    case 'http':
      return { to: 'error', messageKey: 'error.server', code: failure.status };
    case 'business':
      if (endpoint?.domain === 'studyReport' && failure.statusCode === STOPPED_STATUS_CODE) {
        return { to: 'errorStop', message: failure.message, code: failure.statusCode };
      }
      if (failure.statusCode === RATE_LIMITED_STATUS_CODE) return { to: 'error', messageKey: 'error.rateLimited', code: failure.statusCode };
      return { to: 'error', message: failure.message, code: failure.statusCode };
  }
}
