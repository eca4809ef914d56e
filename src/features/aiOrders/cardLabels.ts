/** What an AI order card shows for a status (spec section 2, AI order list). What it allows is the charts'. */
import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';

/** Status label on a card: 2 to be paid, 3 trade successful, 5 trade closed; other statuses have none. */
export type AiOrderStatusLabel = 'toBePaid' | 'tradeSuccessful' | 'tradeClosed';

/** Detection status on a card: 0 or 1 analysing, 3 analysis succeeded, 4 analysis failed. */
export type AiDetectionStatus = 'analysing' | 'succeeded' | 'failed';

const STATUS_LABEL: Readonly<Record<number, AiOrderStatusLabel>> = {
  [AI_ORDER_STATUS.toBePaid]: 'toBePaid',
  [AI_ORDER_STATUS.succeeded]: 'tradeSuccessful',
  [AI_ORDER_STATUS.closed]: 'tradeClosed',
};

const DETECTION: Readonly<Record<number, AiDetectionStatus>> = {
  [AI_ORDER_STATUS.queued]: 'analysing',
  [AI_ORDER_STATUS.analysing]: 'analysing',
  [AI_ORDER_STATUS.succeeded]: 'succeeded',
  [AI_ORDER_STATUS.failed]: 'failed',
};

/** The card's status label for `status`, or `null` when it shows none. */
export function aiOrderStatusLabel(status: number): AiOrderStatusLabel | null {
  return STATUS_LABEL[status] ?? null;
}

/** The card's detection status for `status`, or `null` when it shows none. */
export function aiDetectionStatus(status: number): AiDetectionStatus | null {
  return DETECTION[status] ?? null;
}

/** What the amount on a card is: paid (the order was paid: queued, analysing, succeeded, failed), to pay (2), or only the order's amount (closed, never paid). */
export type AiAmountTerm = 'paid' | 'due' | 'amount';

/** The term for a card's amount: "amount paid" only on an order that was paid. */
export function aiAmountTerm(status: number): AiAmountTerm {
  if (status === AI_ORDER_STATUS.toBePaid) return 'due';
  return status === AI_ORDER_STATUS.closed ? 'amount' : 'paid';
}
