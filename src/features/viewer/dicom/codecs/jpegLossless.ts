import { DecodeError } from '../decoded';
import { expectSize, type Codec, type LoadCodec } from './codec';

/**
 * JPEG Lossless (ITU-T T.81 Annex H, process 14: Huffman coded differences from one of seven
 * predictors) for DICOM's 1.2.840.10008.1.2.4.57 and .70. Our own, in plain TypeScript: the
 * registry's decoder (jpeg-lossless-decoder-js) was issue 25's 25 s radiograph (it runs an 8 × 8
 * DCT block's loop for every sample; 3x our CPU time) and gave wrong 16-bit colour.
 * Here one 16-bit lookup decodes most codes with their difference bits, and the samples go
 * straight into the output.
 */

interface Component {
  id: number;
  /** Index in the frame, which is the sample's place in an interleaved pixel. */
  index: number;
}

interface Frame {
  precision: number;
  rows: number;
  columns: number;
  components: Component[];
}

interface Scan {
  components: Array<{ index: number; table: HuffmanTable }>;
  predictor: number;
  pointTransform: number;
}

const MARKER = {
  SOF3: 0xc3,
  DHT: 0xc4,
  SOI: 0xd8,
  EOI: 0xd9,
  SOS: 0xda,
  DRI: 0xdd,
} as const;

function fail(why: string): never {
  throw new DecodeError('corrupt', `JPEG Lossless: ${why}`);
}

/** A Huffman table (T.81 C) as two lookups on the next 16 bits. */
interface HuffmanTable {
  /** (code length << 8) | value (the difference's category); 0 for bits that begin no code. */
  codes: Uint16Array;
  /**
   * When the code and its difference's bits fit in the 16: (difference << 5) | their length;
   * else 0. Most samples of a smooth image take this one lookup.
   */
  whole: Int32Array;
}

/** A difference from its category and extra bits (T.81 H.1.2.2; category 16 has none). */
function difference(size: number, raw: number): number {
  if (size === 16) return 32768;
  if (size === 0) return 0;
  return raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw;
}

function huffmanTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const codes = huffmanCodes(counts, values);
  const whole = new Int32Array(65536);
  for (let peek = 0; peek < 65536; peek += 1) {
    const entry = codes[peek]!;
    const length = entry >> 8;
    const size = entry & 0xff;
    const extra = size === 16 ? 0 : size;
    if (entry === 0 || length + extra > 16) continue;
    const raw = (peek >> (16 - length - extra)) & ((1 << extra) - 1);
    whole[peek] = (difference(size, raw) << 5) | (length + extra);
  }
  return { codes, whole };
}

function huffmanCodes(counts: Uint8Array, values: Uint8Array): Uint16Array {
  const lookup = new Uint16Array(65536);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let n = 0; n < counts[length - 1]!; n += 1) {
      const shift = 16 - length;
      const start = code << shift;
      if (start + (1 << shift) > 65536) fail('a Huffman table with too many codes');
      lookup.fill((length << 8) | values[k]!, start, start + (1 << shift));
      code += 1;
      k += 1;
    }
    code <<= 1;
  }
  return lookup;
}

/**
 * The entropy-coded bits (T.81 F.2.2.5): most significant first, a 0x00 stuffed after each 0xFF
 * skipped. At a marker it gives zeros and counts them: a valid scan needs at most the few bytes
 * read ahead, so more means the coded data ended early.
 */
class BitReader {
  /** The `bits` unread bits, in the low end (at most 32). */
  acc = 0;
  bits = 0;
  padding = 0;
  private atMarker = false;

  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  /** Reads bytes until more than 24 bits are waiting. */
  fill(): void {
    const { data } = this;
    while (this.bits <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < data.length) {
        byte = data[this.pos]!;
        if (byte !== 0xff) this.pos += 1;
        else if (data[this.pos + 1] === 0) this.pos += 2;
        else {
          this.atMarker = true;
          byte = 0;
          this.padding += 1;
        }
      } else this.padding += 1;
      this.acc = (this.acc << 8) | byte;
      this.bits += 8;
    }
  }

  skip(count: number): void {
    this.bits -= count;
    this.acc &= (1 << this.bits) - 1;
  }

  /** The next `count` bits (at most `bits`), consumed. */
  take(count: number): number {
    this.bits -= count;
    const value = (this.acc >>> this.bits) & ((1 << count) - 1);
    this.acc &= (1 << this.bits) - 1;
    return value;
  }

  /** At a restart marker (RSTn, after any fill bytes): byte-aligned again. */
  restart(): void {
    if (this.padding > 4) fail('a restart interval ends early');
    const { data } = this;
    while (data[this.pos] === 0xff && data[this.pos + 1] === 0xff) this.pos += 1;
    if (data[this.pos] !== 0xff || (data[this.pos + 1]! & 0xf8) !== 0xd0) fail('a restart marker is missing');
    this.pos += 2;
    this.acc = 0;
    this.bits = 0;
    this.padding = 0;
    this.atMarker = false;
  }
}

/**
 * Decodes one scan's entropy-coded data from `start` into `out` (interleaved, `stride` samples
 * per pixel). Returns where the scan's data ends (the next marker).
 */
function decodeScan(data: Uint8Array, start: number, frame: Frame, scan: Scan, restartInterval: number, out: Uint16Array): number {
  const { rows, columns } = frame;
  const stride = frame.components.length;
  const { predictor, pointTransform } = scan;
  const first = 1 << (frame.precision - pointTransform - 1);
  const indices = scan.components.map((component) => component.index);
  const lookups = scan.components.map((component) => component.table);
  const count = indices.length;
  const mask = (1 << frame.precision) - 1;
  const reader = new BitReader(data, start);
  let { acc, bits } = reader;
  let untilRestart = restartInterval;
  // After a restart the line goes on as a first line (T.81 H.1.2.1): left neighbours only.
  let restartRow = 0;
  let restartColumn = 0;

  for (let y = 0; y < rows; y += 1) {
    const rowStart = y * columns * stride;
    for (let x = 0; x < columns; x += 1) {
      if (restartInterval > 0) {
        if (untilRestart === 0) {
          reader.restart();
          ({ acc, bits } = reader);
          untilRestart = restartInterval;
          restartRow = y;
          restartColumn = x;
        }
        untilRestart -= 1;
      }
      const at = rowStart + x * stride;
      for (let c = 0; c < count; c += 1) {
        const here = at + indices[c]!;
        // The reader's bits live in locals on the common path (registers, not memory), handed
        // back whenever the reader itself reads on.
        if (bits < 16) {
          reader.acc = acc;
          reader.bits = bits;
          reader.fill();
          ({ acc, bits } = reader);
        }
        const table = lookups[c]!;
        const peek = (acc >>> (bits - 16)) & 0xffff;
        const whole = table.whole[peek]!;
        let diff: number;
        if (whole !== 0) {
          bits -= whole & 31;
          acc &= (1 << bits) - 1;
          diff = whole >> 5;
        } else {
          // A long code, or a large difference: the code, then its category's bits.
          const entry = table.codes[peek]!;
          if (entry === 0) fail('a code that is not in its Huffman table');
          reader.acc = acc;
          reader.bits = bits;
          reader.skip(entry >> 8);
          const size = entry & 0xff;
          if (size < 16 && reader.bits < size) reader.fill();
          diff = difference(size, size < 16 ? reader.take(size) : 0);
          ({ acc, bits } = reader);
        }

        let prediction: number;
        if (y !== restartRow && x > 0) {
          const above = here - columns * stride;
          switch (predictor) {
            case 1: prediction = out[here - stride]!; break;
            case 2: prediction = out[above]!; break;
            case 3: prediction = out[above - stride]!; break;
            case 4: prediction = out[here - stride]! + out[above]! - out[above - stride]!; break;
            case 5: prediction = out[here - stride]! + ((out[above]! - out[above - stride]!) >> 1); break;
            case 6: prediction = out[above]! + ((out[here - stride]! - out[above - stride]!) >> 1); break;
            default: prediction = (out[here - stride]! + out[above]!) >> 1;
          }
        } else if (y !== restartRow) prediction = out[here - columns * stride]!; // a line's first sample: the one above
        else prediction = x === restartColumn ? first : out[here - stride]!; // a first line: the one to the left
        out[here] = (prediction + diff) & mask;
      }
    }
  }
  // The last code may end in the final byte's padding, never further.
  if (reader.padding > 4) fail('the coded data ends early');
  return reader.pos;
}

/** Decodes a JPEG Lossless codestream into interleaved samples (8 or 16 bits each). */
export function decodeJpegLossless(data: Uint8Array, bitsAllocated: number): { frame: Frame; samples: Uint8Array | Uint16Array } {
  // Decoded as 16-bit whatever the precision: one element type keeps the scan loop monomorphic.
  if (data[0] !== 0xff || data[1] !== MARKER.SOI) fail('no start of image');
  const tables = new Map<number, HuffmanTable>();
  let frame: Frame | undefined;
  let samples: Uint16Array | undefined;
  let restartInterval = 0;
  let pointTransform = 0;
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) {
      pos += 1; // stray bytes between segments (some encoders pad)
      continue;
    }
    const marker = data[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === MARKER.EOI) break;
    const length = (data[pos + 2]! << 8) | data[pos + 3]!;
    const body = pos + 4;
    const end = pos + 2 + length;
    if (end > data.length) fail('a segment runs past the end of the codestream');
    if (marker === MARKER.SOF3) {
      const components: Component[] = [];
      for (let i = 0; i < data[body + 5]!; i += 1) {
        const at = body + 6 + i * 3;
        if (data[at + 1] !== 0x11) throw new DecodeError('unsupportedSyntax', 'JPEG Lossless with subsampled components is not supported');
        components.push({ id: data[at]!, index: i });
      }
      frame = { precision: data[body]!, rows: (data[body + 1]! << 8) | data[body + 2]!, columns: (data[body + 3]! << 8) | data[body + 4]!, components };
      if (frame.precision < 2 || frame.precision > 16 || components.length === 0) fail(`precision ${frame.precision} with ${components.length} components`);
      const size = frame.rows * frame.columns * components.length;
      samples = new Uint16Array(size);
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== MARKER.DHT && marker !== 0xc8 && marker !== 0xcc) {
      throw new DecodeError('unsupportedSyntax', `JPEG process of marker ${marker.toString(16)} in a JPEG Lossless file`);
    } else if (marker === MARKER.DHT) {
      for (let at = body; at < end;) {
        const id = data[at]! & 0x0f;
        const counts = data.subarray(at + 1, at + 17);
        const total = counts.reduce((sum, n) => sum + n, 0);
        tables.set(id, huffmanTable(counts, data.subarray(at + 17, at + 17 + total)));
        at += 17 + total;
      }
    } else if (marker === MARKER.DRI) {
      restartInterval = (data[body]! << 8) | data[body + 1]!;
    } else if (marker === MARKER.SOS) {
      if (!frame || !samples) fail('a scan before the frame header');
      const scanComponents: Scan['components'] = [];
      const n = data[body]!;
      for (let i = 0; i < n; i += 1) {
        const id = data[body + 1 + i * 2]!;
        const component = frame.components.find((one) => one.id === id);
        const table = tables.get(data[body + 2 + i * 2]! >> 4);
        if (!component || !table) fail(`scan component ${id} without its frame component or Huffman table`);
        scanComponents.push({ index: component.index, table });
      }
      const predictor = data[body + 1 + n * 2]!;
      pointTransform = data[body + 3 + n * 2]! & 0x0f;
      if (predictor < 1 || predictor > 7) fail(`predictor ${predictor}`);
      pos = decodeScan(data, end, frame, { components: scanComponents, predictor, pointTransform }, restartInterval, samples);
      continue;
    }
    pos = end;
  }
  if (!frame || !samples) fail('no frame header (SOF3)');
  if (pointTransform > 0) for (let i = 0; i < samples.length; i += 1) samples[i] = samples[i]! << pointTransform;
  return { frame, samples: bitsAllocated === 8 ? new Uint8Array(samples) : samples };
}

/** The decoder reads past a codestream that stops early without a word; an end marker must be there. */
function endsWithEoi(encoded: Uint8Array): boolean {
  let end = encoded.length;
  while (end > 2 && encoded[end - 1] === 0) end -= 1; // fragments are padded to even length
  return encoded[end - 2] === 0xff && encoded[end - 1] === 0xd9;
}

const decode: Codec = (encoded, frame) => {
  if (!endsWithEoi(encoded)) throw new Error('The JPEG Lossless codestream has no end marker');
  const decoded = decodeJpegLossless(encoded, frame.bitsAllocated);
  expectSize({ width: decoded.frame.columns, height: decoded.frame.rows, componentCount: decoded.frame.components.length }, frame);
  return { samples: decoded.samples, layout: 'interleaved', rgb: false };
};

export const load: LoadCodec = async () => decode;
