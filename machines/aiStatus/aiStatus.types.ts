import { AI_ORDER_STATUS } from '../aiOrder/aiOrder.types';
import type { PayWayNow } from '../payment/payment.types';

/**
 * Following one AI order (issue 14 §2, aiStatus): ask AI/info, and while it is queued or analysing
 * ask again, less often while nothing moves (2, 4, 8, then every 15 s); stop when it succeeded,
 * failed or is closed. An order to be paid is paid here with the payment chart (a child), and
 * asked about again once the server says it is paid. A hidden page asks nothing until it shows.
 */

/** What the chart reads of an order; the app's AI/info answer has more. */
export interface InfoLike {
  orderId: string;
  /** The check record id the pay calls name. */
  id: number;
  collectFilmId: string;
  status: number;
  charge: number;
  progress: number | null;
  secondsLeft: number | null;
  failureReason: string | null;
}

/** AI/info's answer: the order, or none (4504: the application message is lost). */
export type InfoOutcome = { found: true; info: InfoLike } | { found: false };

export interface AiStatusInput {
  orderId: string;
}

export interface AiStatusContext {
  orderId: string;
  info: InfoLike | null;
  /** Answers in a row that saw nothing move: the wait before the next grows with it. */
  idlePolls: number;
  /** Answers in a row that did not come. */
  failedPolls: number;
  problem: 'offline' | null;
}

export type AiStatusEvent =
  /** "Pay" on an order to be paid, with how the payment port says to pay now. */
  | { type: 'PAY'; payWay: PayWayNow; returnUrl: string }
  | { type: 'RETRY' }
  /** The page was hidden (another tab, the phone locked): ask nothing meanwhile. */
  | { type: 'PAUSE' }
  /** The page shows again: ask at once. */
  | { type: 'RESUME' }
  /** From the payment child: the server says the order is paid (or being confirmed). */
  | { type: 'PAID'; orderId: string };

/** How long to wait before asking again: 2 s, doubling while nothing moves, at most 15 s. */
export function pollDelayMs(idlePolls: number): number {
  return Math.min(2000 * 2 ** idlePolls, 15_000);
}

/** The back-off stops growing here (15 s). */
export const MAX_IDLE_POLLS = 3;

/** Answers in a row that can be missing before the page says the connection is gone. */
export const MAX_FAILED_POLLS = 3;

/** Queued (0) or analysing (1): the order is followed. */
export const isUnderWay = (status: number) => status === AI_ORDER_STATUS.queued || status === AI_ORDER_STATUS.analysing;
