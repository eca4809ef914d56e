import type { CaptchaLike, CollectProblem, LookupRequest, Outcome, ReadBagRequest, ResendCodeRequest, VerifiedLike, VerifyRequest } from '../../../machines/collect/collect.types';
import { FAMILY_CODES, familyAddedSchema, type FamilyRelation } from '../../shared/api/familySchemas';
import type { ApiClient } from '../../shared/api/client';
import {
  bagHintSchema,
  captchaSchema,
  codeSentSchema,
  COLLECT_CODES,
  identityCheckSchema,
  notifiedSchema,
  passSummarySchema,
  verifiedSchema,
  type BagHint,
  type CodeSent,
  type Verified,
} from '../../shared/api/collectSchemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { RATE_LIMITED_STATUS_CODE } from '../../shared/api/envelope';
import { businessFailure } from '../../shared/api/failure';
import { attemptsLeftSchema, retryAfterSchema } from '../../shared/api/schemas';

/** Each server refusal of the collect calls as the problem the form says (collectSchemas.ts has the codes). */
const PROBLEM_OF_CODE: Readonly<Record<number, CollectProblem>> = {
  [COLLECT_CODES.captchaWrong]: 'captchaWrong',
  [COLLECT_CODES.captchaExpired]: 'captchaExpired',
  [COLLECT_CODES.identityNotFound]: 'identityNotFound',
  [COLLECT_CODES.codeWrong]: 'codeWrong',
  [COLLECT_CODES.codeExpired]: 'codeExpired',
  [COLLECT_CODES.tooManyAttempts]: 'tooManyAttempts',
  [COLLECT_CODES.resendTooSoon]: 'resendTooSoon',
  [COLLECT_CODES.tooManySends]: 'tooManySends',
  [COLLECT_CODES.bagCodeUnknown]: 'bagUnknown',
  [COLLECT_CODES.verificationUnknown]: 'verificationGone',
  [COLLECT_CODES.passInvalid]: 'verificationGone',
  [RATE_LIMITED_STATUS_CODE]: 'rateLimited',
  [FAMILY_CODES.isSelf]: 'familySelf',
  [FAMILY_CODES.already]: 'familyAlready',
};

/** A call's answer as an outcome: a known refusal is a problem; no answer or an unknown refusal is `offline`. */
async function outcome<T>(call: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    const refusal = businessFailure(error);
    if (!refusal) return { ok: false, problem: 'offline' };
    const problem = PROBLEM_OF_CODE[refusal.statusCode] ?? 'offline';
    const attempts = attemptsLeftSchema.safeParse(refusal.result);
    const wait = retryAfterSchema.safeParse(refusal.result);
    return {
      ok: false,
      problem,
      ...(attempts.success && { attemptsLeft: attempts.data.attemptsLeft }),
      ...(wait.success && { retryAfterSeconds: wait.data.retryAfterSeconds }),
    };
  }
}

/** Who was typed, by the method chosen. */
function identityOf({ method, fields }: LookupRequest): Record<string, string> {
  return method === 'nationalId' ? { idCard: fields.idCard.trim() } : { name: fields.name.trim(), phone: fields.phone.trim() };
}

/** The image code answered for what was typed: every lookup carries it. */
const captchaOf = (request: LookupRequest) => ({ captchaId: request.captchaId, captchaText: request.fields.captchaText.trim() });

const bag = (bagCode: string | null) => (bagCode ? { bagCode } : {});

/** Who was typed, their image code and film bag: the same for the identity check and the send, so one answered code opens both. */
const lookupParams = (request: LookupRequest) => ({ ...identityOf(request), ...captchaOf(request), ...bag(request.bagCode) });

export const loadCaptcha = (api: ApiClient, signal?: AbortSignal): Promise<Outcome<CaptchaLike>> =>
  outcome(api.request(ENDPOINTS.package.imagecode, { schema: captchaSchema, signal }));

/** National ID: Package/checkcollect; name and phone: Report/PatientPhone. */
export function checkIdentity(api: ApiClient, request: LookupRequest, signal?: AbortSignal) {
  const endpoint = request.method === 'nationalId' ? ENDPOINTS.package.checkcollect : ENDPOINTS.report.PatientPhone;
  return outcome(api.request(endpoint, { params: lookupParams(request), schema: identityCheckSchema, signal }));
}

/** The film bag's study, for the person the identity check found (Package/MachTextKeyWords takes the bag's code as `text`). */
export function readBag(api: ApiClient, request: ReadBagRequest, signal?: AbortSignal): Promise<Outcome<BagHint>> {
  const params = { text: request.bagCode, ...identityOf(request), ...captchaOf(request) };
  return outcome(api.request(ENDPOINTS.package.MachTextKeyWords, { params, schema: bagHintSchema, signal }));
}

/** National ID: Package/sendcode; name and phone: v2/ReportCheck/sendcode. */
export function sendCode(api: ApiClient, request: LookupRequest, signal?: AbortSignal): Promise<Outcome<CodeSent>> {
  const endpoint = request.method === 'nationalId' ? ENDPOINTS.package.sendcode : ENDPOINTS.reportCheck.sendcode;
  return outcome(api.request(endpoint, { data: lookupParams(request), schema: codeSentSchema, signal }));
}

export function resendCode(api: ApiClient, request: ResendCodeRequest, signal?: AbortSignal): Promise<Outcome<CodeSent>> {
  const endpoint = request.method === 'nationalId' ? ENDPOINTS.package.sendcode : ENDPOINTS.reportCheck.sendcode;
  return outcome(api.request(endpoint, { data: { verificationId: request.verificationId }, schema: codeSentSchema, signal }));
}

/** National ID: Package/collect; name and phone: v2/ReportCheck/authenpatientphone. */
export function verifyCode(api: ApiClient, request: VerifyRequest, signal?: AbortSignal): Promise<Outcome<Verified>> {
  const endpoint = request.method === 'nationalId' ? ENDPOINTS.package.collect : ENDPOINTS.reportCheck.authenpatientphone;
  return outcome(api.request(endpoint, { data: { verificationId: request.verificationId, code: request.code }, schema: verifiedSchema, signal }));
}

/**
 * Family mode (issue 27 §2): the right code adds the person proved to the patient's family (POST
 * V1.0/Family/add) instead of collecting their studies. The chart's answer carries no pass and
 * collects nothing: the person is the patient's to act for from now on.
 */
export async function addFamilyMember(api: ApiClient, request: VerifyRequest & { relation: FamilyRelation }, signal?: AbortSignal): Promise<Outcome<VerifiedLike>> {
  const added = await outcome(api.request(ENDPOINTS.family.add, { data: { verificationId: request.verificationId, code: request.code, relation: request.relation }, schema: familyAddedSchema, signal }));
  return added.ok ? { ok: true, value: { pass: '', focusStudyId: null, collected: 0, studyCount: 0 } } : added;
}

/** Tells the hospital the studies were collected electronically; nobody waits for it and a failure is only logged by the server. */
export function notifyCollected(api: ApiClient, collectFilmIds: readonly string[]): void {
  api.request(ENDPOINTS.package.Notify, { data: { collectFilmIds }, schema: notifiedSchema, background: true }).catch(() => {});
}

export const loadPassSummary = (api: ApiClient, signal?: AbortSignal) => api.request(ENDPOINTS.report.AuthenReport, { schema: passSummarySchema, signal });

export type { BagHint };
