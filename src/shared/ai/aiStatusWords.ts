import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import type { MessageKey } from '../i18n/translate';

export type StatusTone = 'toBePaid' | 'inProgress' | 'succeeded' | 'failed' | 'closed';

/** An AI order's status in words and colour, wherever an order is shown alone (progress, result, apply, film detail) (spec section 4: 0 queued, 1 analysing, 2 to be paid, 3 succeeded, 4 failed, 5 closed). */
export function statusWords(status: number): { key: MessageKey; tone: StatusTone } {
  switch (status) {
    case AI_ORDER_STATUS.queued:
      return { key: 'aiApply.status.queued', tone: 'inProgress' };
    case AI_ORDER_STATUS.analysing:
      return { key: 'aiApply.status.analysing', tone: 'inProgress' };
    case AI_ORDER_STATUS.toBePaid:
      return { key: 'aiApply.status.toBePaid', tone: 'toBePaid' };
    case AI_ORDER_STATUS.succeeded:
      return { key: 'aiApply.status.succeeded', tone: 'succeeded' };
    case AI_ORDER_STATUS.failed:
      return { key: 'aiApply.status.failed', tone: 'failed' };
    default:
      return { key: 'aiApply.status.closed', tone: 'closed' };
  }
}

/**
 * How the progress page speaks of the time left while an order runs (the server's `secondsLeft`):
 * about N minutes (whole minutes, rounded up), under a minute, or, once the server's estimate has
 * run out and the order still runs, "taking longer than usual". The server then holds the progress
 * at 99% with nothing left; an analysis stuck for a year must not say "99%, under a minute".
 */
export type TimeLeft = { kind: 'minutes'; minutes: number } | { kind: 'underAMinute' } | { kind: 'longerThanUsual' };

export function timeLeft(secondsLeft: number | null): TimeLeft | null {
  if (secondsLeft === null) return null;
  if (secondsLeft <= 0) return { kind: 'longerThanUsual' };
  if (secondsLeft < 60) return { kind: 'underAMinute' };
  return { kind: 'minutes', minutes: Math.ceil(secondsLeft / 60) };
}
