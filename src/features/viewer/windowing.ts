import type { PresetId, Window } from '../../../machines/viewer/viewerViewport.types';
import type { DecodedFrame, GreyFrame } from './dicom/decoded';

/** A window over the frame's whole range of values. */
export function autoWindow(frame: Pick<GreyFrame, 'min' | 'max'>): Window {
  return { center: (frame.min + frame.max) / 2, width: Math.max(1, frame.max - frame.min) };
}

/**
 * The window an image is drawn with: the viewport's (a named preset or a dragged one), else the
 * file's own (`file`) or the value range (`auto`, or a file that names none). Colour has none.
 */
export function effectiveWindow(decoded: DecodedFrame, viewport: { preset: PresetId; window: Window | null }): Window | null {
  if (decoded.frame.kind === 'colour') return null;
  if (viewport.window) return viewport.window;
  if (viewport.preset === 'file' && decoded.info.windows[0]) return decoded.info.windows[0];
  return autoWindow(decoded.frame);
}

/** A window as the screen's data attributes tell it to tests and QA: `center/width`, rounded. */
export const windowAttribute = (window: Window | null) => (window ? `${Math.round(window.center)}/${Math.round(window.width)}` : undefined);

/** Values spanning at most this many integers get a lookup table; wider ones are mapped one by one. */
const LUT_SPAN = 1 << 16;

/**
 * Grey values to RGBA through the window (DICOM PS3.3 C.11.2.1.2, the linear VOI function),
 * inverted for MONOCHROME1. Writes into `out` (rows × columns × 4).
 */
export function greyToRgba(frame: GreyFrame, window: Window, out: Uint8ClampedArray): Uint8ClampedArray {
  const { values, invert } = frame;
  const low = window.center - 0.5 - (window.width - 1) / 2;
  const scale = 255 / Math.max(1, window.width - 1);
  const map = (value: number) => {
    const grey = value <= low ? 0 : Math.min(255, (value - low) * scale);
    return invert ? 255 - grey : grey;
  };
  const base = Math.floor(frame.min);
  const span = Math.ceil(frame.max) - base + 1;
  if (Number.isFinite(span) && span > 0 && span <= LUT_SPAN) {
    const lut = new Uint8ClampedArray(span);
    for (let i = 0; i < span; i++) lut[i] = map(base + i);
    for (let i = 0, o = 0; i < values.length; i++, o += 4) {
      const grey = lut[Math.round(values[i]!) - base]!;
      out[o] = grey;
      out[o + 1] = grey;
      out[o + 2] = grey;
      out[o + 3] = 255;
    }
  } else {
    for (let i = 0, o = 0; i < values.length; i++, o += 4) {
      const grey = map(values[i]!);
      out[o] = grey;
      out[o + 1] = grey;
      out[o + 2] = grey;
      out[o + 3] = 255;
    }
  }
  return out;
}
