import type { CheckIdentityRequest, CollectProblem, Outcome, ResendCodeRequest, SendCodeRequest, VerifyRequest } from '../../../machines/collect/collect.types';
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

export const readBag = (api: ApiClient, bagCode: string, signal?: AbortSignal): Promise<Outcome<BagHint>> =>
  outcome(api.request(ENDPOINTS.package.MachTextKeyWords, { params: { text: bagCode }, schema: bagHintSchema, signal }));

export const loadCaptcha = (api: ApiClient, signal?: AbortSignal) => api.request(ENDPOINTS.package.imagecode, { schema: captchaSchema, signal });

const bag = (bagCode: string | null) => (bagCode ? { bagCode } : {});

/** National ID: Package/checkcollect; name and phone: Report/PatientPhone. */
export function checkIdentity(api: ApiClient, request: CheckIdentityRequest, signal?: AbortSignal) {
  const { fields } = request;
  return outcome(
    request.method === 'nationalId'
      ? api.request(ENDPOINTS.package.checkcollect, { params: { idCard: fields.idCard.trim(), ...bag(request.bagCode) }, schema: identityCheckSchema, signal })
      : api.request(ENDPOINTS.report.PatientPhone, { params: { name: fields.name.trim(), phone: fields.phone.trim(), ...bag(request.bagCode) }, schema: identityCheckSchema, signal }),
  );
}

/** National ID: Package/sendcode; name and phone: v2/ReportCheck/sendcode. */
export function sendCode(api: ApiClient, request: SendCodeRequest, signal?: AbortSignal): Promise<Outcome<CodeSent>> {
  const { fields } = request;
  const captcha = { captchaId: request.captchaId, captchaText: fields.captchaText.trim(), ...bag(request.bagCode) };
  return outcome(
    request.method === 'nationalId'
      ? api.request(ENDPOINTS.package.sendcode, { data: { idCard: fields.idCard.trim(), ...captcha }, schema: codeSentSchema, signal })
      : api.request(ENDPOINTS.reportCheck.sendcode, { data: { name: fields.name.trim(), phone: fields.phone.trim(), ...captcha }, schema: codeSentSchema, signal }),
  );
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

/** Tells the hospital the studies were collected electronically; nobody waits for it and a failure is only logged by the server. */
export function notifyCollected(api: ApiClient, collectFilmIds: readonly string[]): void {
  api.request(ENDPOINTS.package.Notify, { data: { collectFilmIds }, schema: notifiedSchema, background: true }).catch(() => {});
}

export const loadPassSummary = (api: ApiClient, signal?: AbortSignal) => api.request(ENDPOINTS.report.AuthenReport, { schema: passSummarySchema, signal });

export type { BagHint };
