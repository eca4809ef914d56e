/**
 * JPEG Lossless, Non-Hierarchical, First-Order Prediction (process 14, selection value 1; the
 * DICOM transfer syntax 1.2.840.10008.1.2.4.70): each sample is predicted by its left neighbour
 * (the one above at the start of a row), and the differences are Huffman coded (ITU-T T.81 H.1)
 * with a table built from their own statistics (T.81 Annex K.2).
 */

/** The Huffman category of a difference: how many bits its magnitude needs (16 for -32768). */
function category(diff: number): number {
  let magnitude = Math.abs(diff);
  let bits = 0;
  while (magnitude > 0) {
    bits += 1;
    magnitude >>= 1;
  }
  return bits;
}

interface HuffmanTable {
  /** How many codes of each length 1..16 (BITS), then the symbols by code length (HUFFVAL). */
  bits: number[];
  values: number[];
  code: number[];
  size: number[];
}

/** T.81 Annex K.2 and K.3: optimal code lengths, at most 16 bits, no code of all ones. */
function huffmanTable(frequencies: readonly number[]): HuffmanTable {
  const reserved = frequencies.length;
  const freq = [...frequencies, 1];
  const codeSize = freq.map(() => 0);
  const others = freq.map(() => -1);
  for (;;) {
    let v1 = -1;
    let v2 = -1;
    freq.forEach((f, i) => {
      if (f === 0) return;
      if (v1 < 0 || f <= freq[v1]!) {
        v2 = v1;
        v1 = i;
      } else if (v2 < 0 || f <= freq[v2]!) {
        v2 = i;
      }
    });
    if (v2 < 0) break;
    freq[v1]! += freq[v2]!;
    freq[v2] = 0;
    for (let v = v1; ; v = others[v]!) {
      codeSize[v]! += 1;
      if (others[v]! < 0) {
        others[v] = v2;
        break;
      }
    }
    for (let v = v2; v >= 0; v = others[v]!) codeSize[v]! += 1;
  }
  const bits = new Array<number>(33).fill(0);
  codeSize.forEach((size) => {
    if (size > 0) bits[size]! += 1;
  });
  for (let i = 32; i > 16; i -= 1) {
    while (bits[i]! > 0) {
      let j = i - 2;
      while (bits[j] === 0) j -= 1;
      bits[i]! -= 2;
      bits[i - 1]! += 1;
      bits[j + 1]! += 2;
      bits[j]! -= 1;
    }
  }
  let longest = 16;
  while (bits[longest] === 0) longest -= 1;
  bits[longest]! -= 1; // the reserved symbol's code
  const values: number[] = [];
  for (let size = 1; size <= 32; size += 1) {
    codeSize.forEach((s, symbol) => {
      if (s === size && symbol !== reserved) values.push(symbol);
    });
  }
  // Canonical codes (T.81 Annex C).
  const code = new Array<number>(reserved).fill(0);
  const size = new Array<number>(reserved).fill(0);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let n = 0; n < bits[length]!; n += 1) {
      const symbol = values[k]!;
      code[symbol] = next;
      size[symbol] = length;
      next += 1;
      k += 1;
    }
    next <<= 1;
  }
  return { bits: bits.slice(1, 17), values, code, size };
}

/** Entropy-coded bits, with a 0x00 stuffed after every 0xFF (T.81 F.1.2.3). */
class BitWriter {
  readonly bytes: number[] = [];
  private buffer = 0;
  private count = 0;

  put(value: number, length: number): void {
    if (length === 0) return;
    this.buffer = (this.buffer << length) | (value & ((1 << length) - 1));
    this.count += length;
    while (this.count >= 8) {
      const byte = (this.buffer >> (this.count - 8)) & 0xff;
      this.bytes.push(byte);
      if (byte === 0xff) this.bytes.push(0);
      this.count -= 8;
    }
    this.buffer &= (1 << this.count) - 1;
  }

  /** Pads the last byte with one bits. */
  finish(): number[] {
    if (this.count > 0) this.put(0xff, 8 - this.count);
    return this.bytes;
  }
}

function segment(marker: number, body: readonly number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...body];
}

/**
 * One frame as a JPEG Lossless SV1 codestream. `samples` are interleaved when colour; values are
 * taken modulo 2^precision, so signed values are coded as their two's complement bit patterns.
 * `restartRows`: a restart marker every that many rows (T.81 H.1.2.1: each interval begins as
 * the first line does); none when unset.
 */
export function encodeJpegLossless(
  samples: ArrayLike<number>,
  size: { rows: number; columns: number; samplesPerPixel: number; precision: number; restartRows?: number },
): Uint8Array {
  const { rows, columns, samplesPerPixel: components, precision, restartRows = 0 } = size;
  const mask = (1 << precision) - 1;
  const count = rows * columns * components;
  const diffs = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    const pixel = Math.floor(i / components);
    const x = pixel % columns;
    const y = Math.floor(pixel / columns);
    const value = samples[i]! & mask;
    const firstLine = restartRows > 0 ? y % restartRows === 0 : y === 0;
    const predicted = x > 0 ? samples[i - components]! & mask
      : !firstLine ? samples[i - columns * components]! & mask
      : 1 << (precision - 1);
    // Differences are taken modulo 2^16 (T.81 H.1.2.1).
    let diff = (value - predicted) & 0xffff;
    if (diff >= 0x8000) diff -= 0x10000;
    diffs[i] = diff;
  }
  const frequencies = new Array<number>(17).fill(0);
  for (const diff of diffs) frequencies[category(diff)]! += 1;
  const table = huffmanTable(frequencies);

  const writer = new BitWriter();
  const perInterval = restartRows * columns * components;
  for (const [i, diff] of diffs.entries()) {
    if (perInterval > 0 && i > 0 && i % perInterval === 0) {
      // Byte-aligned (padded with ones), then RST0..RST7 in turn.
      writer.finish();
      writer.bytes.push(0xff, 0xd0 + ((i / perInterval - 1) % 8));
    }
    const ssss = category(diff);
    writer.put(table.code[ssss]!, table.size[ssss]!);
    // Category 16 (a difference of 32768) carries no extra bits.
    if (ssss > 0 && ssss < 16) writer.put(diff > 0 ? diff : diff - 1, ssss);
  }

  const ids = Array.from({ length: components }, (_, c) => c + 1);
  const bytes = [
    0xff, 0xd8,
    // SOF3: precision, lines, samples per line, components (id, 1x1 sampling, no quantisation table).
    ...segment(0xc3, [precision, rows >> 8, rows & 0xff, columns >> 8, columns & 0xff, components, ...ids.flatMap((id) => [id, 0x11, 0])]),
    // DHT: one DC table (class 0, id 0) for every component.
    ...segment(0xc4, [0x00, ...table.bits, ...table.values]),
    // DRI: the restart interval in MCUs (one pixel each).
    ...(restartRows > 0 ? segment(0xdd, [(restartRows * columns) >> 8, (restartRows * columns) & 0xff]) : []),
    // SOS: the components with table 0, predictor 1, Se 0, no point transform.
    ...segment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), 1, 0, 0]),
    ...writer.finish(),
    0xff, 0xd9,
  ];
  return Uint8Array.from(bytes);
}
