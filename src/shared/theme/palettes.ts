/**
 * The six hospital themes (spec section 3) as plain values, so tests can check their contrast.
 * brandStrong carries white text (buttons) and sits on white (links): both reach 4.5:1.
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
  4: { brand: '#12A37B', brandStrong: '#0B7A5C', brandSoft: '#E7F6F1', onBrand: '#FFFFFF' }, // spring-green
  5: { brand: '#07A35A', brandStrong: '#067A44', brandSoft: '#E6F6EE', onBrand: '#FFFFFF' }, // verdure-green
  6: { brand: '#0B6E4F', brandStrong: '#0B6E4F', brandSoft: '#E7F1ED', onBrand: '#FFFFFF' }, // deep-green
} as const satisfies Record<number, BrandPalette>;

/** Status colours are the same in every theme and always travel with a label (ui.md). */
export const STATUS_COLOURS = {
  toBePaid: '#B45309',
  inProgress: '#1D4ED8',
  succeeded: '#15803D',
  failed: '#B91C1C',
  closed: '#4B5563',
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
