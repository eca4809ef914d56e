import type { PaymentMessage, PayWayNow, Purchase, Settlement } from '../payment/payment.types';

/**
 * Selling, one way for every screen (issue 23): buying something new (a storage plan, an AI
 * channel: choose, confirm the price, submit one order) and paying an order that waits for its
 * money (from a list or a progress page). The payment chart runs as this chart's child; its
 * settlement comes back here, and this chart says when an order changed, for the screen to load
 * again or move on. Nothing here decides that anything is paid: the server's pay result does.
 */

/** How to pay right now, from the payment port at the moment of the tap (inside WeChat, perhaps not yet). */
export interface PayHow {
  payWay: PayWayNow;
  returnUrl: string;
}

/** What the order call answered: the order (new, or the same one again), or the server's refusal in the screen's words. */
export type SubmitOutcome<Problem extends string = string> = { ok: true; purchase: Purchase } | { ok: false; problem: Problem };

export interface PurchaseContext<Problem extends string = string> {
  /** What the patient chose to buy (a plan's or a channel's id); null: nothing chosen yet. */
  choice: string | null;
  /** How to pay, from the confirmation to the order's answer. */
  how: PayHow | null;
  problem: Problem | null;
}

export type PurchaseEvent =
  | { type: 'CHOOSE'; choice: string }
  /** "Buy" / "apply" with what is shown as chosen: its price is shown once more. */
  | { type: 'BUY'; choice: string }
  /** "Confirm" at the price, with how the payment port says to pay now. */
  | ({ type: 'CONFIRM' } & PayHow)
  | { type: 'DISMISS' }
  /** "Go to pay" on an order that exists (a list's card, the progress page). */
  | ({ type: 'PAY'; purchase: Purchase } & PayHow)
  /** This page load came back from the H5 pay page of that purchase. */
  | { type: 'RESUME_H5'; purchase: Purchase }
  /** From the payment child: the server answered how the payment ended. */
  | ({ type: 'SETTLED' } & Settlement)
  /** From the payment child: the payment ended with no answer from the server. */
  | { type: 'UNSETTLED' };

/** Outcomes after which the order may have moved on the server (paid, or being confirmed): the screen loads it again. */
export const MONEY_MAY_HAVE_MOVED: readonly PaymentMessage[] = ['succeeded', 'unconfirmed'];
