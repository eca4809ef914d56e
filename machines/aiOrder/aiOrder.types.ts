/**
 * What a patient can do with an AI order, by its status (spec section 4):
 * 0 or 1 analysing, 2 to be paid, 3 succeeded / traded, 4 analysis failed, 5 closed.
 * One flow at a time: a cancel or a result lookup under way ignores further taps.
 */
export interface OrderRef {
  orderId: string;
  /** The check record id, which payment uses. */
  id: number;
  collectFilmId: string;
  status: number;
}

/** AI detail (spec section 3). */
export interface AiDetail {
  status: number;
  checkWay?: number | null;
  resultUrl?: string | null;
}

/** Film detail (spec section 3): what the viewer needs to show the AI result. */
export interface FilmDetail {
  imServerUrl?: string | null;
  studyUId?: string | null;
  orgCode?: string | null;
}

/** What opening a result found. */
export type ResultLookup =
  | { kind: 'external'; url: string }
  | { kind: 'viewer'; detail: AiDetail; film: FilmDetail }
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

/** Status codes the chart branches on. */
export const STATUS = { inProgress: 1, toBePaid: 2, succeeded: 3, failed: 4, closed: 5 } as const;
