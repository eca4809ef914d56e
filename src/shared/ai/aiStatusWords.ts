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

/** "About N minutes left" in whole minutes, rounded up, at least 1 (the page says "under a minute" itself). */
export function minutesLeft(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
