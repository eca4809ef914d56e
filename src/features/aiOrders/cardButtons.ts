import type { OrderAction } from '../../../machines/aiOrder/aiOrder.types';

/** A card's buttons; each names its label (`aiOrder.action.<button>`) and test id. */
export type CardButton = 'applyProgress' | 'cancelOrder' | 'pay' | 'viewReason' | 'aiResult';

/** The order chart's events by the button that sends them; pay is the payment chart's. */
const ACTION_OF = {
  applyProgress: 'OPEN_PROGRESS',
  cancelOrder: 'CANCEL',
  viewReason: 'VIEW_REASON',
  aiResult: 'OPEN_RESULT',
} as const satisfies Record<Exclude<CardButton, 'pay'>, OrderAction>;
export type OrderButton = keyof typeof ACTION_OF;

/** Display order: apply progress, cancel order, go to pay, view reason, AI result. */
const ORDER: readonly CardButton[] = ['applyProgress', 'cancelOrder', 'pay', 'viewReason', 'aiResult'];

/**
 * A card's buttons from what the charts allow: the order chart's actions for this order, and
 * whether the payment chart would take PAY for it. Nothing here decides by status.
 */
export function cardButtons(allowed: readonly OrderAction[], payable: boolean): CardButton[] {
  return ORDER.filter((button) => (button === 'pay' ? payable : allowed.includes(ACTION_OF[button])));
}

export function orderActionOf(button: OrderButton): OrderAction {
  return ACTION_OF[button];
}
