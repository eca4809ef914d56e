import dicomParser, { type DataSet, type Element, type Fragment } from 'dicom-parser';
import type { PixelDescription } from './attributes';
import { DecodeError } from './decoded';
import type { Samples } from './pixels';

const PIXEL_DATA = 'x7fe00010';

export function pixelDataElement(dataSet: DataSet): Element {
  const element = dataSet.elements[PIXEL_DATA];
  if (!element) {
    // An image's attributes without its pixels: the file stopped before them.
    if (dataSet.elements.x00280010) throw new DecodeError('truncated', 'The file ends before its pixel data');
    throw new DecodeError('corrupt', 'The file holds no image (no pixel data)');
  }
  return element;
}

export function checkFrameIndex(frameIndex: number, pixels: PixelDescription): void {
  if (!Number.isInteger(frameIndex) || frameIndex < 0 || frameIndex >= pixels.numberOfFrames) {
    throw new DecodeError('missingFrame', `Frame ${frameIndex} asked for; the file has ${pixels.numberOfFrames}`);
  }
}

/** Bytes of one native (uncompressed) frame: rows × columns × samples (YBR_FULL_422: × 2 per pair). */
function frameByteLength(pixels: PixelDescription): number {
  const { rows, columns, samplesPerPixel, bitsAllocated, photometricInterpretation } = pixels;
  const samples = photometricInterpretation === 'YBR_FULL_422' ? rows * columns * 2 : rows * columns * samplesPerPixel;
  return samples * (bitsAllocated / 8);
}

/** One native frame's samples, 16-bit ones in this machine's order (copied, so aligned). */
export function nativeFrame(dataSet: DataSet, element: Element, frameIndex: number, pixels: PixelDescription, bigEndian: boolean): Samples {
  const size = frameByteLength(pixels);
  const start = element.dataOffset + frameIndex * size;
  const end = start + size;
  if (element.dataOffset + element.length > dataSet.byteArray.length) {
    throw new DecodeError('truncated', 'The file ends inside the pixel data');
  }
  if (end > element.dataOffset + element.length) {
    throw new DecodeError('badDimensions', `Pixel data holds ${element.length} bytes; frame ${frameIndex} of ${pixels.columns} × ${pixels.rows} needs bytes up to ${end - element.dataOffset}`);
  }
  const bytes = dataSet.byteArray.slice(start, end);
  if (pixels.bitsAllocated === 8) return bytes;
  if (bigEndian) {
    for (let i = 0; i < bytes.length; i += 2) {
      const high = bytes[i]!;
      bytes[i] = bytes[i + 1]!;
      bytes[i + 1] = high;
    }
  }
  return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
}

/** The bytes of these fragments, one after the other. */
function joined(dataSet: DataSet, fragments: readonly Fragment[]): Uint8Array {
  if (fragments.length === 1) return dataSet.byteArray.subarray(fragments[0]!.position, fragments[0]!.position + fragments[0]!.length);
  const out = new Uint8Array(fragments.reduce((sum, fragment) => sum + fragment.length, 0));
  let at = 0;
  for (const { position, length } of fragments) {
    out.set(dataSet.byteArray.subarray(position, position + length), at);
    at += length;
  }
  return out;
}

/** A frame's fragments by an offset table: from its offset up to the next frame's. */
function byOffsets(fragments: readonly Fragment[], offsets: readonly number[], frameIndex: number): Fragment[] | undefined {
  const start = offsets[frameIndex]!;
  const next = offsets[frameIndex + 1] ?? Infinity;
  if (!fragments.some((fragment) => fragment.offset === start)) return undefined;
  return fragments.filter((fragment) => fragment.offset >= start && fragment.offset < next);
}

/**
 * One compressed frame's codestream (PS3.5 A.4): all fragments when there is one frame, else by
 * the basic offset table, else one fragment per frame, else (JPEG) by finding each frame's start.
 */
export function encapsulatedFrame(dataSet: DataSet, element: Element, frameIndex: number, pixels: PixelDescription, isJpeg: boolean): Uint8Array {
  const fragments = element.fragments ?? [];
  if (fragments.some((fragment) => fragment.position + fragment.length > dataSet.byteArray.length)) {
    throw new DecodeError('truncated', 'The file ends inside a compressed frame');
  }
  // Without its sequence delimiter the pixel data was cut short, between two fragments.
  const delimited = !dataSet.warnings.some((warning) => warning.includes('missing sequence delimiter'));
  const frames = pixels.numberOfFrames;
  const offsets = element.basicOffsetTable ?? [];
  let found: Fragment[] | undefined;
  if (frames === 1 && fragments.length > 0) found = fragments;
  else if (offsets.length === frames) found = byOffsets(fragments, offsets, frameIndex);
  else if (fragments.length === frames) found = [fragments[frameIndex]!];
  else if (fragments.length > frames && isJpeg) {
    try {
      found = byOffsets(fragments, dicomParser.createJPEGBasicOffsetTable(dataSet, element), frameIndex);
    } catch {
      found = undefined;
    }
  }
  if (found && found.length > 0) return joined(dataSet, found);
  if (!delimited) throw new DecodeError('truncated', 'The file ends before this compressed frame');
  if (fragments.length < frames && frameIndex >= fragments.length) {
    throw new DecodeError('missingFrame', `The pixel data holds ${fragments.length} of the file's ${frames} frames`);
  }
  throw new DecodeError('corrupt', `Frame ${frameIndex} cannot be found among ${fragments.length} fragments`);
}
