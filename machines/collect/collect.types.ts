/**
 * Collecting a study with an SMS code (issue 13: newCheck, verification, addFilm). The patient
 * says who they are (national ID, or name and phone), answers an image code, receives an SMS
 * code and types it; the server then lets them read their studies (a study pass) and, signed in,
 * adds them to my films. The calls answer outcomes, never throw for a refusal: the wiring turns
 * the server's codes into the problems below, and the form says each one plainly.
 *
 * Issue 22: every lookup (the identity check, the film bag's hint, the send) carries the image
 * code answered for what was typed; the server lets one answered code open those lookups of the
 * same person (and bag) and the one SMS they lead to. The bag's hint is asked for only once the
 * identity check passed, and shown from then on (on the code page too).
 */

export type CollectMethod = 'nationalId' | 'namePhone';

/** Everything that can stop the patient, each with its own sentence in the message catalogue. */
export type CollectProblem =
  // The form, checked before anything is sent (src/features/collect/collectForm.ts).
  | 'invalidId'
  | 'invalidName'
  | 'invalidPhone'
  | 'captchaMissing'
  | 'codeIncomplete'
  // The server's refusals.
  | 'captchaWrong'
  | 'captchaExpired'
  | 'identityNotFound'
  | 'bagUnknown'
  | 'codeWrong'
  | 'codeExpired'
  | 'tooManyAttempts'
  | 'resendTooSoon'
  | 'tooManySends'
  | 'verificationGone'
  /** Adding a family member (issue 27 §2): the person proved is the patient, or already in their family. */
  | 'familySelf'
  | 'familyAlready'
  /** A limit per client, person or number: try again after `retryAfterSeconds`. */
  | 'rateLimited'
  // No answer.
  | 'offline';

export type FormProblem = Extract<CollectProblem, 'invalidId' | 'invalidName' | 'invalidPhone' | 'captchaMissing' | 'codeIncomplete'>;

/** What a call came back with: its value, or the server's refusal as a problem. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: CollectProblem; attemptsLeft?: number; retryAfterSeconds?: number };

export interface CollectFields {
  idCard: string;
  name: string;
  phone: string;
  captchaText: string;
}
export type CollectField = keyof CollectFields;

export interface CaptchaLike {
  captchaId: string;
  image: string;
}

export interface BagLike {
  bagCode: string;
}

export interface CodeSentLike {
  verificationId: string;
  phoneMasked: string;
  codeLength: number;
  resendAfterSeconds: number;
}

export interface VerifiedLike {
  pass: string;
  focusStudyId: string | null;
  collected: number;
  studyCount: number;
}

/** What is kept as a draft across a reload, a 401 and the move from newCheck to verification. */
export interface CollectDraft {
  method: CollectMethod;
  fields: CollectFields;
  bagCode: string | null;
  /** The film bag's hint, once the identity check let it be read. */
  bag: BagLike | null;
  sent: CodeSentLike | null;
  code: string;
}

export interface CollectInput {
  /** Which page the patient is on: newCheck (and addFilm) start by identifying; verification goes on with a code sent. */
  step: 'identify' | 'verify';
  draft: CollectDraft;
}

export interface CollectContext extends CollectDraft {
  step: CollectInput['step'];
  captcha: CaptchaLike | null;
  problem: CollectProblem | null;
  attemptsLeft: number | null;
  retryAfterSeconds: number | null;
  /** The wait before another code when a refused resend said one; null: the code sent's. */
  resendWaitSeconds: number | null;
  verified: VerifiedLike | null;
}

/** A lookup of who was typed (and their film bag), with the image code answered for it (`fields.captchaText`). */
export interface LookupRequest {
  method: CollectMethod;
  fields: CollectFields;
  captchaId: string;
  bagCode: string | null;
}

/** The identity check, and the send: the same lookup, so one answered image code opens both. */
export type CheckIdentityRequest = LookupRequest;
export type SendCodeRequest = LookupRequest;
/** The film bag's hint: the same lookup, with the bag. */
export type ReadBagRequest = LookupRequest & { bagCode: string };

/** Another code for the same verification: no image code needed. */
export interface ResendCodeRequest {
  method: CollectMethod;
  verificationId: string;
}

export interface VerifyRequest {
  method: CollectMethod;
  verificationId: string;
  code: string;
}

export type CollectEvent =
  | { type: 'CHOOSE_METHOD'; method: CollectMethod }
  | { type: 'EDIT'; field: CollectField; value: string }
  | { type: 'NEW_CAPTCHA' }
  /** "Get the code": `problem` is what the form's rules found, null when it may go. */
  | { type: 'SEND'; problem: FormProblem | null }
  | { type: 'ENTER_CODE'; code: string }
  | { type: 'SUBMIT'; problem: FormProblem | null }
  | { type: 'RESEND' }
  /** Back to the form: the fields stay, a new image code is fetched. */
  | { type: 'START_OVER' }
  | { type: 'RETRY' };

export const emptyDraft = (bagCode: string | null = null): CollectDraft => ({
  method: 'nationalId',
  fields: { idCard: '', name: '', phone: '', captchaText: '' },
  bagCode,
  bag: null,
  sent: null,
  code: '',
});
