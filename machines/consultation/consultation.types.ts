/**
 * diagnose (issue 14, online consultation): the hospital's consultation page for this patient (and
 * study), opened only when its origin is allowed; back from it, the patient is asked before it opens again.
 */

/**
 * Where the consultation service's answer leads: its page (an allowed origin), a refusal naming the
 * address's origin (null when it is not an address at all), the hospital not offering it (4701),
 * or the server's own refusal in its words. No answer at all is a failed call (offline).
 */
export type ConsultationJump =
  | { kind: 'go'; url: string }
  | { kind: 'refused'; origin: string | null }
  | { kind: 'notOffered' }
  | { kind: 'declined'; message: string };

export interface ConsultationInput {
  /** The study the consultation is about; null from the home page. */
  collectFilmId: string | null;
  /** This page was left for the consultation page before (back, a reload, the back-forward cache). */
  cameBack: boolean;
}

export interface ConsultationContext extends ConsultationInput {
  jump: ConsultationJump | null;
}

export type ConsultationEvent =
  | { type: 'RETRY' }
  /** Ask again after the server declined. */
  | { type: 'ASK_AGAIN' }
  | { type: 'OPEN_AGAIN' }
  /** The page shows again after the consultation page (restored by the browser as it was). */
  | { type: 'CAME_BACK' };
