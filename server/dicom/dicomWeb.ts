import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { DicomArchive, Located } from './archive';
import { isUid, type AnswerPolicy } from './wadoUri';

/**
 * The sandbox archive's WADO-RS service (DICOM PS3.18 chapter 10), beside its WADO-URI one, under
 * a DICOMweb root (DICOMWEB_ROOT_PATH, `/sandbox/dicom-web`):
 * - `studies/{s}/series/{se}/instances/{i}`: the instance, `multipart/related;
 *   type="application/dicom"`, one part whose Content-Type names its transfer syntax;
 * - `.../instances/{i}/frames/{n}[,{m}...]`: bulk pixel data of those frames, one part each,
 *   `application/octet-stream` with the syntax they are in (a compressed frame as stored, a native
 *   one as explicit VR little endian);
 * - `.../instances/{i}/metadata`: the instance's DICOM JSON (PS3.18 F.2) without its pixel data.
 * Transfer syntax negotiation: the Accept header's `transfer-syntax` (`*`, the stored one, or for
 * native pixels explicit VR little endian); the sandbox does not transcode otherwise, and says 406.
 * Who may ask is the route's business (routes/wado.ts), as for WADO-URI.
 */

const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
/** Syntaxes whose frames are plain samples: answered as explicit VR little endian. */
const NATIVE = new Set(['1.2.840.10008.1.2', EXPLICIT_LITTLE, '1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2']);
const BIG_ENDIAN = '1.2.840.10008.1.2.2';

export type DicomWebAnswer = { status: number; headers: Record<string, string>; body: Buffer | string };

type JsonElement = { vr: string; Value?: unknown[]; InlineBinary?: string };
interface DcmjsDict {
  meta: Record<string, { Value?: unknown[] }>;
  dict: Record<string, { vr: string; Value?: unknown[] }>;
}
const require = createRequire(import.meta.url);
// dcmjs ships no types; it reads a Part 10 file into the DICOM JSON model.
const readFile = (bytes: Uint8Array): DcmjsDict =>
  (require('dcmjs') as { data: { DicomMessage: { readFile(buffer: ArrayBuffer): DcmjsDict } } }).data.DicomMessage.readFile(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );

const PIXEL_DATA = '7FE00010';

/** A dcmjs element as DICOM JSON: binary values inline (base64), sequences item by item. */
function jsonElement(element: { vr: string; Value?: unknown[] }): JsonElement {
  const values = element.Value ?? [];
  if (element.vr === 'SQ') return { vr: 'SQ', Value: values.map((item) => jsonDataSet(item as DcmjsDict['dict'])) };
  if (values[0] instanceof ArrayBuffer) return { vr: element.vr, InlineBinary: Buffer.concat(values.map((v) => Buffer.from(v as ArrayBuffer))).toString('base64') };
  return values.length ? { vr: element.vr, Value: values } : { vr: element.vr };
}

function jsonDataSet(dict: DcmjsDict['dict']): Record<string, JsonElement> {
  return Object.fromEntries(Object.entries(dict).filter(([tag]) => tag.toUpperCase() !== PIXEL_DATA).map(([tag, element]) => [tag.toUpperCase(), jsonElement(element)]));
}

interface ReadInstance {
  syntax: string;
  metadata: Record<string, JsonElement>;
  /** Each frame's bytes, in the syntax `frameSyntax` names. */
  frames: Buffer[];
  frameSyntax: string;
}

function swapWords(bytes: Buffer, size: number): Buffer {
  const out = Buffer.from(bytes);
  if (size === 2) out.swap16();
  else if (size === 4) out.swap32();
  return out;
}

/** What the WADO-RS answers need of an instance's file: its syntax, metadata and frames. */
export function readInstance(file: Uint8Array): ReadInstance {
  const read = readFile(file);
  const syntax = String(read.meta['00020010']?.Value?.[0] ?? EXPLICIT_LITTLE);
  const number = (tag: string, fallback: number) => Number(read.dict[tag]?.Value?.[0] ?? fallback);
  const pixels = (read.dict[PIXEL_DATA]?.Value ?? []) as ArrayBuffer[];
  const count = number('00280008', 1);
  let frames: Buffer[];
  if (NATIVE.has(syntax)) {
    const all = Buffer.concat(pixels.map((p) => Buffer.from(p)));
    const wordSize = number('00280100', 16) / 8;
    const size = number('00280010', 0) * number('00280011', 0) * number('00280002', 1) * wordSize;
    frames = Array.from({ length: count }, (_, i) => all.subarray(i * size, (i + 1) * size)).map((frame) =>
      // dcmjs leaves big endian words as they are on disk.
      syntax === BIG_ENDIAN ? swapWords(frame, wordSize) : frame,
    );
  } else frames = pixels.map((p) => Buffer.from(p));
  return { syntax, metadata: jsonDataSet(read.dict), frames, frameSyntax: NATIVE.has(syntax) ? EXPLICIT_LITTLE : syntax };
}

/** The transfer syntaxes an Accept header asks for, for one media type; `[]` when it names none (the standard's default applies). */
export function acceptedSyntaxes(accept: string | undefined, type: string): string[] | null {
  if (!accept) return [];
  const ranges = accept.split(',').map((range) => range.trim());
  const matching = ranges.filter((range) => {
    const params = range.split(';').map((p) => p.trim());
    const media = params[0]!.toLowerCase();
    const typeParam = params.find((p) => p.toLowerCase().startsWith('type='))?.slice(5).replace(/"/g, '');
    return media === '*/*' || (media === 'multipart/related' && (typeParam === undefined || typeParam === type)) || media === type;
  });
  if (matching.length === 0) return null;
  return matching.flatMap((range) => {
    const syntax = range.split(';').map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('transfer-syntax='));
    return syntax ? [syntax.slice('transfer-syntax='.length).replace(/"/g, '')] : [];
  });
}

/** The syntax to answer in, from what was asked and what can be given; null: 406. */
function negotiate(asked: string[], available: string): string | null {
  // No transfer-syntax parameter: the default, explicit VR little endian (PS3.18 table 8.7.3-2).
  const wanted = asked.length ? asked : [EXPLICIT_LITTLE];
  return wanted.some((syntax) => syntax === '*' || syntax === available) ? available : null;
}

function multipart(type: string, parts: { contentType: string; body: Buffer }[], policy: AnswerPolicy): DicomWebAnswer {
  const boundary = `cloud-film-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${part.contentType}\r\nContent-Length: ${part.body.length}\r\n\r\n`), part.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    status: 200,
    headers: { ...policy.headers, 'content-type': `multipart/related; type="${type}"; boundary=${boundary}`, 'cache-control': policy.cacheControl },
    body: Buffer.concat(chunks),
  };
}

function problem(policy: AnswerPolicy, status: number, message: string): DicomWebAnswer {
  return { status, headers: { ...policy.headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: message };
}

/** `studies/{s}/series/{se}/instances/{i}[/frames/{list}|/metadata]`, the path under the root. */
const RESOURCE = /^studies\/([^/]+)\/series\/([^/]+)\/instances\/([^/]+)(?:\/(metadata|frames\/([0-9,]+)))?\/?$/;

/** The study UID a path under the root names, if it names one as a UID. */
export function studyUidOfPath(path: string): string | undefined {
  const uid = /^studies\/([^/]+)/.exec(path)?.[1];
  return uid && isUid(uid) ? uid : undefined;
}

export async function answerDicomWeb(archive: DicomArchive, path: string, accept: string | undefined, policy: AnswerPolicy): Promise<DicomWebAnswer> {
  const match = RESOURCE.exec(path);
  if (!match) return problem(policy, 404, 'this DICOMweb service answers instances, their frames and their metadata');
  const [, studyUid, seriesUid, sopUid, what, frameList] = match;
  if (![studyUid, seriesUid, sopUid].every((uid) => isUid(uid!))) return problem(policy, 400, 'the UIDs in the path are not UIDs');
  const located: Located | undefined = archive.locate(studyUid!, seriesUid!, sopUid!);
  if (!located) return problem(policy, 404, 'no such instance');
  const file = await archive.dicom(located);

  if (what === undefined) {
    const asked = acceptedSyntaxes(accept, 'application/dicom');
    if (asked === null) return problem(policy, 406, 'this resource is multipart/related; type="application/dicom"');
    const stored = readSyntaxOf(file);
    const syntax = negotiate(asked, stored);
    if (!syntax) return problem(policy, 406, `the instance is stored as ${stored} and is not transcoded`);
    return multipart('application/dicom', [{ contentType: `application/dicom; transfer-syntax=${syntax}`, body: Buffer.from(file) }], policy);
  }

  let instance: ReadInstance;
  try {
    instance = readInstance(file);
  } catch {
    return problem(policy, 500, 'the instance could not be read');
  }
  if (what === 'metadata') {
    return { status: 200, headers: { ...policy.headers, 'content-type': 'application/dicom+json', 'cache-control': policy.cacheControl }, body: JSON.stringify([instance.metadata]) };
  }
  const numbers = frameList!.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > instance.frames.length)) return problem(policy, 404, `the instance has ${instance.frames.length} frame(s)`);
  const asked = acceptedSyntaxes(accept, 'application/octet-stream');
  if (asked === null) return problem(policy, 406, 'frames are multipart/related; type="application/octet-stream"');
  const syntax = negotiate(asked, instance.frameSyntax);
  if (!syntax) return problem(policy, 406, `the frames are stored as ${instance.frameSyntax} and are not transcoded`);
  return multipart('application/octet-stream', numbers.map((n) => ({ contentType: `application/octet-stream; transfer-syntax=${syntax}`, body: instance.frames[n - 1]! })), policy);
}

/** The transfer syntax a Part 10 file's meta header names (the whole file need not be read). */
function readSyntaxOf(file: Uint8Array): string {
  const text = Buffer.from(file.subarray(0, Math.min(file.length, 1024))).toString('latin1');
  const at = text.indexOf('\x02\x00\x10\x00UI');
  if (at < 0) return EXPLICIT_LITTLE;
  const length = file[at + 6]! | (file[at + 7]! << 8);
  return text.slice(at + 8, at + 8 + length).replace(/[\0 ]+$/, '');
}
