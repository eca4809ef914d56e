/**
 * Sharing a study (issue 13, shareList with a study named): choose how long the share lasts, make
 * it; it shows as a link, its access code and a QR code, and inside WeChat the page is set up as
 * a WeChat share card so "send to a friend" sends it.
 */

export type ShareDays = 1 | 7 | 30;

export interface ShareLike {
  shareId: string;
  url: string;
  code: string;
  accessCode: string;
}

/** How the WeChat share card went: set, not in WeChat, or the SDK refused. */
export type CardOutcome = 'ready' | 'unavailable' | 'failed';

export interface ShareInput {
  collectFilmId: string;
}

export interface ShareContext {
  collectFilmId: string;
  days: ShareDays;
  share: ShareLike | null;
  card: CardOutcome | null;
  problem: 'offline' | 'refused' | null;
  copied: boolean;
}

export type ShareEvent =
  | { type: 'CHOOSE_DAYS'; days: ShareDays }
  | { type: 'CREATE' }
  | { type: 'COPY' }
  /** Make another share of the same study. */
  | { type: 'AGAIN' };

/** A create answer: the share, or the server's refusal. */
export type CreateOutcome = { ok: true; share: ShareLike } | { ok: false };
