import type { DicomArchive } from './archive';

/**
 * WADO-URI (DICOM PS3.18 chapter 9, "URI service"): `?requestType=WADO&studyUID=&seriesUID=
 * &objectUID=` with `contentType=application/dicom` (the Part 10 file, as stored) or `image/jpeg`
 * (the default; `rows`, `columns` and `frameNumber` apply). Shared by the sandbox's route and the
 * plain WADO server, so both answer alike.
 *
 * Who may ask is the route's business: the sandbox's route (routes/wado.ts) asks a credential for
 * the study and says how the answer may be kept (an `AnswerPolicy`); the plain WADO server
 * (plainWado.ts) stands for a hospital archive that asks nothing and answers anyone.
 *
 * Test-only (when the archive has faults on): `fault=500` answers 500, `fault=hang` never answers
 * (until the client gives up or the server closes), for any object.
 */

export type WadoAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: Uint8Array | string }
  | { kind: 'hang' };

/** The headers every answer carries (CORS), and how long an object may be kept. */
export interface AnswerPolicy {
  headers: Readonly<Record<string, string>>;
  cacheControl: string;
}

const UID = /^[0-9]+(\.[0-9]+)*$/;
const MAX_SIZE = 4096;
const DICOM = 'application/dicom';
const JPEG = 'image/jpeg';

/** CORS for any origin, without credentials: an open archive, which the viewer may reach from another origin. */
export const WADO_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-length, content-type',
  // Helmet says same-origin by default, which would stop a cross-origin <img> thumbnail.
  'cross-origin-resource-policy': 'cross-origin',
} as const;

/** An open archive's policy (plainWado.ts): anyone, and an object never changes under its UIDs. */
export const OPEN_ARCHIVE_POLICY: AnswerPolicy = { headers: WADO_CORS_HEADERS, cacheControl: 'public, max-age=31536000, immutable' };

/** A DICOM UID: digits in dot-separated parts, at most 64 characters. */
export function isUid(value: string): boolean {
  return value.length <= 64 && UID.test(value);
}

function problem(policy: AnswerPolicy, status: number, message: string): WadoAnswer {
  return { kind: 'answer', status, headers: { ...policy.headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: message };
}

function object(policy: AnswerPolicy, contentType: string, body: Uint8Array): WadoAnswer {
  return { kind: 'answer', status: 200, headers: { ...policy.headers, 'content-type': contentType, 'cache-control': policy.cacheControl }, body };
}

/** A whole number from 1 to max, undefined when absent; null when present but not such a number. */
function positive(value: string | null, max: number): number | undefined | null {
  if (value === null) return undefined;
  if (!/^[1-9][0-9]*$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/** The media type to answer, from a contentType list ("image/jpeg, application/dicom;q=0.5"); null if none can be given. */
function chooseType(contentType: string | null): string | null {
  if (contentType === null || contentType.trim() === '') return JPEG;
  const wanted = contentType
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { type, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { type } of wanted) {
    if (type === DICOM) return DICOM;
    if (type === JPEG || type === 'image/*' || type === '*/*') return JPEG;
  }
  return null;
}

export async function answerWado(archive: DicomArchive, query: URLSearchParams, policy: AnswerPolicy): Promise<WadoAnswer> {
  if (query.get('requestType') !== 'WADO') return problem(policy, 400, 'requestType must be WADO');
  const studyUid = query.get('studyUID');
  const seriesUid = query.get('seriesUID');
  const objectUid = query.get('objectUID');
  for (const [name, uid] of [['studyUID', studyUid], ['seriesUID', seriesUid], ['objectUID', objectUid]] as const) {
    if (!uid) return problem(policy, 400, `${name} is required`);
    if (!isUid(uid)) return problem(policy, 400, `${name} is not a UID`);
  }
  const type = chooseType(query.get('contentType'));
  if (!type) return problem(policy, 406, `cannot give ${query.get('contentType')}; this archive gives ${DICOM} and ${JPEG}`);
  const rows = positive(query.get('rows'), MAX_SIZE);
  const columns = positive(query.get('columns'), MAX_SIZE);
  const frame = positive(query.get('frameNumber'), 10_000);
  if (rows === null || columns === null) return problem(policy, 400, `rows and columns must be whole numbers from 1 to ${MAX_SIZE}`);
  if (frame === null) return problem(policy, 400, 'frameNumber must be a whole number from 1');
  if (type === DICOM && (rows !== undefined || columns !== undefined || frame !== undefined)) {
    return problem(policy, 400, 'rows, columns and frameNumber apply to image/jpeg only');
  }

  const located = archive.locate(studyUid as string, seriesUid as string, objectUid as string);
  if (!located) return problem(policy, 404, 'no such object');
  if (archive.faults) {
    const fault = query.get('fault');
    if (fault === '500') return problem(policy, 500, 'fault injected: fault=500');
    if (fault === 'hang') return { kind: 'hang' };
  }

  if (type === DICOM) {
    const files = await archive.files(located.series);
    const syntax = query.get('transferSyntax');
    if (syntax && syntax !== '*' && syntax !== files.manifest.syntaxUid) {
      return problem(policy, 406, `the object is stored as ${files.manifest.syntaxUid} and is not transcoded`);
    }
    return object(policy, DICOM, await archive.dicom(located));
  }
  if (frame !== undefined && frame > located.instance.frames) return problem(policy, 400, `the object has ${located.instance.frames} frame(s)`);
  const jpeg = await archive.jpeg(located, { rows, columns, frame, previewWindow: previewWindowOf(located, query) });
  if (!jpeg) return problem(policy, 406, 'this object cannot be rendered as image/jpeg');
  return object(policy, JPEG, jpeg);
}

/** windowCenter and windowWidth pick one of the series' preview windows when they name it exactly. */
function previewWindowOf(located: { series: { template: { windows: readonly { center: number; width: number }[] } } }, query: URLSearchParams): number {
  const center = Number(query.get('windowCenter'));
  const width = Number(query.get('windowWidth'));
  const index = located.series.template.windows.findIndex((w) => w.center === center && w.width === width);
  return index > 0 ? index : 0;
}
