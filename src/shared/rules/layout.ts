import { ROOT_FONT_SIZE_DIVISOR } from './constants';

/** Root font size in px for a screen width in px (spec §9: width / 10). Returns 0 for a non-positive or non-finite width. */
export function rootFontSizePx(screenWidthPx: number): number {
  return Number.isFinite(screenWidthPx) && screenWidthPx > 0 ? screenWidthPx / ROOT_FONT_SIZE_DIVISOR : 0;
}
