import { DecodeError } from '../decoded';
import type { Codec, LoadCodec } from './codec';

/**
 * RLE Lossless (PS3.5 Annex G): a header of segment offsets, one PackBits segment per byte of each
 * sample (most significant byte first). The result is plane by plane.
 */

function unpackSegment(encoded: Uint8Array, start: number, end: number, into: Uint8Array): void {
  let at = start;
  let out = 0;
  while (out < into.length && at < end) {
    const header = (encoded[at]! << 24) >> 24; // as a signed byte
    at += 1;
    if (header >= 0) {
      const count = header + 1;
      if (at + count > end) break;
      into.set(encoded.subarray(at, at + count).subarray(0, into.length - out), out);
      out += count;
      at += count;
    } else if (header !== -128) {
      const count = 1 - header;
      into.fill(encoded[at]!, out, Math.min(out + count, into.length));
      out += count;
      at += 1;
    }
  }
  if (out < into.length) throw new DecodeError('corrupt', 'An RLE segment ends before its plane is full');
}

const decode: Codec = (encoded, frame) => {
  const { rows, columns, samplesPerPixel, bitsAllocated } = frame;
  const bytesPerSample = bitsAllocated / 8;
  if (encoded.length < 64) throw new DecodeError('corrupt', 'An RLE frame shorter than its header');
  const header = new DataView(encoded.buffer, encoded.byteOffset, 64);
  const segments = header.getUint32(0, true);
  if (segments !== samplesPerPixel * bytesPerSample) {
    throw new DecodeError('corrupt', `An RLE frame with ${segments} segments; ${samplesPerPixel * bytesPerSample} expected`);
  }
  const plane = rows * columns;
  const samples = bytesPerSample === 1 ? new Uint8Array(plane * samplesPerPixel) : new Uint16Array(plane * samplesPerPixel);
  const bytes = new Uint8Array(plane);
  for (let segment = 0; segment < segments; segment += 1) {
    const start = header.getUint32(4 + 4 * segment, true);
    const end = segment + 1 < segments ? header.getUint32(8 + 4 * segment, true) : encoded.length;
    if (start < 64 || end > encoded.length || start > end) throw new DecodeError('corrupt', 'RLE segment offsets point outside the frame');
    unpackSegment(encoded, start, end, bytes);
    const sample = Math.floor(segment / bytesPerSample);
    const shift = 8 * (bytesPerSample - 1 - (segment % bytesPerSample));
    const base = sample * plane;
    for (let i = 0; i < plane; i += 1) samples[base + i]! |= bytes[i]! << shift;
  }
  return { samples, layout: samplesPerPixel === 3 ? 'planar' : 'interleaved', rgb: false };
};

export const load: LoadCodec = async () => decode;
