import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import type { AiChannel, AiStudy } from '../../shared/api/aiApplySchemas';
import { hospitalTerm } from '../../shared/i18n/glossary';
import type { Locale } from '../../shared/i18n/locale';
import { channelFits } from '../../shared/rules/aiFit';

type LiveOrder = { orderId: string; channelId: string | null; status: number };

/** The study's latest order while it is live (not failed, not closed): it is shown first, with its progress. */
function liveOrderOf(study: AiStudy | null): LiveOrder | null {
  const order = study?.latestOrder;
  if (!order) return null;
  return order.status === AI_ORDER_STATUS.failed || order.status === AI_ORDER_STATUS.closed ? null : order;
}

/**
 * What the channel panel shows: the channels that fit the study (its modality and body part, as
 * each channel says), the chosen one (none until the patient chooses: nothing that costs money is
 * chosen for them), the one whose price is being confirmed, the study's live order (shown first,
 * and "see progress" instead of apply on its channel), and whether a tap is taken.
 */
export function channelChoice(
  page: { study: AiStudy | null; channels: readonly AiChannel[] },
  apply: { choice: string | null; ordering: string | null; isSubmitting: boolean },
  paymentBusy: boolean,
) {
  const { study } = page;
  const offered = study ? page.channels.filter((channel) => !channel.fits || channelFits(channel.fits, study)) : [...page.channels];
  const byId = (channelId: string | null) => offered.find((channel) => channel.channelId === channelId) ?? null;
  const chosen = byId(apply.choice);
  const live = liveOrderOf(study);
  return {
    offered,
    chosen,
    ordering: byId(apply.ordering),
    /** The study's live order, on any channel. */
    live,
    /** The live order's channel, as offered (for its name). */
    liveChannel: live ? (page.channels.find((channel) => channel.channelId === live.channelId) ?? null) : null,
    /** The chosen channel already has the live order: "see progress" instead of apply. */
    chosenIsLive: Boolean(chosen && live && live.channelId === chosen.channelId),
    busy: apply.isSubmitting || paymentBusy,
  };
}

/** A channel's name, description and provider in the patient's language: the backend's English where it gives it, else the glossary's words for the name (the description and the provider's name stay as the hospital gave them). */
export function channelWords(channel: AiChannel, locale: Locale): { name: string; description: string; provider: string } {
  if (locale !== 'en') return { name: channel.name, description: channel.description, provider: channel.provider };
  return { name: channel.nameEn ?? hospitalTerm(locale, channel.name), description: channel.descriptionEn ?? channel.description, provider: channel.providerEn ?? channel.provider };
}
