import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import type { AiChannel, AiStudy } from '../../shared/api/aiApplySchemas';

/** The study's latest order on this channel, while it is live (not failed, not closed): then "see progress" instead of apply. */
function liveOrderOf(study: AiStudy | null, channelId: string): { orderId: string; status: number } | null {
  const order = study?.latestOrder;
  if (!order || order.channelId !== channelId) return null;
  return order.status === AI_ORDER_STATUS.failed || order.status === AI_ORDER_STATUS.closed ? null : order;
}

/**
 * What the channel panel shows: the chosen channel (the first while the patient has chosen none),
 * the channel whose price is being confirmed, the chosen channel's live order (then "see progress"
 * instead of apply), and whether a tap is taken (ordering or paying).
 */
export function channelChoice(
  page: { study: AiStudy | null; channels: readonly AiChannel[] },
  apply: { choice: string | null; ordering: string | null; isSubmitting: boolean },
  paymentBusy: boolean,
) {
  const byId = (channelId: string | null) => page.channels.find((channel) => channel.channelId === channelId);
  const chosen = byId(apply.choice) ?? page.channels[0] ?? null;
  return {
    chosen,
    ordering: byId(apply.ordering) ?? null,
    live: chosen ? liveOrderOf(page.study, chosen.channelId) : null,
    busy: apply.isSubmitting || paymentBusy,
  };
}
