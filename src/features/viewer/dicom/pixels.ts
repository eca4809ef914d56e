import type { PixelDescription } from './attributes';
import type { ColourFrame, GreyFrame } from './decoded';
import type { Palette } from './palette';

/** A frame's samples as stored or as a codec gave them back. */
export type Samples = Uint8Array | Uint16Array | Int16Array | Uint8ClampedArray;

/** How colour samples are laid out: pixel by pixel, plane by plane, or YBR_FULL_422's Y Y Cb Cr pairs. */
export type ColourLayout = 'interleaved' | 'planar' | 'ybr422';

/**
 * Greyscale: each stored value shifted down to its high bit, masked to Bits Stored (overlays and
 * padding live above), sign-extended when signed, then Rescale Slope and Intercept give the
 * modality value (Hounsfield units for CT).
 */
export function greyFrame(samples: Samples, pixels: PixelDescription, shift = 0): GreyFrame {
  const { rows, columns, bitsStored, signed, rescaleSlope: slope, rescaleIntercept: intercept } = pixels;
  const count = rows * columns;
  const mask = (1 << bitsStored) - 1;
  const sign = 1 << (bitsStored - 1);
  const values = new Float32Array(count);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i += 1) {
    let stored = (samples[i]! >> shift) & mask;
    if (signed && stored & sign) stored -= sign << 1;
    const value = stored * slope + intercept;
    values[i] = value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { kind: 'grey', rows, columns, values, min, max, invert: pixels.photometricInterpretation === 'MONOCHROME1' };
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** Stored value → 0..255, for colour samples above 8 bits. */
function byteSamples(samples: Samples, bitsStored: number): Samples {
  if (bitsStored === 8 && !(samples instanceof Uint16Array || samples instanceof Int16Array)) return samples;
  const mask = (1 << bitsStored) - 1;
  const shift = bitsStored > 8 ? bitsStored - 8 : 0;
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) out[i] = (samples[i]! & mask) >> shift;
  return out;
}

/**
 * Colour: to RGBA for a canvas. YBR_FULL and YBR_FULL_422 are converted (PS3.3 C.7.6.3.1.2);
 * `ybr` is false when the codec already gave RGB. Samples above 8 bits are scaled down. One plain
 * loop per layout, no call per pixel: a 2500 × 3000 radiograph is 7.5 million of them.
 */
export function colourFrame(stored: Samples, pixels: PixelDescription, layout: ColourLayout, ybr: boolean): ColourFrame {
  const { rows, columns } = pixels;
  const count = rows * columns;
  const samples = byteSamples(stored, pixels.bitsStored);
  const rgba = new Uint8ClampedArray(count * 4);
  if (layout === 'interleaved' && !ybr && LITTLE_ENDIAN) {
    // The common case (RGB, 8 bits, pixel by pixel): one 32-bit store per pixel.
    const words = new Uint32Array(rgba.buffer);
    for (let i = 0, at = 0; i < count; i += 1, at += 3) {
      words[i] = 0xff000000 | (samples[at + 2]! << 16) | (samples[at + 1]! << 8) | samples[at]!;
    }
    return { kind: 'colour', rows, columns, rgba };
  }
  // Where pixel i's three samples are: `at(i) + k * step`.
  const base = layout === 'planar' ? 1 : layout === 'ybr422' ? 0 : 3;
  const step = layout === 'planar' ? count : 1;
  for (let i = 0, out = 0; i < count; i += 1, out += 4) {
    let a: number;
    let at: number;
    if (layout === 'ybr422') {
      // Two pixels share one Cb and one Cr: Y1 Y2 Cb Cr.
      at = (i >> 1) * 4 + 2;
      a = samples[at - 2 + (i & 1)]!;
    } else {
      at = i * base + step;
      a = samples[at - step]!;
    }
    const b = samples[at]!;
    const c = samples[at + (layout === 'ybr422' ? 1 : step)]!;
    if (ybr) {
      rgba[out] = a + 1.402 * (c - 128);
      rgba[out + 1] = a - 0.344136 * (b - 128) - 0.714136 * (c - 128);
      rgba[out + 2] = a + 1.772 * (b - 128);
    } else {
      rgba[out] = a;
      rgba[out + 1] = b;
      rgba[out + 2] = c;
    }
    rgba[out + 3] = 255;
  }
  return { kind: 'colour', rows, columns, rgba };
}

/**
 * PALETTE COLOR: each stored value (masked, sign-extended like a grey one) picks its entries;
 * values outside the tables take the nearest end (PS3.3 C.7.6.3.1.5).
 */
export function paletteFrame(samples: Samples, pixels: PixelDescription, palette: Palette, shift = 0): ColourFrame {
  const { rows, columns, bitsStored, signed } = pixels;
  const { red, green, blue, firstMapped } = palette;
  const count = rows * columns;
  const mask = (1 << bitsStored) - 1;
  const sign = 1 << (bitsStored - 1);
  const last = red.length - 1;
  const rgba = new Uint8ClampedArray(count * 4);
  for (let i = 0, out = 0; i < count; i += 1, out += 4) {
    let stored = (samples[i]! >> shift) & mask;
    if (signed && stored & sign) stored -= sign << 1;
    const entry = Math.min(last, Math.max(0, stored - firstMapped));
    rgba[out] = red[entry]!;
    rgba[out + 1] = green[entry]!;
    rgba[out + 2] = blue[entry]!;
    rgba[out + 3] = 255;
  }
  return { kind: 'colour', rows, columns, rgba };
}
