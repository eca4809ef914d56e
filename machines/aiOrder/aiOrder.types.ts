/**
 * What a patient can do with an AI order, by its status (spec section 4). One flow at a time: a
 * cancel or a result lookup under way ignores further taps.
 */
import { TO_BE_PAID } from '../payment/payment.types';

/** AI order status codes (spec section 4): 0 or 1 analysing, 2 to be paid, 3 succeeded / traded, 4 analysis failed, 5 closed. */
export const AI_ORDER_STATUS = { queued: 0, analysing: 1, toBePaid: TO_BE_PAID, succeeded: 3, failed: 4, closed: 5 } as const;
export type AiOrderStatus = (typeof AI_ORDER_STATUS)[keyof typeof AI_ORDER_STATUS];

export interface OrderRef {
  orderId: string;
  /** The check record id, which payment uses. */
  id: number;
  collectFilmId: string;
  status: number;
}

/** What the viewer is opened with for an AI result (spec section 4): checkWay, wadourl, studyuid, hospid. */
export interface ViewerParams {
  checkWay: string;
  wadourl: string;
  studyuid: string;
  hospid: string;
}

/** What opening a result found. */
export type ResultLookup =
  | { kind: 'external'; url: string }
  | { kind: 'viewer'; viewer: ViewerParams }
  /** No AI detail came back: "application message lost". */
  | { kind: 'missing' }
  /** checkWay 1 with a URL the configuration does not allow. */
  | { kind: 'refused' };

/** How the server answered a cancel. */
export type CancelAnswer = { ok: true } | { ok: false; statusCode: number; message: string };

export interface AiOrderContext {
  /** The order the current flow is about. */
  order: OrderRef | null;
}

export type AiOrderEvent =
  | { type: 'OPEN_FILM'; order: OrderRef }
  | { type: 'OPEN_PROGRESS'; order: OrderRef }
  | { type: 'VIEW_REASON'; order: OrderRef }
  | { type: 'OPEN_RESULT'; order: OrderRef }
  | { type: 'CANCEL'; order: OrderRef }
  /** "Confirm cancel" in the dialog. */
  | { type: 'CONFIRM_CANCEL' }
  /** "Think again" in the dialog. */
  | { type: 'THINK_AGAIN' };

type Status = Pick<OrderRef, 'status'>;

/**
 * What an order's status allows (spec section 2, buttons by order status). The chart's guards are
 * these, and a card's buttons ask them too, so the two cannot drift apart.
 */
export const ORDER_ALLOWS = {
  /** Status 2 or lower: apply progress. */
  OPEN_PROGRESS: ({ status }: Status) => ([AI_ORDER_STATUS.queued, AI_ORDER_STATUS.analysing, AI_ORDER_STATUS.toBePaid] as number[]).includes(status),
  /** Status 2: cancel order (pay is the payment chart's). */
  CANCEL: ({ status }: Status) => status === AI_ORDER_STATUS.toBePaid,
  /** Status 4: view reason. */
  VIEW_REASON: ({ status }: Status) => status === AI_ORDER_STATUS.failed,
  /** Status 3: AI result. */
  OPEN_RESULT: ({ status }: Status) => status === AI_ORDER_STATUS.succeeded,
} as const;
export type OrderAction = keyof typeof ORDER_ALLOWS;
