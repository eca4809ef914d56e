import type { EmailOutcome, PackageFormat } from '../../../machines/packageTask/packageTask.types';
import type { ApiClient } from '../../shared/api/client';
import {
  DOWNLOAD_CODES,
  DOWNLOAD_TOKEN_HEADER,
  downloadLinkSchema,
  downloadRecordSchema,
  emailSavedSchema,
  emailSentSchema,
  existingTaskSchema,
  packageTaskSchema,
  type DownloadLink,
  type PackageTask,
} from '../../shared/api/downloadSchemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';
import { pageSchema } from '../../shared/api/schemas';

/** The business status code of a refusal, or null when the call got no answer (or a non-business one). */
const refusalCode = (error: unknown): number | null => businessFailure(error)?.statusCode ?? null;

/** The study's newest unexpired package, or null when it has none yet. */
export const findTask = (api: ApiClient, collectFilmId: string, signal?: AbortSignal): Promise<PackageTask | null> =>
  api.request(ENDPOINTS.filmDown.ExeitPackageTask, { params: { collectFilmId }, schema: existingTaskSchema, signal });

export const addTask = (api: ApiClient, request: { collectFilmId: string; format: PackageFormat; desensitize: boolean }, signal?: AbortSignal): Promise<PackageTask> =>
  api.request(ENDPOINTS.filmDown.AddPackageTask, { data: request, schema: packageTaskSchema, signal });

export const queryTask = (api: ApiClient, taskId: string, signal?: AbortSignal): Promise<PackageTask> =>
  api.request(ENDPOINTS.filmDown.QueryPackageTask, { params: { taskId }, schema: packageTaskSchema, signal });

/** Packs again with the other choice (or answers the package of that choice that exists). */
export const updateDesensitize = (api: ApiClient, request: { taskId: string; desensitize: boolean }, signal?: AbortSignal): Promise<PackageTask> =>
  api.request(ENDPOINTS.filmDown.UpdateDesensitize, { data: request, schema: packageTaskSchema, signal });

/** The link to pass on (the downloadLink page). */
export const copyLink = (api: ApiClient, taskId: string, signal?: AbortSignal): Promise<DownloadLink> =>
  api.request(ENDPOINTS.filmDown.CopyDownUrl, { params: { taskId }, schema: downloadLinkSchema, signal });

/**
 * E-mails the download link: keeps the address first (UpdateEmail, signed-in patients only: a
 * study pass may send but has no account to keep it in), then SendEmail. The server's e-mail rule
 * (4203) is `invalidEmail`, any other refusal `refused`; no answer rejects (the chart's `offline`).
 */
export async function sendEmail(
  api: ApiClient,
  request: { taskId: string; email: string; keepAddress: boolean },
  signal?: AbortSignal,
): Promise<EmailOutcome> {
  try {
    if (request.keepAddress) await api.request(ENDPOINTS.filmDown.UpdateEmail, { data: { email: request.email }, schema: emailSavedSchema, signal });
    const sent = await api.request(ENDPOINTS.filmDown.SendEmail, { data: { taskId: request.taskId, email: request.email }, schema: emailSentSchema, signal });
    return { ok: true, email: sent.email, sentAt: sent.sentAt };
  } catch (error) {
    const code = refusalCode(error);
    if (code === null) throw error;
    return { ok: false, problem: code === DOWNLOAD_CODES.emailInvalid ? 'invalidEmail' : 'refused' };
  }
}

/** What the holder of a download link finds: the package, or that the link expired or never existed. */
export type Received = { kind: 'task'; task: PackageTask } | { kind: 'expired' } | { kind: 'unknown' };

/**
 * QueryPackageTask with the link's token in its header (never in a URL): 4202 is an expired link,
 * 4201 an unknown one; anything else fails the load.
 */
export async function loadReceived(api: ApiClient, token: string, signal?: AbortSignal): Promise<Received> {
  if (!token) return { kind: 'unknown' };
  try {
    const headers = { [DOWNLOAD_TOKEN_HEADER]: token };
    return { kind: 'task', task: await api.request(ENDPOINTS.filmDown.QueryPackageTask, { headers, schema: packageTaskSchema, signal }) };
  } catch (error) {
    const code = refusalCode(error);
    if (code === DOWNLOAD_CODES.linkExpired) return { kind: 'expired' };
    if (code === DOWNLOAD_CODES.taskNotFound) return { kind: 'unknown' };
    throw error;
  }
}

export const downloadRecordPage = pageSchema(downloadRecordSchema);

/** One page of the download records, newest first. */
export const loadRecords = (api: ApiClient, page: { page: number; pageSize: number }, signal?: AbortSignal) =>
  api.request(ENDPOINTS.filmDown.FilmDownRecord, { params: { pageIndex: page.page, pageLength: page.pageSize }, schema: downloadRecordPage, signal });
