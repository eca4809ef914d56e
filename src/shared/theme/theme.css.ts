import { createGlobalTheme, createTheme, createThemeContract } from '@vanilla-extract/css';
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

export const tokens = createGlobalTheme(':root', {
  status: STATUS_COLOURS,
  colour: NEUTRAL_COLOURS,
  font: {
    body: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  },
  /** Sizes in rem (1rem = screen width / 10) with a px floor, so text never falls below 15 px. */
  size: {
    body: 'max(15px, 0.427rem)',
    small: 'max(13px, 0.373rem)',
    title: 'max(17px, 0.48rem)',
    heading: 'max(20px, 0.56rem)',
    touch: '44px',
    gap: 'max(12px, 0.32rem)',
    radius: '12px',
  },
});
