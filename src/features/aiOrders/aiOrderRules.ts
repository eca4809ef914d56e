/** What an AI order card shows and offers for a given status (spec §2, AI order list). */
import { AI_ORDER_STATUS, isAiOrderStatus } from '../../shared/rules/constants';

/** Status label on a card: 2 to be paid, 3 trade successful, 5 trade closed; other statuses have none. */
export type AiOrderStatusLabel = 'toBePaid' | 'tradeSuccessful' | 'tradeClosed';

/** Detection status on a card: 0 or 1 analysing, 3 analysis succeeded, 4 analysis failed. */
export type AiDetectionStatus = 'analysing' | 'succeeded' | 'failed';

/** Buttons a card offers. */
export type AiOrderAction = 'applyProgress' | 'cancelOrder' | 'pay' | 'viewReason' | 'aiResult';

/** The card's status label for `status`, or `null` when it shows none. */
export function aiOrderStatusLabel(status: number): AiOrderStatusLabel | null {
  switch (status) {
    case AI_ORDER_STATUS.toBePaid:
      return 'toBePaid';
    case AI_ORDER_STATUS.succeeded:
      return 'tradeSuccessful';
    case AI_ORDER_STATUS.closed:
      return 'tradeClosed';
    default:
      return null;
  }
}

/** The card's detection status for `status`, or `null` when it shows none. */
export function aiDetectionStatus(status: number): AiDetectionStatus | null {
  switch (status) {
    case 0:
    case AI_ORDER_STATUS.inProgress:
      return 'analysing';
    case AI_ORDER_STATUS.succeeded:
      return 'succeeded';
    case AI_ORDER_STATUS.failed:
      return 'failed';
    default:
      return null;
  }
}

/**
 * The card's buttons, in display order: status 2 or lower apply progress; status 2 also cancel
 * order and pay; status 4 view reason; status 3 AI result. Unknown statuses get none.
 */
export function aiOrderActions(status: number): readonly AiOrderAction[] {
  if (!isAiOrderStatus(status)) return [];
  const actions: AiOrderAction[] = [];
  if (status <= AI_ORDER_STATUS.toBePaid) actions.push('applyProgress');
  if (status === AI_ORDER_STATUS.toBePaid) actions.push('cancelOrder', 'pay');
  if (status === AI_ORDER_STATUS.failed) actions.push('viewReason');
  if (status === AI_ORDER_STATUS.succeeded) actions.push('aiResult');
  return actions;
}
