/**
 * diagnose (issue 14, online consultation): the hospital's consultation page for this patient (and
 * study), opened only when its origin is allowed, and only after the patient, told what the address
 * sends and to whom, continues (issue 24 §11); back from it, the patient is asked before it opens again.
 */

/**
 * What opening the consultation address sends to the service, read from that address itself
 * (issue 24 §11): the patient is told this, and to whom, before leaving. Null where the address
 * does not carry it.
 */
export interface ConsultationSends {
  /** The site that receives it: the address's host. */
  site: string;
  /** The patient's name as the address carries it (masked by the hospital: 张*). */
  patientName: string | null;
  hospital: string | null;
  /** The study, when the consultation is about one. */
  study: { modality: string | null; description: string | null; date: string | null; number: string | null } | null;
  /** Any other parameter of the address, by name: sent too, though the app cannot say what it holds. */
  other: readonly string[];
}

/**
 * Where the consultation service's answer leads: its page (an allowed origin), a refusal naming the
 * address's origin (null when it is not an address at all), the hospital not offering it (4701),
 * or the server's own refusal in its words. No answer at all is a failed call (offline).
 */
export type ConsultationJump =
  | { kind: 'go'; url: string; sends: ConsultationSends }
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
  /** Open the consultation (again): what it sends is said first. */
  | { type: 'OPEN_AGAIN' }
  /** Told what is sent and to whom: go. */
  | { type: 'CONFIRM' }
  /** Told what is sent and to whom: stay, nothing sent. */
  | { type: 'CANCEL' }
  /** The page shows again after the consultation page (restored by the browser as it was). */
  | { type: 'CAME_BACK' };
