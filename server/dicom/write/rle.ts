/**
 * RLE Lossless (PS3.5 Annex G): each frame is split into segments, one per byte of each sample
 * (the most significant byte first, then sample by sample: R, G, B), each segment PackBits
 * encoded row by row, behind a 64-byte header of the segment count and offsets.
 */

/** PackBits (G.3.1): literal runs (header n-1) and replicate runs (header 257-n), never across a row. */
function packBits(row: Uint8Array, out: number[]): void {
  let at = 0;
  while (at < row.length) {
    let run = 1;
    while (at + run < row.length && run < 128 && row[at + run] === row[at]) run += 1;
    if (run >= 2) {
      out.push(257 - run, row[at]!);
      at += run;
      continue;
    }
    // A literal run goes on until two equal bytes start a replicate run.
    let end = at + 1;
    while (end < row.length && end - at < 128 && !(end + 1 < row.length && row[end] === row[end + 1])) end += 1;
    out.push(end - at - 1, ...row.subarray(at, end));
    at = end;
  }
}

/**
 * One frame of samples (interleaved when colour) as an RLE frame. `bytesPerSample` is 1 or 2;
 * 16-bit values are taken as their unsigned bit patterns.
 */
export function encodeRleFrame(
  samples: ArrayLike<number>,
  size: { rows: number; columns: number; samplesPerPixel: number; bytesPerSample: number },
): Uint8Array {
  const { rows, columns, samplesPerPixel, bytesPerSample } = size;
  const segments: Uint8Array[] = [];
  const row = new Uint8Array(columns);
  for (let sample = 0; sample < samplesPerPixel; sample += 1) {
    for (let byte = bytesPerSample - 1; byte >= 0; byte -= 1) {
      const encoded: number[] = [];
      for (let y = 0; y < rows; y += 1) {
        for (let x = 0; x < columns; x += 1) {
          row[x] = (samples[(y * columns + x) * samplesPerPixel + sample]! >> (8 * byte)) & 0xff;
        }
        packBits(row, encoded);
      }
      if (encoded.length % 2 === 1) encoded.push(0);
      segments.push(Uint8Array.from(encoded));
    }
  }
  if (segments.length > 15) throw new Error('RLE: at most 15 segments');
  const header = new DataView(new ArrayBuffer(64));
  header.setUint32(0, segments.length, true);
  let offset = 64;
  segments.forEach((segment, i) => {
    header.setUint32(4 + 4 * i, offset, true);
    offset += segment.length;
  });
  const out = new Uint8Array(offset);
  out.set(new Uint8Array(header.buffer));
  let at = 64;
  for (const segment of segments) {
    out.set(segment, at);
    at += segment.length;
  }
  return out;
}
