import type { FastifyRequest } from 'fastify';
import { authorizeStudyBytes } from '../studyBytes';
import type { StudyBytesVerdict } from '../studyBytes';
import { archiveStudyId } from './pacsStudies';

/**
 * Which study a request to the archive reads, from its address alone, and what is forwarded: the
 * one rule the sandbox's proxy and its `auth_request` check (docs/deploy.md) share. Only reads of
 * one named study pass: WADO-RS under `dicom-web/studies/{uid}` and WADO-URI `wado?studyUID=`;
 * a search across studies (a bare QIDO `studies`), any other path, an encoded character, a
 * repeated or unknown query parameter is refused before anything reaches the archive.
 */

/** A DICOM UID (PS3.5 9.1). */
const UID = '[0-9]+(?:\\.[0-9]+)*';
const FRAMES = 'frames/[0-9]+(?:,[0-9]+)*';
const RENDERED = '(?:/(?:rendered|thumbnail))?';
/** WADO-RS (and QIDO-RS inside one study): study, series, instance, frames, metadata, rendered. */
const DICOMWEB_PATH = new RegExp(
  `^dicom-web/studies/(${UID})(?:/metadata|/series|${RENDERED}|/series/${UID}(?:/metadata|/instances|${RENDERED}|/instances/${UID}(?:/metadata|${RENDERED}|/${FRAMES}${RENDERED})?)?)?$`,
);
/** PS3.18 WADO-RS query parameters of a rendered resource; nothing else is forwarded. */
const DICOMWEB_PARAMETERS = new Set(['quality', 'viewport', 'window']);
/** PS3.18 WADO-URI parameters (Table 6.2-1 and 6.3-1). */
const WADO_PARAMETERS = new Set([
  'requestType', 'studyUID', 'seriesUID', 'objectUID', 'contentType', 'charset', 'anonymize', 'annotation', 'rows', 'columns',
  'region', 'windowCenter', 'windowWidth', 'frameNumber', 'imageQuality', 'presentationUID', 'presentationSeriesUID', 'transferSyntax',
]);
/** A signed URL's own parameters (server/signedUrls.ts): checked here, never forwarded. */
const SIGNATURE_PARAMETERS = new Set(['exp', 'grant', 'sig']);
const UID_PATTERN = new RegExp(`^${UID}$`);

export type ArchiveRequest =
  | { ok: true; studyUid: string; /** The path and query to ask the archive for, relative to its URL. */ forward: string }
  | { ok: false; status: 400 | 404 };

/**
 * Reads `rest`, the part of the address after the archive's prefix (`dicom-web/...` or
 * `wado?...`, query included, as the client sent it).
 */
export function readArchiveRequest(rest: string): ArchiveRequest {
  const at = rest.indexOf('?');
  const path = at === -1 ? rest : rest.slice(0, at);
  const query = at === -1 ? '' : rest.slice(at + 1);
  // Only plain characters: no percent-encoding (an encoded slash or dot), no backslash, no `..`.
  if (!/^[A-Za-z0-9./,-]*$/.test(path) || path.split('/').some((part) => part === '..' || part === '.')) return { ok: false, status: 400 };
  const parameters = readQuery(query);
  if (!parameters) return { ok: false, status: 400 };
  if (path === 'wado') {
    const forwarded = parameters.filter(([name]) => !SIGNATURE_PARAMETERS.has(name));
    if (forwarded.some(([name]) => !WADO_PARAMETERS.has(name))) return { ok: false, status: 400 };
    const studyUid = forwarded.find(([name]) => name === 'studyUID')?.[1];
    if (!studyUid || !UID_PATTERN.test(studyUid)) return { ok: false, status: 400 };
    return { ok: true, studyUid, forward: `wado?${queryOf(forwarded)}` };
  }
  const studyUid = DICOMWEB_PATH.exec(path)?.[1];
  if (studyUid === undefined) return { ok: false, status: path.startsWith('dicom-web/') || path === 'dicom-web' ? 400 : 404 };
  const forwarded = parameters.filter(([name]) => !SIGNATURE_PARAMETERS.has(name));
  if (forwarded.some(([name]) => !DICOMWEB_PARAMETERS.has(name))) return { ok: false, status: 400 };
  return { ok: true, studyUid, forward: forwarded.length === 0 ? path : `${path}?${queryOf(forwarded)}` };
}

/**
 * The query as the archive is sent it: each value decoded once and written again with `/` and `,`
 * as they are. Archives match WADO-URI's `contentType=application/dicom` literally (Orthanc answers
 * 400 to `application%2Fdicom`, issue 25), so a client's encoded form is passed on plain.
 */
function queryOf(parameters: [string, string][]): string {
  return parameters.map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%2F', '/').replaceAll('%2C', ',')}`).join('&');
}

/** The query's parameters, each name at most once; null for a repeated name (which value would the archive take?). */
function readQuery(query: string): [string, string][] | null {
  const parameters = [...new URLSearchParams(query).entries()];
  const names = new Set(parameters.map(([name]) => name));
  return names.size === parameters.length ? parameters : null;
}

/**
 * May this request read what `rest` asks of the archive? The patient's study credential, by the
 * rules of every study byte (server/studyBytes.ts): a bearer token or study pass for that study,
 * or a URL signed for it (checked on `signedUrl`: the request's own, or the address an `auth_request` asks about). A study the archive does not hold for the sandbox is not found.
 */
export async function authorizeArchiveRequest(request: FastifyRequest, asked: ArchiveRequest & { ok: true }, signedUrl: string = request.url): Promise<StudyBytesVerdict> {
  return authorizeStudyBytes(request, archiveStudyId(request.server.sandbox.db, asked.studyUid), signedUrl);
}
