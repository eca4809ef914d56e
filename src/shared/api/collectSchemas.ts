import * as z from 'zod/mini';
import { serverId as id } from './fields';

/**
 * Collecting a study with an SMS code (issue 13): the answers of V1.0/Package (imagecode,
 * MachTextKeyWords, checkcollect, sendcode, collect, Notify), V1.0/Report (PatientPhone,
 * AuthenReport) and v2/ReportCheck (sendcode, authenpatientphone, GetReportList). The
 * specification names the calls only; these are the fields the screens need, and the sandbox
 * answers them `satisfies` these types.
 *
 * Two ways to say who you are, each with its own calls (collectCalls.ts picks them):
 * - national ID: Package/checkcollect, Package/sendcode, Package/collect;
 * - name and phone: Report/PatientPhone, v2/ReportCheck/sendcode, v2/ReportCheck/authenpatientphone.
 */

const text = z.string();
const count = z.int().check(z.nonnegative());

export const COLLECT_METHODS = ['nationalId', 'namePhone'] as const;
export type CollectMethod = (typeof COLLECT_METHODS)[number];

/** The sandbox's limits; the server is the authority and says them in each answer that matters. */
export const COLLECT_LIMITS = {
  codeLength: 6,
  /** An SMS code is good for five minutes. */
  codeTtlSeconds: 300,
  /** A new code may be asked for a minute after the last. */
  resendAfterSeconds: 60,
  /** Five wrong codes lock the mobile number for fifteen minutes, whatever verification they went to (issue 22). */
  maxWrongAttempts: 5,
  lockSeconds: 900,
  /** Five codes per verification at most. */
  maxSends: 5,
  /** An image code is good for two minutes and one answer. */
  captchaTtlSeconds: 120,
  /** What a passed verification lets you read, for a day. */
  passTtlSeconds: 86_400,
} as const;

/** Business status codes of the collect calls; each has its own message in the catalogue. */
export const COLLECT_CODES = {
  captchaWrong: 4001,
  captchaExpired: 4002,
  identityNotFound: 4003,
  /** Result: { attemptsLeft }. */
  codeWrong: 4004,
  codeExpired: 4005,
  /** Result: { retryAfterSeconds }. */
  tooManyAttempts: 4006,
  /** Result: { retryAfterSeconds }. */
  resendTooSoon: 4007,
  tooManySends: 4008,
  bagCodeUnknown: 4009,
  /** The verification is gone (never made, or a day old): start again. */
  verificationUnknown: 4010,
  /** A request without a valid study pass where one is needed. */
  passInvalid: 4011,
} as const;

/** GET V1.0/Package/imagecode: an image code as an SVG data URL. */
export const captchaSchema = z.object({
  captchaId: text,
  image: text,
  expiresInSeconds: count,
});
export type Captcha = z.infer<typeof captchaSchema>;

/**
 * GET V1.0/Package/MachTextKeyWords?text=<the film bag's code>&idCard= (or &name=&phone=)&captchaId=&captchaText=:
 * which study the bag holds, masked; only for the person whose study it is (issue 22), with the
 * image code answered for that person and bag (the identity check's).
 */
export const bagHintSchema = z.object({
  bagCode: text,
  hospitalName: text,
  studyDate: text,
  modality: text,
  studyDescription: text,
  /** 张* style: enough to recognise your own bag, not enough to learn a stranger's name. */
  patientNameMasked: text,
});
export type BagHint = z.infer<typeof bagHintSchema>;

/**
 * GET V1.0/Package/checkcollect?idCard= (and bagCode) or GET V1.0/Report/PatientPhone?name=&phone=
 * (and bagCode), each with captchaId and captchaText: the person has studies here; where the code will go.
 *
 * Issue 22: these lookups, the bag's hint and the sends need an image code; answered right, it
 * opens lookups of the same person (and bag) and the one send they lead to, for its two minutes.
 * Limits per client, per national ID, mobile number and film bag, and on the SMS per number,
 * refuse with HTTP 429 and the envelope's 429 with `{ retryAfterSeconds }` (envelope.ts).
 */
export const identityCheckSchema = z.object({
  phoneMasked: text,
  studyCount: count,
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

/**
 * POST V1.0/Package/sendcode { idCard, captchaId, captchaText, bagCode? } or POST
 * v2/ReportCheck/sendcode { name, phone, captchaId, captchaText, bagCode? }; a resend is
 * { verificationId } alone. The code went out.
 */
export const codeSentSchema = z.object({
  verificationId: text,
  phoneMasked: text,
  codeLength: z.int().check(z.positive()),
  expiresInSeconds: count,
  resendAfterSeconds: count,
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/**
 * POST V1.0/Package/collect { verificationId, code } or POST v2/ReportCheck/authenpatientphone
 * { verificationId, code }: the code was right. `pass` goes in the X-Study-Pass header from now
 * on. Signed in, the studies were also added to my films (`collected` of them new).
 */
export const verifiedSchema = z.object({
  pass: text,
  passExpiresAt: text,
  studyCount: count,
  collected: count,
  /** The study the film bag named, to open first; null without a bag code. */
  focusStudyId: z.nullable(id),
});
export type Verified = z.infer<typeof verifiedSchema>;


/** POST V1.0/Report/AuthenReport (with the pass): whose studies the pass opens (the checking page). */
export const passSummarySchema = z.object({
  scope: z.enum(['collect', 'share', 'experience']),
  patientNameMasked: text,
  hospitalName: text,
  studyCount: count,
  studyIds: z.array(id),
  expiresAt: text,
});
export type PassSummary = z.infer<typeof passSummarySchema>;

/** GET v2/ReportCheck/GetReportList?pageIndex&pageLength (with the pass): the verified person's studies. */
export const checkRowSchema = z.object({
  collectFilmId: id,
  studyDate: text,
  modality: text,
  studyDescription: text,
  bodyPart: z.nullish(text),
  hospitalName: text,
  /** 0 not written yet, 1 preliminary, 2 final. */
  reportStatus: z.int(),
  imageCount: z.optional(count),
  thumbnailUrl: z.nullish(text),
});
export type CheckRow = z.infer<typeof checkRowSchema>;

/**
 * POST V1.0/Package/Notify { collectFilmIds }: tells the hospital these studies were collected
 * electronically, so it need not print film for them. Fire and forget: the patient never waits on it.
 */
export const notifiedSchema = z.nullish(z.unknown());

export { STUDY_PASS_HEADER } from './passHeader';
