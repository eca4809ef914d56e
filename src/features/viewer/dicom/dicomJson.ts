import { DecodeError } from './decoded';

/**
 * WADO-RS frame retrieval answers one frame's pixel data without a header; the instance's DICOM
 * JSON metadata (PS3.18 F.2) says what the pixels are. This writes the two back into a small
 * Part 10 file holding that one frame, so the frame goes through the same decoder as any file
 * (the same pixel pipeline, codecs and checks). Text goes as UTF-8 (ISO_IR 192). A value the
 * archive gives only by reference (BulkDataURI) is left out.
 */

export type DicomJsonValue = { vr: string; Value?: unknown[]; InlineBinary?: string; BulkDataURI?: string };
export type DicomJson = Record<string, DicomJsonValue>;

export const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
const IMPLICIT_LITTLE = '1.2.840.10008.1.2';
const DEFLATED = '1.2.840.10008.1.2.1.99';
const EXPLICIT_BIG = '1.2.840.10008.1.2.2';
/** Syntaxes whose frames arrive as plain samples: the file is written explicit little endian. */
const NATIVE = new Set([EXPLICIT_LITTLE, IMPLICIT_LITTLE, DEFLATED, EXPLICIT_BIG]);

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const STRING_VRS = new Set(['AE', 'AS', 'CS', 'DA', 'DS', 'DT', 'IS', 'LO', 'LT', 'SH', 'ST', 'TM', 'UC', 'UI', 'UR', 'UT']);
const NUMBER_SIZES: Record<string, number> = { US: 2, SS: 2, UL: 4, SL: 4, FL: 4, FD: 8, SV: 8, UV: 8, AT: 4 };
const BINARY_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);

const NUMBER_OF_FRAMES = '00280008';
const PER_FRAME_GROUPS = '52009230';
const CHARACTER_SET = '00080005';
const PIXEL_DATA = '7FE00010';
const BITS_ALLOCATED = '00280100';
const PHOTOMETRIC = '00280004';
const PLANAR = '00280006';

class Writer {
  private chunks: Uint8Array[] = [];
  length = 0;
  bytes(data: Uint8Array): void {
    this.chunks.push(data);
    this.length += data.length;
  }
  u16(...values: number[]): void {
    const view = new DataView(new ArrayBuffer(values.length * 2));
    values.forEach((v, i) => view.setUint16(i * 2, v, true));
    this.bytes(new Uint8Array(view.buffer));
  }
  u32(value: number): void {
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, value, true);
    this.bytes(new Uint8Array(view.buffer));
  }
  ascii(text: string): void {
    this.bytes(new TextEncoder().encode(text));
  }
  result(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

const tagParts = (tag: string): [number, number] => [parseInt(tag.slice(0, 4), 16), parseInt(tag.slice(4, 8), 16)];

function header(out: Writer, tag: string, vr: string, length: number): void {
  out.u16(...tagParts(tag));
  out.ascii(vr);
  if (LONG_VRS.has(vr)) {
    out.u16(0);
    out.u32(length);
  } else out.u16(length);
}

function personName(value: unknown): string {
  if (typeof value === 'string') return value;
  const name = (value ?? {}) as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
  return [name.Alphabetic ?? '', name.Ideographic ?? '', name.Phonetic ?? ''].join('=').replace(/=+$/, '');
}

function base64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function even(bytes: Uint8Array, pad: number): Uint8Array {
  if (bytes.length % 2 === 0) return bytes;
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes);
  padded[bytes.length] = pad;
  return padded;
}

function numberBytes(vr: string, values: unknown[]): Uint8Array {
  const size = NUMBER_SIZES[vr]!;
  const view = new DataView(new ArrayBuffer(size * values.length));
  values.forEach((raw, i) => {
    const at = i * size;
    if (vr === 'AT') {
      const [group, element] = tagParts(String(raw));
      view.setUint16(at, group, true);
      view.setUint16(at + 2, element, true);
      return;
    }
    const value = Number(raw);
    if (vr === 'US') view.setUint16(at, value, true);
    else if (vr === 'SS') view.setInt16(at, value, true);
    else if (vr === 'UL') view.setUint32(at, value, true);
    else if (vr === 'SL') view.setInt32(at, value, true);
    else if (vr === 'FL') view.setFloat32(at, value, true);
    else if (vr === 'FD') view.setFloat64(at, value, true);
    else if (vr === 'SV') view.setBigInt64(at, BigInt(String(raw)), true);
    else view.setBigUint64(at, BigInt(String(raw)), true);
  });
  return new Uint8Array(view.buffer);
}

/** An element's value bytes, or null to leave it out (by reference only, or of a VR not known). */
function valueBytes(element: DicomJsonValue): Uint8Array | null {
  const { vr } = element;
  const values = element.Value ?? [];
  if (element.InlineBinary !== undefined) return even(base64(element.InlineBinary), 0);
  if (element.BulkDataURI !== undefined) return null;
  if (vr === 'PN') return even(new TextEncoder().encode(values.map(personName).join('\\')), 32);
  if (STRING_VRS.has(vr)) return even(new TextEncoder().encode(values.map((v) => (v === null ? '' : String(v))).join('\\')), vr === 'UI' ? 0 : 32);
  if (vr in NUMBER_SIZES) return numberBytes(vr, values.filter((v) => v !== null));
  if (BINARY_VRS.has(vr)) return new Uint8Array(0);
  return null;
}

function writeDataSet(out: Writer, dataSet: DicomJson, skip: (tag: string) => boolean): void {
  for (const tag of Object.keys(dataSet).sort()) {
    if (!/^[0-9A-Fa-f]{8}$/.test(tag) || skip(tag.toUpperCase())) continue;
    const element = dataSet[tag]!;
    if (element.vr === 'SQ') {
      header(out, tag, 'SQ', 0xffffffff);
      for (const item of (element.Value ?? []) as DicomJson[]) {
        out.u16(0xfffe, 0xe000);
        out.u32(0xffffffff);
        writeDataSet(out, item ?? {}, () => false);
        out.u16(0xfffe, 0xe00d);
        out.u32(0);
      }
      out.u16(0xfffe, 0xe0dd);
      out.u32(0);
      continue;
    }
    const bytes = valueBytes(element);
    if (!bytes || (!LONG_VRS.has(element.vr) && bytes.length > 0xffff)) continue;
    header(out, tag, element.vr, bytes.length);
    out.bytes(bytes);
  }
}

/** Swaps each sample's bytes: a big endian frame's samples, little endian. */
function swapped(frame: Uint8Array, bytesPerSample: number): Uint8Array {
  if (bytesPerSample <= 1) return frame;
  const out = new Uint8Array(frame.length);
  for (let i = 0; i + bytesPerSample <= frame.length; i += bytesPerSample) for (let j = 0; j < bytesPerSample; j++) out[i + j] = frame[i + bytesPerSample - 1 - j]!;
  return out;
}

/**
 * Whether a frame that arrived as plain samples was decompressed to RGB by the archive while the
 * metadata still names the stored colour model: one that only compressed pixels use (YBR_ICT,
 * YBR_RCT, YBR_PARTIAL_420), or YBR_FULL_422 with three full samples per pixel (DCMTK, and so
 * Orthanc, turn YBR into RGB when they decompress a JPEG).
 */
function decompressedToRgb(metadata: DicomJson, length: number, bitsAllocated: number): boolean {
  const photometric = String(metadata[PHOTOMETRIC]?.Value?.[0] ?? '');
  if (['YBR_ICT', 'YBR_RCT', 'YBR_PARTIAL_420'].includes(photometric)) return true;
  const pixels = Number(metadata['00280010']?.Value?.[0] ?? 0) * Number(metadata['00280011']?.Value?.[0] ?? 0);
  return photometric === 'YBR_FULL_422' && pixels > 0 && length >= pixels * 3 * Math.ceil(bitsAllocated / 8);
}

/** Whether the metadata gives an image attribute (group 0028: a palette's lookup tables, say) only by reference. */
export function needsBulkData(metadata: DicomJson): boolean {
  return Object.entries(metadata).some(([tag, element]) => tag.startsWith('0028') && element.BulkDataURI !== undefined);
}

/**
 * A Part 10 file of one frame: the instance's metadata (the frame's own item of the per-frame
 * functional groups, Number of Frames 1) and the frame's bytes in the syntax the archive said it
 * sent. Decode it as frame 0.
 */
export function frameAsPart10(metadata: DicomJson, frame: Uint8Array, transferSyntaxUid: string, frameIndex: number): ArrayBuffer {
  const native = NATIVE.has(transferSyntaxUid);
  const bitsAllocated = Number(metadata[BITS_ALLOCATED]?.Value?.[0] ?? 16);
  const perFrame = metadata[PER_FRAME_GROUPS]?.Value;
  if (perFrame && frameIndex >= perFrame.length) throw new DecodeError('missingFrame', `The metadata describes ${perFrame.length} frame(s), not frame ${frameIndex + 1}`);
  const own: DicomJson = {
    ...metadata,
    ...(native && decompressedToRgb(metadata, frame.length, bitsAllocated) && { [PHOTOMETRIC]: { vr: 'CS', Value: ['RGB'] }, [PLANAR]: { vr: 'US', Value: [0] } }),
    [CHARACTER_SET]: { vr: 'CS', Value: ['ISO_IR 192'] },
    [NUMBER_OF_FRAMES]: { vr: 'IS', Value: [1] },
    ...(perFrame && { [PER_FRAME_GROUPS]: { vr: 'SQ', Value: [perFrame[frameIndex]] } }),
  };

  const body = new Writer();
  writeDataSet(body, own, (tag) => tag.startsWith('0002') || tag === PIXEL_DATA);
  if (native) {
    const samples = even(transferSyntaxUid === EXPLICIT_BIG ? swapped(frame, Math.ceil(bitsAllocated / 8)) : frame, 0);
    header(body, PIXEL_DATA, bitsAllocated > 8 ? 'OW' : 'OB', samples.length);
    body.bytes(samples);
  } else {
    const fragment = even(frame, 0);
    header(body, PIXEL_DATA, 'OB', 0xffffffff);
    body.u16(0xfffe, 0xe000);
    body.u32(0);
    body.u16(0xfffe, 0xe000);
    body.u32(fragment.length);
    body.bytes(fragment);
    body.u16(0xfffe, 0xe0dd);
    body.u32(0);
  }

  const meta = new Writer();
  const syntax = even(new TextEncoder().encode(native ? EXPLICIT_LITTLE : transferSyntaxUid), 0);
  header(meta, '00020001', 'OB', 2);
  meta.bytes(new Uint8Array([0, 1]));
  header(meta, '00020010', 'UI', syntax.length);
  meta.bytes(syntax);
  const file = new Writer();
  file.bytes(new Uint8Array(128));
  file.ascii('DICM');
  header(file, '00020000', 'UL', 4);
  file.u32(meta.length);
  file.bytes(meta.result());
  file.bytes(body.result());
  const bytes = file.result();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
