import type { Purchase } from '../payment/payment.types';

/**
 * Buying a storage plan for one study (issue 14): choose a plan, confirm its price, submit one
 * order, then pay it with the payment chart. The chart never decides that anything is paid.
 */

/** Why an order was not made: the server's refusals, as the screen words them. */
export type StoreBuyProblem = 'planUnknown' | 'notForSale' | 'studyNotFound';

export type SubmitOutcome = { ok: true; purchase: Purchase } | { ok: false; problem: StoreBuyProblem };

export interface StoreBuyContext {
  /** The plan the patient chose; null: the screen's default (the hospital's recommended plan). */
  planId: string | null;
  problem: StoreBuyProblem | null;
}

export type StoreBuyEvent =
  | { type: 'CHOOSE'; planId: string }
  /** "Buy": the plan shown as chosen (the default if the patient chose none). */
  | { type: 'BUY'; planId: string }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };
