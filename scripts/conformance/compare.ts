import type { Frame } from '../../src/features/viewer/dicom/decoded';

/**
 * Our decoded frame against DCMTK's rendering, by Pearson correlation: window-insensitive for a
 * linear window, so modality values compare with DCMTK's unwindowed output. Self-contained (no
 * imports at run time, no closures over module state): the Chromium test runs these same
 * functions in the page, bundled on their own (e2e/conformance.spec.ts).
 */

/** A PGM or PPM as dcmj2pnm writes it: 16-bit ASCII (P2, P3) for grey, 8-bit binary (P6) for colour. */
export interface Picture {
  width: number;
  height: number;
  channels: 1 | 3;
  samples: Float64Array;
}

export function parsePnm(bytes: Uint8Array): Picture {
  // The header: magic, width, height, maxval, each after white space, then one white space byte.
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (at < bytes.length && /\s/.test(String.fromCharCode(bytes[at]!))) at++;
    if (bytes[at] === 0x23) {
      while (at < bytes.length && bytes[at] !== 0x0a) at++;
      continue;
    }
    let token = '';
    while (at < bytes.length && !/\s/.test(String.fromCharCode(bytes[at]!))) token += String.fromCharCode(bytes[at++]!);
    header.push(token);
  }
  at++;
  const [magic, width, height, maxval] = [header[0], Number(header[1]), Number(header[2]), Number(header[3])];
  if (!['P2', 'P3', 'P5', 'P6'].includes(magic!)) throw new Error(`not a PGM or PPM: ${magic}`);
  const channels = magic === 'P2' || magic === 'P5' ? 1 : 3;
  const count = width * height * channels;
  let samples: Float64Array;
  if (magic === 'P2' || magic === 'P3') {
    samples = Float64Array.from(new TextDecoder().decode(bytes.subarray(at)).trim().split(/\s+/).slice(0, count), Number);
  } else {
    const wide = maxval > 255;
    samples = new Float64Array(count);
    for (let i = 0; i < count && at + (wide ? 1 : 0) < bytes.length; i++, at += wide ? 2 : 1) samples[i] = wide ? bytes[at]! * 256 + bytes[at + 1]! : bytes[at]!;
  }
  if (samples.length !== count) throw new Error(`PNM with ${samples.length} samples for ${width} × ${height} × ${channels}`);
  return { width, height, channels, samples };
}

/**
 * The frame as the patient sees its brightness, sample by sample: grey values negated for
 * MONOCHROME1 (DCMTK's output is already inverted), colour as R G B without alpha.
 */
export function displayedSamples(frame: Frame): Float64Array {
  if (frame.kind === 'grey') return Float64Array.from(frame.values, (v) => (frame.invert ? -v : v));
  const out = new Float64Array((frame.rgba.length / 4) * 3);
  for (let i = 0, j = 0; i < frame.rgba.length; i += 4, j += 3) {
    out[j] = frame.rgba[i]!;
    out[j + 1] = frame.rgba[i + 1]!;
    out[j + 2] = frame.rgba[i + 2]!;
  }
  return out;
}

/** Pearson's r; 1 for two equal constant pictures, 0 when only one of them is constant. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i]!;
    meanB += b[i]!;
  }
  meanA /= n;
  meanB /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  if (aa === 0 && bb === 0) return 1;
  if (aa === 0 || bb === 0) return 0;
  return ab / Math.sqrt(aa * bb);
}

/**
 * How well a decoded frame matches the reference: its correlation (and for grey, the modality
 * range decoded), or why they cannot be compared (another size, grey against colour).
 */
export function compareFrame(frame: Frame, reference: Picture): { correlation: number; min?: number; max?: number } | { mismatch: string } {
  if (frame.columns !== reference.width || frame.rows !== reference.height) {
    return { mismatch: `decoded ${frame.columns} × ${frame.rows}, reference ${reference.width} × ${reference.height}` };
  }
  const channels = frame.kind === 'grey' ? 1 : 3;
  if (channels !== reference.channels) return { mismatch: `decoded ${frame.kind}, reference ${reference.channels === 1 ? 'grey' : 'colour'}` };
  const correlation = pearson(displayedSamples(frame), reference.samples);
  return frame.kind === 'grey' ? { correlation, min: frame.min, max: frame.max } : { correlation };
}
