import { createGlobalTheme, createTheme, createThemeContract, createVar, fallbackVar, globalStyle } from '@vanilla-extract/css';
import { NEUTRAL_COLOURS, PALETTES, STATUS_COLOURS } from './palettes';

/** The one theme contract: every component reads colours through `brandVars` and `tokens`. */
export const brandVars = createThemeContract({
  brand: null,
  brandStrong: null,
  brandSoft: null,
  onBrand: null,
});

export const themeClasses = {
  1: createTheme(brandVars, PALETTES[1], 'theme-gray-green'),
  2: createTheme(brandVars, PALETTES[2], 'theme-primary'),
  3: createTheme(brandVars, PALETTES[3], 'theme-purple'),
  4: createTheme(brandVars, PALETTES[4], 'theme-spring-green'),
  5: createTheme(brandVars, PALETTES[5], 'theme-verdure-green'),
  6: createTheme(brandVars, PALETTES[6], 'theme-deep-green'),
} as const;

/**
 * How much larger than standard the reader wants text (textSize.ts): 1, or LARGE_TEXT_SCALE when
 * the root says `data-text-size="large"`. Only the text sizes scale; touch targets, gaps and radii
 * stay, so a screen grows taller, never wider.
 */
export const textScale = createVar();
export const LARGE_TEXT_SCALE = 1.25;
globalStyle(':root[data-text-size="large"]', { vars: { [textScale]: String(LARGE_TEXT_SCALE) } });
const scaled = (size: string) => `calc(${size} * ${fallbackVar(textScale, '1')})`;

export const tokens = createGlobalTheme(':root', {
  status: STATUS_COLOURS,
  colour: NEUTRAL_COLOURS,
  font: {
    body: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  },
  /** Sizes in rem (1rem = screen width / 10) with a px floor, so text never falls below 15 px. */
  size: {
    body: scaled('max(15px, 0.427rem)'),
    small: scaled('max(13px, 0.373rem)'),
    title: scaled('max(17px, 0.48rem)'),
    heading: scaled('max(20px, 0.56rem)'),
    touch: '44px',
    gap: 'max(12px, 0.32rem)',
    radius: '12px',
  },
});
