import { deflateRawSync } from 'node:zlib';
import { concat, encodeDataSet, encodeElement, EXPLICIT_LITTLE, itemHeader, wordBytes, type Element, type Encoding } from './dataset';
import { lookUp } from './dictionary';
import { encodeJpegLossless } from './jpegLossless';
import { encodeRleFrame } from './rle';
import { encodeJpeg2000, encodeJpegBaseline, encodeJpegLs } from './wasmEncoders';

/**
 * Writes DICOM Part 10 files from known pixel arrays, in any of nine transfer syntaxes: the
 * sandbox's phantom studies and the decoder's tests are made with it.
 */

export type SyntaxName = 'implicitLittle' | 'explicitLittle' | 'explicitBig' | 'deflated' | 'jpegBaseline'
  | 'jpegLossless' | 'jpegLs' | 'jpeg2000' | 'rle';

export const TRANSFER_SYNTAX_UID: Record<SyntaxName, string> = {
  implicitLittle: '1.2.840.10008.1.2',
  explicitLittle: '1.2.840.10008.1.2.1',
  explicitBig: '1.2.840.10008.1.2.2',
  deflated: '1.2.840.10008.1.2.1.99',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  jpegLossless: '1.2.840.10008.1.2.4.70',
  jpegLs: '1.2.840.10008.1.2.4.80',
  jpeg2000: '1.2.840.10008.1.2.4.90',
  rle: '1.2.840.10008.1.2.5',
};

export interface PixelSource {
  rows: number; columns: number;
  bitsAllocated: 8 | 16; bitsStored: number; pixelRepresentation: 0 | 1;
  samplesPerPixel: 1 | 3;
  /** PALETTE COLOR: give the palette's descriptors and tables (or segmented tables) in the tags. */
  photometric: 'MONOCHROME1' | 'MONOCHROME2' | 'PALETTE COLOR' | 'RGB' | 'YBR_FULL' | 'YBR_FULL_422';
  planarConfiguration?: 0 | 1;
  /**
   * Stored values, one array per frame, interleaved colour unless planar. YBR_FULL_422 in a native
   * syntax is already subsampled: Y Y Cb Cr for each pair of pixels (rows × columns × 2 values).
   */
  frames: Array<Uint8Array | Uint16Array | Int16Array>;
}

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
// Under the UID root the sandbox uses (server/dicom), kept apart from its generated UIDs.
const IMPLEMENTATION_CLASS_UID = '1.2.826.0.1.3680043.8.498.1';
const IMPLEMENTATION_VERSION_NAME = 'CLOUDFILM_1';
const PIXEL_DATA = 0x7fe00010;

const ENCODING: Record<SyntaxName, Encoding> = {
  implicitLittle: { explicit: false, littleEndian: true },
  explicitLittle: EXPLICIT_LITTLE,
  explicitBig: { explicit: true, littleEndian: false },
  deflated: EXPLICIT_LITTLE,
  jpegBaseline: EXPLICIT_LITTLE,
  jpegLossless: EXPLICIT_LITTLE,
  jpegLs: EXPLICIT_LITTLE,
  jpeg2000: EXPLICIT_LITTLE,
  rle: EXPLICIT_LITTLE,
};

const NATIVE = new Set<SyntaxName>(['implicitLittle', 'explicitLittle', 'explicitBig', 'deflated']);

function samplesPerFrame(pixels: PixelSource): number {
  const { rows, columns, samplesPerPixel, photometric } = pixels;
  return photometric === 'YBR_FULL_422' ? rows * columns * 2 : rows * columns * samplesPerPixel;
}

function check(pixels: PixelSource): void {
  const { rows, columns, bitsAllocated, bitsStored, samplesPerPixel, photometric, frames } = pixels;
  const fail = (why: string) => { throw new Error(`writeDicom: ${why}`); };
  if (!(rows > 0 && columns > 0)) fail(`rows and columns must be positive (${rows} × ${columns})`);
  if (!(bitsStored >= 1 && bitsStored <= bitsAllocated)) fail(`bitsStored ${bitsStored} does not fit bitsAllocated ${bitsAllocated}`);
  if ((samplesPerPixel === 1) !== (photometric.startsWith('MONOCHROME') || photometric === 'PALETTE COLOR')) fail(`${photometric} with ${samplesPerPixel} samples per pixel`);
  if (photometric === 'YBR_FULL_422' && columns % 2 === 1) fail('YBR_FULL_422 needs an even number of columns');
  if (frames.length === 0) fail('no frames');
  frames.forEach((frame, i) => {
    if ((bitsAllocated === 8) !== (frame instanceof Uint8Array)) fail(`frame ${i}: ${bitsAllocated}-bit values need a ${bitsAllocated === 8 ? 'Uint8Array' : 'Uint16Array or Int16Array'}`);
    if (frame.length !== samplesPerFrame(pixels)) fail(`frame ${i} has ${frame.length} values, expected ${samplesPerFrame(pixels)}`);
  });
}

/** Values as the codecs take them: modulo 2^bitsStored, sign-extended when signed. */
function storedValues(frame: ArrayLike<number>, pixels: PixelSource): Int32Array {
  const { bitsStored, pixelRepresentation } = pixels;
  const mask = bitsStored === 32 ? -1 : (1 << bitsStored) - 1;
  const sign = 1 << (bitsStored - 1);
  return Int32Array.from(frame, (value) => {
    const bits = value & mask;
    return pixelRepresentation === 1 && bits & sign ? bits - (sign << 1) : bits;
  });
}

/** Colour samples pixel by pixel (R G B R G B ...), whatever the source's planar configuration. */
function interleaved(frame: ArrayLike<number>, pixels: PixelSource): ArrayLike<number> {
  if (pixels.samplesPerPixel === 1 || pixels.planarConfiguration !== 1) return frame;
  const plane = pixels.rows * pixels.columns;
  const out = new Int32Array(plane * 3);
  for (let i = 0; i < plane; i += 1) {
    out[i * 3] = frame[i]!;
    out[i * 3 + 1] = frame[plane + i]!;
    out[i * 3 + 2] = frame[2 * plane + i]!;
  }
  return out;
}

function clampByte(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

/** YBR_FULL (PS3.3 C.7.6.3.1.2) to RGB, for the JPEG encoder, which takes RGB. */
function ybrToRgb(frame: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(frame.length);
  for (let i = 0; i < frame.length; i += 3) {
    const y = frame[i]!;
    const cb = frame[i + 1]! - 128;
    const cr = frame[i + 2]! - 128;
    out[i] = clampByte(y + 1.402 * cr);
    out[i + 1] = clampByte(y - 0.344136 * cb - 0.714136 * cr);
    out[i + 2] = clampByte(y + 1.772 * cb);
  }
  return out;
}

function nativePixelData(pixels: PixelSource, encoding: Encoding): Element {
  const wide = pixels.bitsAllocated === 16;
  const bytes = concat(pixels.frames.map((frame) => wordBytes(frame, wide ? 2 : 1, encoding.littleEndian)));
  const even = bytes.length % 2 === 0 ? bytes : concat([bytes, new Uint8Array(1)]);
  return { tag: PIXEL_DATA, vr: wide ? 'OW' : 'OB', value: even };
}

/** Encapsulated pixel data (PS3.5 A.4): a basic offset table, then one fragment per frame. */
function encapsulated(fragments: readonly Uint8Array[]): Element {
  const items: Uint8Array[] = [];
  const offsets = new DataView(new ArrayBuffer(4 * fragments.length));
  let offset = 0;
  fragments.forEach((fragment, i) => {
    const even = fragment.length % 2 === 0 ? fragment : concat([fragment, new Uint8Array(1)]);
    offsets.setUint32(4 * i, offset, true);
    items.push(itemHeader(0xfffee000, even.length, EXPLICIT_LITTLE), even);
    offset += 8 + even.length;
  });
  const value = concat([
    itemHeader(0xfffee000, offsets.byteLength, EXPLICIT_LITTLE),
    new Uint8Array(offsets.buffer),
    ...items,
    itemHeader(0xfffee0dd, 0, EXPLICIT_LITTLE),
  ]);
  return { tag: PIXEL_DATA, vr: 'OB', value, undefinedLength: true };
}

interface Encoded {
  fragments: Uint8Array[];
  /** Tags the encoding changes (the photometric interpretation of a JPEG, lossy flags). */
  tags: Record<string, unknown>;
}

async function compress(syntax: SyntaxName, pixels: PixelSource): Promise<Encoded> {
  const { rows, columns, samplesPerPixel, bitsAllocated, bitsStored, pixelRepresentation, photometric } = pixels;
  if (photometric === 'YBR_FULL_422') throw new Error(`writeDicom: give ${syntax} RGB or YBR_FULL pixels, not subsampled YBR_FULL_422`);
  const colour = samplesPerPixel === 3;
  const frames = pixels.frames.map((frame) => interleaved(storedValues(frame, pixels), pixels));
  const size = { rows, columns, samplesPerPixel };
  const info = { width: columns, height: rows, bitsPerSample: bitsStored, componentCount: samplesPerPixel, isSigned: pixelRepresentation === 1 };
  const unsigned = (frame: ArrayLike<number>) => {
    const mask = (1 << bitsStored) - 1;
    return bitsAllocated === 8 ? Uint8Array.from(frame, (v) => v & mask) : Uint16Array.from(frame, (v) => v & mask);
  };
  const planar0 = colour ? { PlanarConfiguration: 0 } : {};
  switch (syntax) {
    case 'jpegBaseline': {
      if (bitsAllocated !== 8 || pixelRepresentation !== 0) throw new Error('writeDicom: baseline JPEG takes unsigned 8-bit pixels');
      const fragments = await Promise.all(frames.map((frame) =>
        encodeJpegBaseline(photometric === 'YBR_FULL' ? ybrToRgb(frame) : Uint8Array.from(frame), { width: columns, height: rows, componentCount: samplesPerPixel })));
      const raw = rows * columns * samplesPerPixel * frames.length;
      const ratio = raw / fragments.reduce((sum, f) => sum + f.length, 0);
      return {
        fragments,
        tags: {
          ...planar0,
          ...(colour ? { PhotometricInterpretation: 'YBR_FULL_422' } : {}),
          LossyImageCompression: '01',
          LossyImageCompressionRatio: Number(ratio.toFixed(2)),
          LossyImageCompressionMethod: 'ISO_10918_1',
        },
      };
    }
    case 'jpegLossless':
      return { fragments: frames.map((frame) => encodeJpegLossless(frame, { ...size, precision: bitsStored })), tags: planar0 };
    case 'jpegLs':
      return { fragments: await Promise.all(frames.map((frame) => encodeJpegLs(unsigned(frame), info))), tags: planar0 };
    case 'jpeg2000': {
      if (bitsAllocated === 8 && pixelRepresentation === 1) throw new Error('writeDicom: the JPEG 2000 codec does not take signed 8-bit pixels');
      if (colour && bitsAllocated !== 8) throw new Error('writeDicom: the JPEG 2000 codec takes 8-bit colour only');
      const typed = (frame: ArrayLike<number>) => (bitsAllocated === 8 ? Uint8Array.from(frame)
        : pixelRepresentation === 1 ? Int16Array.from(frame) : Uint16Array.from(frame));
      const fragments = await Promise.all(frames.map((frame) => encodeJpeg2000(typed(frame), info)));
      // The reversible colour transform is part of the codestream (PS3.5 8.2.4).
      return { fragments, tags: { ...planar0, ...(colour ? { PhotometricInterpretation: 'YBR_RCT' } : {}) } };
    }
    case 'rle':
      return { fragments: frames.map((frame) => encodeRleFrame(frame, { ...size, bytesPerSample: bitsAllocated / 8 })), tags: planar0 };
    default:
      throw new Error(`writeDicom: ${syntax} is not a compressed syntax`);
  }
}

function hasNonAscii(value: unknown): boolean {
  if (typeof value === 'string') return /[^\x20-\x7e]/.test(value);
  if (Array.isArray(value)) return value.some(hasNonAscii);
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) return Object.values(value).some(hasNonAscii);
  return false;
}

function metaInformation(sopClassUid: string, sopInstanceUid: string, syntax: SyntaxName): Uint8Array {
  const format = { signed: false, wide: false };
  const body = encodeDataSet(
    {
      FileMetaInformationVersion: Uint8Array.of(0, 1),
      MediaStorageSOPClassUID: sopClassUid,
      MediaStorageSOPInstanceUID: sopInstanceUid,
      TransferSyntaxUID: TRANSFER_SYNTAX_UID[syntax],
      ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
      ImplementationVersionName: IMPLEMENTATION_VERSION_NAME,
    },
    EXPLICIT_LITTLE,
    format,
  );
  const groupLength = new DataView(new ArrayBuffer(4));
  groupLength.setUint32(0, body.length, true);
  return concat([encodeElement({ tag: 0x00020000, vr: 'UL', value: new Uint8Array(groupLength.buffer) }, EXPLICIT_LITTLE), body]);
}

/**
 * A DICOM Part 10 file: preamble, "DICM", the file meta information (explicit VR little endian),
 * then the data set in the transfer syntax. `tags` are DICOM keywords and values (PatientName,
 * StudyInstanceUID, SOPInstanceUID, SOPClassUID (default Secondary Capture), Modality,
 * WindowCenter (number | number[]), WindowWidth, RescaleSlope, RescaleIntercept, PixelSpacing, ...;
 * a sequence is an array of such records). The image pixel tags (Rows, BitsStored, ...) come from
 * `pixels`; a tag given here wins, which is how a test makes a file that lies about itself.
 */
export async function writeDicom(options: { pixels: PixelSource; tags: Record<string, unknown>; syntax: SyntaxName }): Promise<Uint8Array> {
  const { pixels, tags, syntax } = options;
  check(pixels);
  const encoding = ENCODING[syntax];
  const format = { signed: pixels.pixelRepresentation === 1, wide: pixels.bitsAllocated === 16 };
  for (const keyword of Object.keys(tags)) {
    if (lookUp(keyword, format).tag >>> 16 === 0x0002) throw new Error(`writeDicom: ${keyword} is file meta information; the writer sets it`);
  }
  const sopInstanceUid = tags.SOPInstanceUID;
  if (typeof sopInstanceUid !== 'string') throw new Error('writeDicom: tags.SOPInstanceUID is required');
  const sopClassUid = typeof tags.SOPClassUID === 'string' ? tags.SOPClassUID : SECONDARY_CAPTURE;

  const encoded = NATIVE.has(syntax) ? undefined : await compress(syntax, pixels);
  const pixelData = encoded ? encapsulated(encoded.fragments) : nativePixelData(pixels, encoding);
  const imagePixel = {
    SamplesPerPixel: pixels.samplesPerPixel,
    PhotometricInterpretation: pixels.photometric,
    ...(pixels.samplesPerPixel === 3 ? { PlanarConfiguration: pixels.planarConfiguration ?? 0 } : {}),
    ...(pixels.frames.length > 1 ? { NumberOfFrames: pixels.frames.length } : {}),
    Rows: pixels.rows,
    Columns: pixels.columns,
    BitsAllocated: pixels.bitsAllocated,
    BitsStored: pixels.bitsStored,
    HighBit: pixels.bitsStored - 1,
    PixelRepresentation: pixels.pixelRepresentation,
  };
  const all: Record<string, unknown> = { SOPClassUID: sopClassUid, ...imagePixel, ...encoded?.tags, ...tags };
  // PS3.5 6.1.2.3: without it a reader may take only ASCII; Chinese names need UTF-8.
  if (all.SpecificCharacterSet === undefined && hasNonAscii(tags)) all.SpecificCharacterSet = 'ISO_IR 192';

  const dataSet = encodeDataSet(all, encoding, format, [pixelData]);
  const body = syntax === 'deflated' ? new Uint8Array(deflateRawSync(dataSet)) : dataSet;
  const preamble = new Uint8Array(132);
  preamble.set(new TextEncoder().encode('DICM'), 128);
  return concat([preamble, metaInformation(sopClassUid, sopInstanceUid, syntax), body]);
}
