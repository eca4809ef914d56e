/**
 * Something a patient does to one item only after saying yes (remove a film from my images;
 * later: revoke a share, cancel a storage order): ask, confirm or think again, do it once, say how it went.
 */
export interface ActionItem {
  id: string;
  /** What the action sets the item to, when it sets something: a switch turned on or off. */
  setTo?: boolean;
}

/** The server's answer: done, or refused with its message (spec §8's "toast with the server msg" pattern). */
export type ActionAnswer = { ok: true } | { ok: false; message: string };

export interface ConfirmedActionContext {
  item: ActionItem | null;
  /**
   * The item the server last accepted the action on: the view stops showing what it keeps of it
   * at once (a revoked share's link and codes), before the list, loaded again, says so itself.
   */
  lastDoneId: string | null;
}

export type ConfirmedActionEvent =
  | { type: 'ASK'; item: ActionItem }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };
