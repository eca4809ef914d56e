import * as z from 'zod/mini';

/**
 * Paying for an order (an AI analysis, a storage plan): get the pay parameters, pay in WeChat
 * (pay way 1) or on the H5 page (pay way 2), then always ask the server. The client never decides
 * that an order is paid; a pay result above 0 from the server does (decisions.md).
 */

/** The `payway` of the pay call (spec section 9): 1 in-app (WeChat pay), 2 the H5 pay page. */
export const PAY_WAY = { inApp: 1, h5: 2 } as const;
export type PayWay = (typeof PAY_WAY)[keyof typeof PAY_WAY];

/**
 * Inside WeChat before its JS-SDK is ready: WeChat pay cannot start yet, and the H5 page is no way
 * out, since WeChat cannot pay on it (issue 24 §12). The payment waits for the SDK instead.
 */
export const WECHAT_NOT_READY = 'wechatNotReady';
/** How a tap can pay at that moment (`payWayFor` in `machines/wechatSdk/wechatSdk.connect.ts`): a pay way, or not yet. */
export type PayWayNow = PayWay | typeof WECHAT_NOT_READY;

/** An order waiting for its money (AI orders, spec section 4; storage orders use the same code). */
export const TO_BE_PAID = 2;

/** What is being paid: the chart's whole knowledge of the order. */
export const purchaseSchema = z.object({
  /** Which service's pay calls settle it. */
  kind: z.enum(['aiOrder', 'storageOrder']),
  orderId: z.string(),
  /** The check record the server pays for (an order row's `id`). */
  checkRecordId: z.int(),
  /** Yuan, as the server sent it. */
  amount: z.number(),
  /** The order's status as the list showed it: only an order to be paid can be paid. */
  status: z.int(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export type PurchaseKind = Purchase['kind'];

/** An order as both services send it: its number, the check record the pay calls name, yuan, status. */
export interface PayableOrder {
  orderId: string;
  id: number;
  charge: number;
  status: number;
}

/** The purchase the payment chart is given for an order of either service. */
export function purchaseOf(kind: PurchaseKind, order: PayableOrder): Purchase {
  return { kind, orderId: order.orderId, checkRecordId: order.id, amount: order.charge, status: order.status };
}

/** In-app pay response (spec section 3); WeChat's bridge takes it as it is. */
export const inAppPayParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});
export type InAppPayParams = z.infer<typeof inAppPayParamsSchema>;

/** H5 pay response (spec section 3). */
export const h5PayParamsSchema = z.object({ h5_url: z.url(), record_no: z.string() });
export type H5PayParams = z.infer<typeof h5PayParamsSchema>;

export type PayParams = { way: typeof PAY_WAY.inApp; params: InAppPayParams } | { way: typeof PAY_WAY.h5; params: H5PayParams };

/** What the `getPayParams` actor needs: the purchase, how to pay, and where the H5 page returns. */
export interface PayRequest {
  purchase: Purchase;
  payWay: PayWay;
  returnUrl: string;
}

/** A tap on pay as the payment chart takes it: the purchase, how it can be paid now, where the H5 page returns. */
export interface PayTap {
  purchase: Purchase;
  payWay: PayWayNow;
  returnUrl: string;
}

/** What the payer said: WeChat's callback, or the patient's answer after the H5 page. */
export type ClientOutcome = 'ok' | 'cancel' | 'fail';

/** The patient-facing ending. */
export type PaymentMessage = 'succeeded' | 'cancelled' | 'failed' | 'unconfirmed';

/** How a payment ended, as the server answered: what the patient is told, for which order, and the pay result it rests on. */
export interface Settlement {
  outcome: PaymentMessage;
  purchase: Purchase;
  payResult: number;
}

export interface PaymentContext {
  /** What is being paid, from the tap on pay (or the page load back from H5) to its outcome. */
  purchase: Purchase | null;
  payWay: PayWay | null;
  /** Where the H5 pay page sends the patient back, while the pay call is under way. */
  returnUrl: string | null;
  /** WeChat's pay parameters from the server, while WeChat pay is open. */
  payParams: PayParams | null;
  clientOutcome: ClientOutcome | null;
  /** Answers of "not paid yet" so far, while the payer says it is done. */
  queries: number;
}

export type PaymentEvent =
  /**
   * The patient tapped "go to pay": pay way 1 inside WeChat with the SDK ready, `wechatNotReady`
   * inside WeChat before it is, 2 elsewhere; the H5 page comes back to `returnUrl`. Only an order
   * to be paid is accepted.
   */
  | ({ type: 'PAY' } & PayTap)
  /** This page load came back from the H5 pay page of that purchase. */
  | { type: 'RESUME_H5'; purchase: Purchase }
  /** "Paid" in the H5 "is payment complete?" dialog. */
  | { type: 'H5_PAID' }
  /** "Not paid" in the same dialog. */
  | { type: 'H5_NOT_PAID' }
  /** Ask the server again after a query that failed. */
  | { type: 'QUERY_AGAIN' }
  /** "Try again" when WeChat pay was not ready: configure WeChat's JS-SDK again, then pay in WeChat. */
  | { type: 'RETRY_WECHAT' }
  /** Leave a payment whose result could not be asked for (it stays remembered), or one WeChat pay was not ready for. */
  | { type: 'DISMISS' };

/**
 * The pay result call's answer (spec section 3: above 0 means paid). This project's backend also
 * says what it heard from the provider when it was not paid: -1 cancelled, -2 failed; 0 is "nothing
 * heard yet". A backend that answers only 1 or 0 leaves the not-paid message to what the payer said.
 */
export const PAY_RESULT = { paid: 1, notHeard: 0, cancelled: -1, failed: -2 } as const;

/** How many times the server is asked about a payment the payer called done before it is "being confirmed". */
export const MAX_QUERIES = 3;

/** Whether a purchase can be paid: the payment chart's guard on PAY, and what a card's pay button asks. */
export function isPayable(purchase: Pick<Purchase, 'status'>): boolean {
  return purchase.status === TO_BE_PAID;
}
