import type { PixelDescription } from './attributes';
import type { ColourFrame, GreyFrame } from './decoded';

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

/**
 * Colour: to RGBA for a canvas. YBR_FULL and YBR_FULL_422 are converted (PS3.3 C.7.6.3.1.2);
 * `ybr` is false when the codec already gave RGB. Samples above 8 bits are scaled down.
 */
export function colourFrame(samples: Samples, pixels: PixelDescription, layout: ColourLayout, ybr: boolean): ColourFrame {
  const { rows, columns, bitsStored } = pixels;
  const count = rows * columns;
  const scale = bitsStored > 8 ? bitsStored - 8 : 0;
  const mask = (1 << bitsStored) - 1;
  const rgba = new Uint8ClampedArray(count * 4);
  const sample = (i: number) => (samples[i]! & mask) >> scale;
  for (let i = 0; i < count; i += 1) {
    let a: number;
    let b: number;
    let c: number;
    if (layout === 'planar') {
      a = sample(i);
      b = sample(count + i);
      c = sample(2 * count + i);
    } else if (layout === 'ybr422') {
      // Two pixels share one Cb and one Cr: Y1 Y2 Cb Cr.
      const pair = (i >> 1) * 4;
      a = sample(pair + (i & 1));
      b = sample(pair + 2);
      c = sample(pair + 3);
    } else {
      a = sample(i * 3);
      b = sample(i * 3 + 1);
      c = sample(i * 3 + 2);
    }
    const at = i * 4;
    if (ybr) {
      rgba[at] = a + 1.402 * (c - 128);
      rgba[at + 1] = a - 0.344136 * (b - 128) - 0.714136 * (c - 128);
      rgba[at + 2] = a + 1.772 * (b - 128);
    } else {
      rgba[at] = a;
      rgba[at + 1] = b;
      rgba[at + 2] = c;
    }
    rgba[at + 3] = 255;
  }
  return { kind: 'colour', rows, columns, rgba };
}
