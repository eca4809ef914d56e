/**
 * A 5 × 7 pixel font for the annotations burnt into films and key images: capitals, digits and the
 * punctuation DICOM values use. Each glyph is seven rows of five bits, the top row first. Other
 * characters (lower case is drawn as upper case) show as a blank.
 */

const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ',': [0, 0, 0, 0, 12, 4, 8],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '+': [0, 4, 4, 31, 4, 4, 0],
  '/': [1, 1, 2, 4, 8, 16, 16],
  '(': [2, 4, 8, 8, 8, 4, 2],
  ')': [8, 4, 2, 2, 2, 4, 8],
  '[': [14, 8, 8, 8, 8, 8, 14],
  ']': [14, 2, 2, 2, 2, 2, 14],
  '=': [0, 0, 31, 0, 31, 0, 0],
  '%': [24, 25, 2, 4, 8, 19, 3],
  '^': [4, 10, 17, 0, 0, 0, 0],
  '#': [10, 10, 31, 10, 31, 10, 10],
  _: [0, 0, 0, 0, 0, 0, 31],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Where text goes: an RGBA canvas, row by row. */
export interface Canvas {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Width in pixels of `text` at `scale`. */
export function textWidth(text: string, scale: number): number {
  return text.length * (GLYPH_WIDTH + 1) * scale;
}

/** Draws `text` with its top-left corner at (x, y), each font pixel a `scale` × `scale` square. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, scale: number, colour: readonly [number, number, number]): void {
  let penX = x;
  for (const character of text.toUpperCase()) {
    const glyph = GLYPHS[character];
    if (glyph) {
      glyph.forEach((bits, row) => {
        for (let column = 0; column < GLYPH_WIDTH; column++) {
          if (!(bits & (1 << (GLYPH_WIDTH - 1 - column)))) continue;
          fillRect(canvas, penX + column * scale, y + row * scale, scale, scale, colour);
        }
      });
    }
    penX += (GLYPH_WIDTH + 1) * scale;
  }
}

export function fillRect(canvas: Canvas, x: number, y: number, width: number, height: number, colour: readonly [number, number, number]): void {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(canvas.width, Math.floor(x + width));
  const y1 = Math.min(canvas.height, Math.floor(y + height));
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const at = (py * canvas.width + px) * 4;
      canvas.rgba[at] = colour[0];
      canvas.rgba[at + 1] = colour[1];
      canvas.rgba[at + 2] = colour[2];
      canvas.rgba[at + 3] = 255;
    }
  }
}
