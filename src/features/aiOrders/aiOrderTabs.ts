import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';

/** The `status` filter that lists AI orders of every status. */
export const AI_ORDER_FILTER_ALL = -1;

/** The AI order list tabs (spec section 2), in display order, with the `status` filter each sends. */
export const AI_ORDER_TABS = [
  { key: 'all', status: AI_ORDER_FILTER_ALL },
  { key: 'toBePaid', status: AI_ORDER_STATUS.toBePaid },
  { key: 'inProgress', status: AI_ORDER_STATUS.analysing },
  { key: 'tradeClosed', status: AI_ORDER_STATUS.closed },
] as const;
export type AiOrderTab = (typeof AI_ORDER_TABS)[number];
export type AiOrderTabFilter = AiOrderTab['status'];
