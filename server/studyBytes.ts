import type { FastifyReply, FastifyRequest } from 'fastify';
import { carriesStudyPass } from './currentPatient';
import { ApiError } from './envelope';
import { carriesSignature, signedCacheControl } from './signedUrls';
import type { Grant } from './signedUrls';
import { grantReadsStudy, readableStudy } from './studyAccess';
import { collectNow } from './collect/clock';

/**
 * Every byte of a study outside the JSON API (issue 22): WADO objects and thumbnails, film sheets,
 * key images, printed reports. A request for them carries one of
 * - a URL signed for that study (server/signedUrls.ts) whose grant still reads it: what an `<img>`
 *   can carry. The answer may be kept privately until the URL expires;
 * - the patient's bearer token or a study pass, as the API takes them (server/studyAccess.ts):
 *   what the viewer's fetch sends. The answer is not kept at all.
 * Nothing else: no credential is 401, a credential that does not grant the study 403 (a forged,
 * altered or expired signature, a revoked share) or 404 (a token or pass for other studies, as the API says).
 */

/** What a signed URL of a study is signed for: the study's id, so it opens that study and nothing else. */
export function studyScope(studyId: number): string {
  return `study:${studyId}`;
}

/** A URL of the study's bytes, signed under the grant its caller read the study with. */
export function signStudyUrl(request: FastifyRequest, url: string, studyId: number, grant: Grant): string {
  return request.server.sandbox.signer.sign(url, studyScope(studyId), grant, collectNow());
}

export type StudyBytesVerdict = { ok: true; cacheControl: string } | { ok: false; status: 401 | 403 | 404 };

export const NO_STORE = 'private, no-store';

/** Whether the request carries any credential at all: a signature, a bearer token, a study pass. */
export function carriesCredential(request: FastifyRequest): boolean {
  return carriesSignature(request.url) || request.headers.authorization !== undefined || carriesStudyPass(request);
}

/**
 * May the request have bytes of study `studyId` (undefined: no such study)? A signature is checked
 * on `signedUrl`: the request's own URL, or the signed root it is under (a DICOMweb root signed for
 * the study, with the request's query).
 */
export async function authorizeStudyBytes(request: FastifyRequest, studyId: number | undefined, signedUrl: string = request.url): Promise<StudyBytesVerdict> {
  const { db, passes, signer } = request.server.sandbox;
  const now = collectNow();
  if (!carriesCredential(request)) return { ok: false, status: 401 };
  if (carriesSignature(request.url)) {
    if (studyId === undefined) return { ok: false, status: 403 };
    const check = signer.verify(signedUrl, studyScope(studyId), now);
    if (!check || !grantReadsStudy(db, passes, check.grant, studyId, now)) return { ok: false, status: 403 };
    return { ok: true, cacheControl: signedCacheControl(check, now) };
  }
  if (studyId === undefined) return { ok: false, status: 404 };
  try {
    await readableStudy(request, studyId);
    return { ok: true, cacheControl: NO_STORE };
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return { ok: false, status: 401 };
    if (error instanceof ApiError) return { ok: false, status: 404 };
    throw error;
  }
}

const REFUSALS = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' } as const;

/**
 * CORS for the app's own origins only (the sandbox's, and CF_APP_ORIGINS for a development server
 * elsewhere): they may send the bearer token and the study pass, and read the answer. No cookies.
 */
export function studyBytesCors(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin;
  const headers: Record<string, string> = { vary: 'Origin', 'cross-origin-resource-policy': 'same-site' };
  if (typeof origin === 'string' && request.server.sandbox.appOrigins.includes(origin)) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-expose-headers'] = 'content-length, content-type';
  }
  return headers;
}

/** The preflight of a cross-origin fetch with credentials in headers, for the app's origins only. */
export function answerStudyBytesPreflight(request: FastifyRequest, reply: FastifyReply) {
  const cors = studyBytesCors(request);
  if (!cors['access-control-allow-origin']) return reply.code(403).headers(cors).send();
  return reply
    .code(204)
    .headers({
      ...cors,
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'authorization, x-study-pass, x-family-member, accept',
      'access-control-max-age': '600',
    })
    .send();
}

/** The refusal as plain text, never kept, with the challenge a 401 owes (RFC 6750). */
export function refuseStudyBytes(request: FastifyRequest, reply: FastifyReply, status: 401 | 403 | 404) {
  const headers: Record<string, string> = { ...studyBytesCors(request), 'cache-control': NO_STORE };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  return reply.code(status).headers(headers).type('text/plain; charset=utf-8').send(REFUSALS[status]);
}
