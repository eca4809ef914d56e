import { randomInt } from 'node:crypto';

/**
 * The image code of V1.0/Package/imagecode: four characters drawn as SVG strokes (no text
 * element, so the answer is not in the markup), each turned and shifted at random, over noise
 * curves and dots. Readable by an older patient (issue 24 §6): no look-alike characters, large
 * strokes only slightly turned, and light noise behind the characters, never across them.
 */

/**
 * Nothing a person could misread: no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G. Four of 22 characters
 * (about 234,000 answers) behind the per-target and per-client limits.
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY3479';
/** Characters a patient could take for one another; none is in the alphabet. */
export const CAPTCHA_LOOK_ALIKES = '0OQ1IL2Z5S8B6G';
export const CAPTCHA_LENGTH = 4;

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 60;
const WIDTH = CAPTCHA_WIDTH;
const HEIGHT = CAPTCHA_HEIGHT;

// Each glyph is an SVG path in a 10 x 14 box, y downwards, drawn as a stroke.
const O = 'M5,0 Q0,0 0,7 Q0,14 5,14 Q10,14 10,7 Q10,0 5,0 Z';
const P = 'M0,14 L0,0 L6,0 Q10,0 10,4 Q10,8 6,8 L0,8';
const GLYPHS: Readonly<Record<string, string>> = {
  A: 'M0,14 L5,0 L10,14 M2,9 L8,9',
  B: 'M0,7 L6,7 Q9,7 9,3.5 Q9,0 6,0 L0,0 L0,14 L7,14 Q10,14 10,10.5 Q10,7 7,7',
  C: 'M10,2 Q8,0 5,0 Q0,0 0,7 Q0,14 5,14 Q8,14 10,12',
  D: 'M0,0 L0,14 L4,14 Q10,14 10,7 Q10,0 4,0 Z',
  E: 'M10,0 L0,0 L0,14 L10,14 M0,7 L7,7',
  F: 'M10,0 L0,0 L0,14 M0,7 L7,7',
  G: 'M10,2 Q8,0 5,0 Q0,0 0,7 Q0,14 5,14 Q10,14 10,8 L6,8',
  H: 'M0,0 L0,14 M10,0 L10,14 M0,7 L10,7',
  J: 'M3,0 L8,0 L8,10 Q8,14 4,14 Q0,14 0,10',
  K: 'M0,0 L0,14 M10,0 L0,8 M3,6 L10,14',
  M: 'M0,14 L0,0 L5,8 L10,0 L10,14',
  N: 'M0,14 L0,0 L10,14 L10,0',
  P,
  Q: `${O} M6,10 L10,14`,
  R: `${P} M5,8 L10,14`,
  S: 'M10,2 Q8,0 5,0 Q0,0 0,3.5 Q0,7 5,7 Q10,7 10,10.5 Q10,14 5,14 Q2,14 0,12',
  T: 'M0,0 L10,0 M5,0 L5,14',
  U: 'M0,0 L0,10 Q0,14 5,14 Q10,14 10,10 L10,0',
  V: 'M0,0 L5,14 L10,0',
  W: 'M0,0 L2.5,14 L5,5 L7.5,14 L10,0',
  X: 'M0,0 L10,14 M10,0 L0,14',
  Y: 'M0,0 L5,7 L10,0 M5,7 L5,14',
  Z: 'M0,0 L10,0 L0,14 L10,14',
  '2': 'M0,3 Q1,0 5,0 Q10,0 10,4 Q10,7 0,14 L10,14',
  '3': 'M0,1 Q2,0 5,0 Q10,0 10,3.5 Q10,7 5,7 Q10,7 10,10.5 Q10,14 5,14 Q2,14 0,13 M3,7 L5,7',
  '4': 'M7,14 L7,0 L0,10 L10,10',
  '5': 'M10,0 L1,0 L0,6 Q2,5 5,5 Q10,5 10,9.5 Q10,14 5,14 Q2,14 0,12',
  '6': 'M9,1 Q7,0 5,0 Q0,0 0,8 Q0,14 5,14 Q10,14 10,10 Q10,6 5,6 Q1,6 0,9',
  '7': 'M0,0 L10,0 L4,14',
  '8': 'M5,7 Q0,7 0,3.5 Q0,0 5,0 Q10,0 10,3.5 Q10,7 5,7 Q0,7 0,10.5 Q0,14 5,14 Q10,14 10,10.5 Q10,7 5,7 Z',
  '9': 'M1,13 Q3,14 5,14 Q10,14 10,6 Q10,0 5,0 Q0,0 0,4 Q0,8 5,8 Q9,8 10,5',
};

/** A random whole number from min to max, both included. */
function between(min: number, max: number): number {
  return randomInt(min, max + 1);
}

function darkColor(): string {
  return `hsl(${between(0, 359)},${between(55, 85)}%,${between(18, 28)}%)`;
}

function lightColor(): string {
  return `hsl(${between(0, 359)},${between(20, 50)}%,${between(65, 85)}%)`;
}

/** A fresh random answer. */
export function captchaAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

function glyph(character: string, slot: number): string {
  const path = GLYPHS[character];
  if (!path) throw new RangeError(`no glyph for ${character}`);
  const x = 23 + slot * 38 + between(-2, 2);
  const y = HEIGHT / 2 + between(-2, 2);
  const scale = between(250, 270) / 100;
  const skew = between(-6, 6);
  const transform = `translate(${x} ${y}) rotate(${between(-10, 10)}) skewX(${skew}) scale(${scale}) translate(-5 -7)`;
  return `<path d="${path}" transform="${transform}" fill="none" stroke="${darkColor()}" stroke-width="${between(11, 13) / 10}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function noiseCurve(color: string): string {
  const from = `${between(0, 10)} ${between(4, HEIGHT - 4)}`;
  const control = `${between(30, 90)} ${between(-10, HEIGHT + 10)}`;
  const to = `${between(WIDTH - 10, WIDTH)} ${between(4, HEIGHT - 4)}`;
  return `<path d="M${from} Q${control} ${to}" fill="none" stroke="${color}" stroke-width="${between(10, 18) / 10}"/>`;
}

function noiseDot(): string {
  return `<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="${between(5, 12) / 10}" fill="${lightColor()}"/>`;
}

/** The SVG drawing of an answer. */
export function captchaSvg(answer: string): string {
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${between(0, 359)},40%,96%)"/>`,
    // Light noise behind the characters only: nothing dark crosses them.
    ...Array.from({ length: 2 }, () => noiseCurve(lightColor())),
    ...Array.from({ length: 16 }, noiseDot),
    ...Array.from(answer, glyph),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}

/** As the `image` of a Captcha: an SVG data URL. */
export function captchaDataUrl(answer: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString('base64')}`;
}
