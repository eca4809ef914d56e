/**
 * The six hospital themes (spec section 3) as plain values, so tests can check their contrast
 * (tests/theme/theme.test.ts). brandStrong carries white text (buttons), and is text on white (links)
 * and on brandSoft (a chosen chip): each reaches 4.5:1. brand draws no text, only what marks a state
 * (focus rings, a chosen card's border, progress): 3:1 on white, the page and brandSoft.
 */
export interface BrandPalette {
  brand: string;
  brandStrong: string;
  brandSoft: string;
  onBrand: string;
}

export const PALETTES = {
  1: { brand: '#5E7D7A', brandStrong: '#4F6B68', brandSoft: '#EEF3F2', onBrand: '#FFFFFF' }, // gray-green
  2: { brand: '#1677FF', brandStrong: '#1264E0', brandSoft: '#E8F1FF', onBrand: '#FFFFFF' }, // primary
  3: { brand: '#6B3FD6', brandStrong: '#6B3FD6', brandSoft: '#F1ECFC', onBrand: '#FFFFFF' }, // purple
  4: { brand: '#0F9A73', brandStrong: '#0B7A5C', brandSoft: '#E7F6F1', onBrand: '#FFFFFF' }, // spring-green
  5: { brand: '#069A54', brandStrong: '#067A44', brandSoft: '#E6F6EE', onBrand: '#FFFFFF' }, // verdure-green
  6: { brand: '#0B6E4F', brandStrong: '#0B6E4F', brandSoft: '#E7F1ED', onBrand: '#FFFFFF' }, // deep-green
} as const satisfies Record<number, BrandPalette>;

/**
 * Status colours are the same in every theme and always travel with a label (ui.md). They are text
 * on white, on the page and on every theme's brandSoft (a chosen card): 4.5:1 on each.
 */
export const STATUS_COLOURS = {
  toBePaid: '#A84D08',
  inProgress: '#1D4ED8',
  succeeded: '#117838',
  failed: '#B91C1C',
  closed: '#4B5563',
} as const;

/** The colours every theme shares: text on the surfaces, and the surfaces. */
export const NEUTRAL_COLOURS = {
  text: '#1F2937',
  textMuted: '#4B5563',
  surface: '#FFFFFF',
  page: '#F3F5F7',
  line: '#E5E7EB',
  danger: '#B91C1C',
} as const;

/** WCAG contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The viewer's corner text (patient, study, slice, window): light text, each line on a black band
 * this opaque, so it stays readable over any image, even pure white (tests/theme/theme.test.ts).
 */
export const VIEWER_OVERLAY = { text: '#F3F4F6', band: '#000000', bandOpacity: 0.6 } as const;
