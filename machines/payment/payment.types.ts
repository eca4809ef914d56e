/**
 * Paying for an order (AI analysis now, storage later): get the pay parameters, pay in WeChat
 * (pay way 1) or on the H5 page (pay way 2), then always ask the server. The client never decides
 * that an order is paid; a pay result above 0 from the server does (decisions.md).
 */
export type PayWay = 1 | 2;

export interface PaymentIntent {
  /** The check record the server pays for (the order row's `id`). */
  checkRecordId: number;
  orderId: string;
}

/** What the in-app (WeChat) pay call needs (spec section 3). */
export interface InAppPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

/** What the H5 pay page needs (spec section 3). */
export interface H5PayParams {
  h5_url: string;
  record_no: string;
}

export type PayParams = { way: 1; params: InAppPayParams } | { way: 2; params: H5PayParams };

/** What the payer said: WeChat's callback, or the patient's answer after the H5 page. */
export type ClientOutcome = 'ok' | 'cancel' | 'fail';

/** The patient-facing ending. */
export type PaymentMessage = 'succeeded' | 'cancelled' | 'failed' | 'unconfirmed';

export interface PaymentContext {
  intent: PaymentIntent | null;
  payWay: PayWay | null;
  clientOutcome: ClientOutcome | null;
  /** Answers of "not paid yet" so far, while the payer says it is done. */
  queries: number;
  /** The server's last pay result (a number above 0 means paid). */
  serverResult: number | null;
}

export type PaymentEvent =
  /** The patient tapped "go to pay"; pay way 1 inside WeChat with the SDK ready, 2 elsewhere. */
  | { type: 'PAY'; intent: PaymentIntent; payWay: PayWay }
  /** This page load came back from the H5 pay page of that payment. */
  | { type: 'RESUME_H5'; intent: PaymentIntent }
  /** "Paid" in the H5 "is payment complete?" dialog. */
  | { type: 'H5_PAID' }
  /** "Not paid" in the same dialog. */
  | { type: 'H5_NOT_PAID' }
  /** Ask the server again after a query that failed. */
  | { type: 'QUERY_AGAIN' }
  /** Leave a payment whose result could not be asked for (it stays remembered). */
  | { type: 'DISMISS' };

/** How many times the server is asked about a payment the payer called done before it is "being confirmed". */
export const MAX_QUERIES = 3;
