import type { ActionAnswer } from '../../../machines/confirmedAction/confirmedAction.types';
import type { CreateOutcome, ShareDays } from '../../../machines/share/share.types';
import type { OpenOutcome, PreviewOutcome, ShareRefusal } from '../../../machines/shareOpen/shareOpen.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { attemptsLeftSchema, pageSchema, retryAfterSchema } from '../../shared/api/schemas';
import { businessFailure } from '../../shared/api/failure';
import { actionAnswer } from '../../shared/api/actionAnswer';
import {
  revokedSchema,
  SHARE_CODES,
  shareLogSchema,
  shareNotifySchema,
  shareOpenedSchema,
  sharePreviewSchema,
  shareSchema,
  type Share,
  type ShareLog,
  type ShareOpened,
  type SharePreview,
} from '../../shared/api/shareSchemas';
import { RATE_LIMITED_STATUS_CODE } from '../../shared/api/envelope';

export const sharePage = pageSchema(shareSchema);

/** The share refusals the code page says plainly (shareSchemas.ts has the codes). */
const REFUSAL_OF_CODE: Readonly<Record<number, ShareRefusal>> = {
  [SHARE_CODES.notFound]: 'notFound',
  [SHARE_CODES.expired]: 'expired',
  [SHARE_CODES.revoked]: 'revoked',
};


/** POST V1.0/Share/create: the new share, or `{ ok: false }` when the server refuses (the study is not the patient's to share). */
export async function createShare(api: ApiClient, request: { collectFilmId: string; days: ShareDays }, signal?: AbortSignal): Promise<CreateOutcome> {
  try {
    const share: Share = await api.request(ENDPOINTS.share.create, { data: { collectFilmId: request.collectFilmId, days: request.days }, schema: shareSchema, signal });
    return { ok: true, share };
  } catch (error) {
    if (businessFailure(error)) return { ok: false };
    throw error;
  }
}

export const loadSharePage = (api: ApiClient, params: { pageIndex: number; pageLength: number }, signal?: AbortSignal) =>
  api.request(ENDPOINTS.share.list, { params, schema: sharePage, signal });

/** POST V1.0/Share/revoke { shareId }: done, or refused with the server's message. */
export const revokeShare = (api: ApiClient, shareId: string): Promise<ActionAnswer> =>
  actionAnswer(api.request(ENDPOINTS.share.revoke, { data: { shareId }, schema: revokedSchema }));

/** GET V1.0/Share/info?code=: whose share and until when, or why it cannot be opened. */
export async function previewShare(api: ApiClient, code: string, signal?: AbortSignal): Promise<PreviewOutcome> {
  try {
    const preview: SharePreview = await api.request(ENDPOINTS.share.info, { params: { code }, schema: sharePreviewSchema, signal });
    return { ok: true, preview };
  } catch (error) {
    const refusal = REFUSAL_OF_CODE[businessFailure(error)?.statusCode ?? 0];
    if (refusal) return { ok: false, refusal };
    throw error;
  }
}

/**
 * GET V1.0/Share/info?code=&accessCode=: the shared study with a read-only pass; a wrong code with
 * the tries left, a lock with its wait, or a refusal (expired or revoked since the page opened).
 * Anything else is no answer: the form says so and the patient may try again.
 */
export async function openShare(api: ApiClient, request: { code: string; accessCode: string }, signal?: AbortSignal): Promise<OpenOutcome> {
  try {
    const opened: ShareOpened = await api.request(ENDPOINTS.share.info, { params: { code: request.code, accessCode: request.accessCode }, schema: shareOpenedSchema, signal });
    return { ok: true, opened };
  } catch (error) {
    const failure = businessFailure(error);
    if (!failure) throw error;
    const refusal = REFUSAL_OF_CODE[failure.statusCode];
    if (refusal) return { ok: false, refusal };
    if (failure.statusCode === SHARE_CODES.accessCodeWrong) {
      const result = attemptsLeftSchema.safeParse(failure.result);
      return { ok: false, problem: 'codeWrong', attemptsLeft: result.success ? result.data.attemptsLeft : 0 };
    }
    // The share's own lock, or the limit on one client's misses across shares (429): the same wait to the patient.
    if (failure.statusCode === SHARE_CODES.tooManyAttempts || failure.statusCode === RATE_LIMITED_STATUS_CODE) {
      const result = retryAfterSchema.safeParse(failure.result);
      return { ok: false, locked: true, retryAfterSeconds: result.success ? result.data.retryAfterSeconds : 600 };
    }
    throw error;
  }
}

/** What the share log panel shows: the log, or that the share is not the patient's (or gone). */
export type ShareLogAnswer = { found: true; log: ShareLog } | { found: false };

/** GET V1.0/ShareLog/detail?shareId=: who opened the share (issue 27 §4). */
export async function loadShareLog(api: ApiClient, { shareId }: { shareId: string }, signal?: AbortSignal): Promise<ShareLogAnswer> {
  try {
    return { found: true, log: await api.request(ENDPOINTS.shareLog.detail, { params: { shareId }, schema: shareLogSchema, signal }) };
  } catch (error) {
    if (businessFailure(error)?.statusCode === SHARE_CODES.notFound) return { found: false };
    throw error;
  }
}

/** POST V1.0/ShareLog/notify { shareId, notify }: the owner is told of openings, or no longer. */
export const setShareNotify = (api: ApiClient, shareId: string, notify: boolean): Promise<ActionAnswer> =>
  actionAnswer(api.request(ENDPOINTS.shareLog.notify, { data: { shareId, notify }, schema: shareNotifySchema }));
