import type { PayWay, Purchase } from '../payment/payment.types';

/**
 * Applying for AI analysis of one study (issue 14 §2): choose a channel, confirm its price, submit
 * one order (a second tap while it is under way sends nothing), then pay it with the payment chart,
 * which runs as this chart's child; a free order, or one already under way, goes to its progress.
 * The chart never decides that anything is paid: the payment chart's server re-query does.
 */

/** Why an order was not made: the server's refusals (AI_APPLY_CODES), as the screen words them. */
export type AiApplyProblem = 'channelUnavailable' | 'notOffered' | 'studyNotFound';

/** What the submit call answered: the order (new, or the same one again), or a refusal. */
export type SubmitOutcome =
  | { ok: true; purchase: Purchase }
  | { ok: false; problem: AiApplyProblem };

/** How to pay right now, from the payment port at the moment the patient confirms. */
export interface PayHow {
  payWay: PayWay;
  returnUrl: string;
}

export interface AiApplyInput {
  collectFilmId: string;
}

export interface AiApplyContext {
  collectFilmId: string;
  /** The channel the patient chose; null: none yet. */
  channelId: string | null;
  /** How to pay, from the confirmation to the order's answer. */
  how: PayHow | null;
  problem: AiApplyProblem | null;
}

export type AiApplyEvent =
  | { type: 'CHOOSE'; channelId: string }
  /** "Apply" with the chosen channel: its price is shown once more. */
  | { type: 'APPLY'; channelId: string }
  /** "Confirm" in that dialog, with how the payment port says to pay now. */
  | { type: 'CONFIRM'; payWay: PayWay; returnUrl: string }
  | { type: 'DISMISS' }
  /** From the payment child: the server says the order is paid (or being confirmed). */
  | { type: 'PAID'; orderId: string };
