import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * A real archive in front of which the sandbox stands (issue 25): `CF_PACS_URL` names it, e.g.
 * `http://orthanc:orthanc@pacs:8042`. The userinfo is the archive's own basic-auth credential: the
 * sandbox sends it to the archive and never to a browser. The archive speaks DICOMweb at
 * `<url>/dicom-web` and WADO-URI at `<url>/wado` (Orthanc's defaults; any PACS with those paths).
 */
export interface PacsArchive {
  /** The archive's address without its credential, ending in `/`: what the runtime configuration names. */
  url: string;
  /** The archive's DICOMweb root, e.g. `http://pacs:8042/dicom-web`. */
  dicomWebRoot: string;
  /** The archive's WADO-URI address, e.g. `http://pacs:8042/wado`. */
  wadoUrl: string;
  /** The Authorization header the archive wants, if its URL carries a credential. */
  authorization: string | undefined;
}

/** The same-origin prefix the sandbox forwards to the archive. */
export const PACS_ROUTE = '/archives/pacs/';
/** Which archive the archive_studies table names for it. */
export const PACS_ARCHIVE_KEY = 'pacs';

/** The archive `CF_PACS_URL` names, or undefined without one; a URL that is not http(s) fails the start. */
export function pacsArchiveOf(env: NodeJS.ProcessEnv): PacsArchive | undefined {
  const value = env.CF_PACS_URL?.trim();
  if (!value) return undefined;
  if (!URL.canParse(value)) throw new Error('CF_PACS_URL must be an http(s) URL, e.g. http://user:pass@pacs:8042');
  const parsed = new URL(value);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('CF_PACS_URL must be an http(s) URL, e.g. http://user:pass@pacs:8042');
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  const url = parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
  return {
    url,
    dicomWebRoot: new URL('dicom-web', url).href,
    wadoUrl: new URL('wado', url).href,
    authorization: user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined,
  };
}

/** The imageArchives entry of the archive `CF_PACS_URL` names (shared plan, interface 5): its address without the credential, routed through the proxy. */
export function pacsImageArchives(env: NodeJS.ProcessEnv = process.env): { url: string; route: string; credential: 'session' }[] {
  const pacs = pacsArchiveOf(env);
  return pacs ? [{ url: pacs.url, route: PACS_ROUTE, credential: 'session' }] : [];
}

/** How long the sandbox waits for the archive's answer to begin. */
const ARCHIVE_TIMEOUT_MS = 15_000;

/**
 * One GET to the archive at `path` (relative to its URL, query included) with its credential and
 * the given headers; the answer unread, for the caller to stream or read. No redirect is followed.
 */
export function archiveGet(pacs: PacsArchive, path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<IncomingMessage> {
  const target = new URL(path, pacs.url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(target, {
      method: 'GET',
      headers: { ...headers, ...(pacs.authorization ? { authorization: pacs.authorization } : {}) },
      timeout: ARCHIVE_TIMEOUT_MS,
      signal,
    });
    outgoing.once('response', resolve);
    outgoing.once('timeout', () => outgoing.destroy(new Error(`archive: no answer from ${target.origin} in ${ARCHIVE_TIMEOUT_MS} ms`)));
    outgoing.once('error', reject);
    outgoing.end();
  });
}

async function readAll(answer: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A DICOM JSON dataset (PS3.18 F.2): tag to `{ vr, Value }`. */
export type DicomJson = Record<string, { vr?: string; Value?: unknown[] } | undefined>;

/** A QIDO-RS search at `path` under the DICOMweb root: the matches, or an Error naming the archive's status. */
export async function qido(pacs: PacsArchive, path: string): Promise<DicomJson[]> {
  const answer = await archiveGet(pacs, `dicom-web/${path}`, { accept: 'application/dicom+json' });
  const body = await readAll(answer);
  // Nothing found: no content, or (Orthanc, for a study it no longer has) not found.
  if (answer.statusCode === 204 || answer.statusCode === 404) return [];
  if (answer.statusCode !== 200) throw new Error(`archive: QIDO ${path} answered ${answer.statusCode}`);
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (!Array.isArray(parsed)) throw new Error(`archive: QIDO ${path} answered no list`);
  return parsed as DicomJson[];
}

/** A dataset's first value of `tag` as text ('' when absent); a person name's alphabetic form. */
export function textOf(dataset: DicomJson, tag: string): string {
  const value = dataset[tag]?.Value?.[0];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'Alphabetic' in value && typeof value.Alphabetic === 'string') return value.Alphabetic.trim();
  return '';
}

/** A dataset's first value of `tag` as a whole number, or the fallback. */
export function numberOf(dataset: DicomJson, tag: string, fallback: number): number {
  const value = Number(textOf(dataset, tag));
  return Number.isInteger(value) && textOf(dataset, tag) !== '' ? value : fallback;
}
