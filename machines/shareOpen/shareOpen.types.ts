/**
 * Opening a share by its code (issue 13, shareCode, public): the page first shows whose share it
 * is and until when (or that it expired or was revoked), then takes the access code; the right
 * code brings a read-only pass to the shared study.
 */

export type ShareRefusal = 'notFound' | 'expired' | 'revoked';
export type OpenProblem = 'codeIncomplete' | 'codeWrong' | 'offline';

export interface PreviewLike {
  code: string;
}

export interface OpenedLike {
  collectFilmId: string;
  pass: string;
}

export type PreviewOutcome = { ok: true; preview: PreviewLike } | { ok: false; refusal: ShareRefusal };
export type OpenOutcome =
  | { ok: true; opened: OpenedLike }
  | { ok: false; refusal: ShareRefusal }
  | { ok: false; problem: 'codeWrong'; attemptsLeft: number }
  | { ok: false; locked: true; retryAfterSeconds: number };

export interface ShareOpenInput {
  code: string;
  /**
   * The access code found beside the code in what the patient pasted (issue 24 §5), four digits,
   * or absent: given, it is tried as soon as the share is previewed, without another tap.
   */
  accessCode?: string | null;
}

export interface ShareOpenContext {
  code: string;
  preview: PreviewLike | null;
  accessCode: string;
  refusal: ShareRefusal | null;
  problem: OpenProblem | null;
  attemptsLeft: number | null;
  retryAfterSeconds: number | null;
}

export type ShareOpenEvent =
  | { type: 'ENTER'; accessCode: string }
  /** `problem` is what the form found (a code not four digits), null when it may go. */
  | { type: 'OPEN'; problem: 'codeIncomplete' | null }
  | { type: 'RETRY' };
