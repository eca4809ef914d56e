import type { DataSet } from 'dicom-parser';
import { DecodeError } from './decoded';

/**
 * PALETTE COLOR (PS3.3 C.7.6.3.1.5-6, C.7.9): each stored value picks a red, a green and a blue
 * entry from the file's three lookup tables, given whole or as segments (C.7.9.2).
 */
export interface Palette {
  /** The stored value the first entry stands for; values below it take the first entry, above the range the last. */
  firstMapped: number;
  /** 8-bit entries (16-bit tables scaled down), all three tables the same length. */
  red: Uint8Array;
  green: Uint8Array;
  blue: Uint8Array;
}

const CHANNELS = [
  { name: 'red', descriptor: 'x00281101', data: 'x00281201', segmented: 'x00281221' },
  { name: 'green', descriptor: 'x00281102', data: 'x00281202', segmented: 'x00281222' },
  { name: 'blue', descriptor: 'x00281103', data: 'x00281203', segmented: 'x00281223' },
] as const;

/** The value's 16-bit words, in the data set's byte order. */
function words(dataSet: DataSet, tag: string): Uint16Array | undefined {
  const element = dataSet.elements[tag];
  if (!element || element.length < 2) return undefined;
  const out = new Uint16Array(element.length >> 1);
  for (let i = 0; i < out.length; i += 1) out[i] = dataSet.byteArrayParser.readUint16(dataSet.byteArray, element.dataOffset + 2 * i);
  return out;
}

/**
 * C.7.9.2: discrete segments (opcode 0: n values), linear (1: n values from the last one to y1),
 * indirect (2: n segments again, from a 32-bit word offset given low word first).
 */
function expandSegments(data: Uint16Array, into: number[], start = 0, segments = Infinity, depth = 0): void {
  if (depth > 8) throw new DecodeError('corrupt', 'A segmented palette refers to itself');
  let at = start;
  for (let read = 0; read < segments && at + 1 < data.length; read += 1) {
    const opcode = data[at]!;
    const length = data[at + 1]!;
    at += 2;
    if (opcode === 0) {
      for (let i = 0; i < length; i += 1) into.push(data[at + i] ?? 0);
      at += length;
    } else if (opcode === 1) {
      const y0 = into.at(-1);
      if (y0 === undefined) throw new DecodeError('corrupt', 'A segmented palette begins with a linear segment');
      const y1 = data[at]!;
      at += 1;
      for (let i = 1; i <= length; i += 1) into.push(Math.round(y0 + ((y1 - y0) * i) / length));
    } else if (opcode === 2) {
      if (into.length === 0) throw new DecodeError('corrupt', 'A segmented palette begins with an indirect segment');
      const offset = data[at]! | (data[at + 1]! << 16);
      at += 2;
      expandSegments(data, into, offset, length, depth + 1);
    } else {
      throw new DecodeError('corrupt', `A segmented palette has a segment of type ${opcode}`);
    }
  }
}

/** One channel's entries scaled to 8 bits, `entries` long (a short segmented table repeats its last entry). */
function channel(dataSet: DataSet, tags: (typeof CHANNELS)[number], entries: number, bits: number): Uint8Array {
  const out = new Uint8Array(entries);
  const segmented = words(dataSet, tags.segmented);
  const element = dataSet.elements[tags.data];
  let values: ArrayLike<number>;
  if (segmented) {
    const expanded: number[] = [];
    expandSegments(segmented, expanded);
    values = expanded;
  } else if (element && bits === 8 && element.length < entries * 2) {
    // 8-bit entries two to a word, the first in the low byte (in either byte order).
    const packed = words(dataSet, tags.data) ?? new Uint16Array(0);
    values = Uint8Array.from({ length: packed.length * 2 }, (_, i) => (i & 1 ? packed[i >> 1]! >> 8 : packed[i >> 1]! & 0xff));
  } else {
    values = words(dataSet, tags.data) ?? [];
  }
  if (values.length === 0) throw new DecodeError('corrupt', `PALETTE COLOR without its ${tags.name} table`);
  const shift = bits === 16 ? 8 : 0;
  for (let i = 0; i < entries; i += 1) out[i] = Math.min(255, (values[Math.min(i, values.length - 1)]! >> shift));
  return out;
}

/** The palette of a PALETTE COLOR image; `signed` (Pixel Representation) decides the first mapped value's sign. */
export function readPalette(dataSet: DataSet, signed: boolean): Palette {
  const descriptor = dataSet.elements[CHANNELS[0].descriptor];
  if (!descriptor || descriptor.length < 6) throw new DecodeError('corrupt', 'PALETTE COLOR without its lookup table descriptor (0028,1101)');
  // Entries 0 stands for 65536; the first mapped value is SS when the pixels are signed.
  const entries = dataSet.uint16(CHANNELS[0].descriptor, 0) || 65536;
  const firstMapped = (signed ? dataSet.int16(CHANNELS[0].descriptor, 1) : dataSet.uint16(CHANNELS[0].descriptor, 1)) ?? 0;
  const bits = dataSet.uint16(CHANNELS[0].descriptor, 2) === 16 ? 16 : 8;
  const [red, green, blue] = CHANNELS.map((tags) => channel(dataSet, tags, entries, bits)) as [Uint8Array, Uint8Array, Uint8Array];
  return { firstMapped, red, green, blue };
}
