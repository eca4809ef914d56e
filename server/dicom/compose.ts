import { createRequire } from 'node:module';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type * as DicomParser from 'dicom-parser';

// A UMD bundle: required, so Node and Vitest load it alike.
const dicomParser = createRequire(import.meta.url)('dicom-parser') as typeof DicomParser;

/**
 * A study's file is a cached template file with the study's tags written over fixed-width
 * placeholders. The template reserves each value's full width (so nothing moves), the generator
 * records where each value lies (dicom-parser finds the elements), and composing a file is a copy
 * and a few small writes: no encoder runs per study. A deflated file is kept inflated in the
 * cache and deflated again when composed.
 */

/** The values that differ between studies (and between instances, for the UIDs). */
export const STUDY_FIELDS = {
  StudyInstanceUID: { tag: 'x0020000d', width: 64, uid: true },
  SeriesInstanceUID: { tag: 'x0020000e', width: 64, uid: true },
  SOPInstanceUID: { tag: 'x00080018', width: 64, uid: true },
  MediaStorageSOPInstanceUID: { tag: 'x00020003', width: 64, uid: true },
  FrameOfReferenceUID: { tag: 'x00200052', width: 64, uid: true },
  PatientName: { tag: 'x00100010', width: 64 },
  PatientID: { tag: 'x00100020', width: 24 },
  PatientBirthDate: { tag: 'x00100030', width: 8 },
  PatientSex: { tag: 'x00100040', width: 2 },
  PatientAge: { tag: 'x00101010', width: 4 },
  StudyDate: { tag: 'x00080020', width: 8 },
  SeriesDate: { tag: 'x00080021', width: 8 },
  ContentDate: { tag: 'x00080023', width: 8 },
  StudyTime: { tag: 'x00080030', width: 6 },
  SeriesTime: { tag: 'x00080031', width: 6 },
  ContentTime: { tag: 'x00080033', width: 6 },
  AccessionNumber: { tag: 'x00080050', width: 16 },
  InstitutionName: { tag: 'x00080080', width: 64 },
  StudyID: { tag: 'x00200010', width: 16 },
  SeriesNumber: { tag: 'x00200011', width: 4 },
} as const;

export type StudyField = keyof typeof STUDY_FIELDS;
export type StudyValues = Record<StudyField, string>;

/** The template's tag values: valid, the full width of each field, recognisable when read. */
export function placeholderTags(): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [field, { width }] of Object.entries(STUDY_FIELDS) as [StudyField, { width: number; uid?: boolean }][]) {
    if (field === 'MediaStorageSOPInstanceUID') continue; // the writer copies SOPInstanceUID there
    if (field.endsWith('UID')) tags[field] = `1.2.826.0.1.3680043.8.498.9.${'9'.repeat(width)}`.slice(0, width);
    else if (field.endsWith('Date')) tags[field] = '19000101';
    else if (field.endsWith('Time')) tags[field] = '000000';
    else if (field === 'PatientSex') tags[field] = 'O ';
    else if (field === 'PatientAge') tags[field] = '000Y';
    else if (field === 'PatientName') tags[field] = `TEMPLATE^${'X'.repeat(width - 9)}`;
    else if (field === 'SeriesNumber') tags[field] = '9'.repeat(width);
    else tags[field] = 'X'.repeat(width);
  }
  return tags;
}

/** Where each field's value lies in the plain file: byte offset and reserved length. */
export type Patches = Partial<Record<StudyField, [number, number]>>;

const DEFLATED = '1.2.840.10008.1.2.1.99';

/** The length of preamble and file meta information: where the data set starts. */
export function metaEnd(file: Uint8Array): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  // (0002,0000) UL: tag 4, VR 2, length 2, value 4 at offset 132.
  return 132 + 12 + view.getUint32(140, true);
}

/** The file with a deflated data set inflated (its meta information still names the deflated syntax). */
export function plainForm(file: Uint8Array, syntaxUid: string): Uint8Array {
  if (syntaxUid !== DEFLATED) return file;
  const end = metaEnd(file);
  const inflated = inflateRawSync(file.subarray(end));
  const plain = new Uint8Array(end + inflated.length);
  plain.set(file.subarray(0, end));
  plain.set(inflated, end);
  return plain;
}

/** Finds each field's element in a plain template file; a missing or too narrow field is a bug in the template. */
export function locatePatches(plain: Uint8Array, fields: readonly StudyField[]): Patches {
  const bytes = Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength);
  // The file is already inflated: the parser's inflater hands it back as it is (its types say void).
  const inflater = (() => bytes) as unknown as (arr: Uint8Array, position: number) => void;
  const dataSet = dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010', inflater });
  const patches: Patches = {};
  for (const field of fields) {
    const element = dataSet.elements[STUDY_FIELDS[field].tag];
    if (!element) throw new Error(`compose: the template has no ${field}`);
    if (element.length < STUDY_FIELDS[field].width) throw new Error(`compose: ${field} is ${element.length} bytes wide, not ${STUDY_FIELDS[field].width}`);
    patches[field] = [element.dataOffset, element.length];
  }
  return patches;
}

const encoder = new TextEncoder();

/** A value padded to its field: UIDs with NUL, text with spaces; cut at a character boundary when too long. */
function fieldBytes(value: string, length: number, uid: boolean): Uint8Array {
  const out = new Uint8Array(length).fill(uid ? 0 : 0x20);
  let text = value;
  let bytes = encoder.encode(text);
  while (bytes.length > length) {
    text = text.slice(0, -1);
    bytes = encoder.encode(text);
  }
  out.set(bytes);
  return out;
}

/** The study's file: the template with the values written in, deflated again when its syntax says so. */
export function compose(plain: Uint8Array, patches: Patches, values: Partial<StudyValues>, syntaxUid: string): Uint8Array {
  const out = new Uint8Array(plain);
  for (const [field, at] of Object.entries(patches) as [StudyField, [number, number]][]) {
    const value = values[field];
    if (value === undefined) continue;
    out.set(fieldBytes(value, at[1], 'uid' in STUDY_FIELDS[field]), at[0]);
  }
  if (syntaxUid !== DEFLATED) return out;
  const end = metaEnd(out);
  const deflated = deflateRawSync(out.subarray(end));
  const file = new Uint8Array(end + deflated.length);
  file.set(out.subarray(0, end));
  file.set(deflated, end);
  return file;
}

/**
 * The same file with another transfer syntax named in its meta information (the data set is not
 * touched): how the sandbox makes a file no decoder of the app takes.
 */
export function withTransferSyntax(file: Uint8Array, syntaxUid: string): Uint8Array {
  const end = metaEnd(file);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const parts: Uint8Array[] = [];
  let at = 144;
  while (at < end) {
    const group = view.getUint16(at, true);
    const element = view.getUint16(at + 2, true);
    const vr = String.fromCharCode(file[at + 4] as number, file[at + 5] as number);
    const long = ['OB', 'OW', 'UN', 'SQ', 'UT', 'UC', 'UR'].includes(vr);
    const length = long ? view.getUint32(at + 8, true) : view.getUint16(at + 6, true);
    const header = long ? 12 : 8;
    if (group === 0x0002 && element === 0x0010) {
      const value = encoder.encode(syntaxUid.length % 2 ? `${syntaxUid}\0` : syntaxUid);
      const replaced = new Uint8Array(8 + value.length);
      replaced.set(file.subarray(at, at + 6));
      new DataView(replaced.buffer).setUint16(6, value.length, true);
      replaced.set(value, 8);
      parts.push(replaced);
    } else {
      parts.push(file.subarray(at, at + header + length));
    }
    at += header + length;
  }
  const metaLength = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(144 + metaLength + (file.length - end));
  out.set(file.subarray(0, 144));
  new DataView(out.buffer).setUint32(140, metaLength, true);
  let offset = 144;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  out.set(file.subarray(end), offset);
  return out;
}
