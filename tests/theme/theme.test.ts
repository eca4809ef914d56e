import { describe, expect, it } from 'vitest';
import { contrastRatio, NEUTRAL_COLOURS, PALETTES, STATUS_COLOURS, VIEWER_OVERLAY } from '../../src/shared/theme/palettes';
import { installRootFontSize, layoutRootFontSizePx } from '../../src/shared/theme/rootFontSize';
import { chooseTheme } from '../../src/shared/theme/useThemeClass';
import { THEMES } from '../../src/shared/rules/constants';

describe('themes', () => {
  it('define all six themes of spec section 3', () => {
    expect(Object.keys(PALETTES).map(Number)).toEqual(THEMES.map((t) => t.id));
  });

  it.each(Object.entries(PALETTES))('theme %s: buttons and links reach 4.5:1', (_id, palette) => {
    expect(contrastRatio(palette.onBrand, palette.brandStrong)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.brandStrong, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  /**
   * The browser walk (e2e/a11y.spec.ts) sees the default theme only; these are the pairs every
   * theme puts on screen, as text (WCAG 1.4.3, 4.5:1) or as what marks a state (1.4.11, 3:1).
   */
  describe.each(Object.entries(PALETTES))('theme %s', (_id, palette) => {
    const { text, textMuted, surface, page } = NEUTRAL_COLOURS;
    const backgrounds = { surface, page, brandSoft: palette.brandSoft };

    it.each(Object.entries(backgrounds))('text, muted text, links and every status colour reach 4.5:1 on %s', (_name, background) => {
      const texts = { text, textMuted, brandStrong: palette.brandStrong, ...STATUS_COLOURS };
      const below = Object.entries(texts).filter(([, colour]) => contrastRatio(colour, background) < 4.5);
      expect(below.map(([name, colour]) => `${name} ${colour}: ${contrastRatio(colour, background).toFixed(2)}:1`)).toEqual([]);
    });

    it.each(Object.entries(backgrounds))('the accent (focus rings, a chosen card, progress) reaches 3:1 on %s', (_name, background) => {
      expect(contrastRatio(palette.brand, background)).toBeGreaterThanOrEqual(3);
    });
  });

  it("the viewer's corner text reaches 4.5:1 over any image, pure white included", () => {
    const { text, band, bandOpacity } = VIEWER_OVERLAY;
    const over = (image: number) => {
      const channel = Math.round(image * (1 - bandOpacity) + parseInt(band.slice(1, 3), 16) * bandOpacity);
      return `#${channel.toString(16).padStart(2, '0').repeat(3)}`;
    };
    for (const image of [0, 128, 200, 255]) expect(contrastRatio(text, over(image)), `over grey ${image}`).toBeGreaterThanOrEqual(4.5);
  });

  it('status colours are readable on white', () => {
    for (const colour of Object.values(STATUS_COLOURS)) expect(contrastRatio(colour, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('follow the hospital setting, else the configured default', () => {
    expect(chooseTheme(5, 2)).toBe(5);
    expect(chooseTheme(9, 3)).toBe(3);
    expect(chooseTheme('5', 3)).toBe(3);
    expect(chooseTheme(undefined, 0)).toBe(2);
  });
});

describe('root font size', () => {
  it('is the screen width / 10 on phones, capped on wide screens', () => {
    expect(layoutRootFontSizePx(375)).toBe(37.5);
    expect(layoutRootFontSizePx(320)).toBe(32);
    expect(layoutRootFontSizePx(1920)).toBe(75);
  });

  it('stays right on resize and rotation', () => {
    const html = document.documentElement;
    Object.defineProperty(html, 'clientWidth', { configurable: true, value: 414 });
    const stop = installRootFontSize(window);
    expect(html.style.fontSize).toBe('41.4px');
    Object.defineProperty(html, 'clientWidth', { configurable: true, value: 320 });
    window.dispatchEvent(new Event('orientationchange'));
    expect(html.style.fontSize).toBe('32px');
    Object.defineProperty(html, 'clientWidth', { configurable: true, value: 360 });
    window.dispatchEvent(new Event('resize'));
    expect(html.style.fontSize).toBe('36px');
    stop();
    Object.defineProperty(html, 'clientWidth', { configurable: true, value: 400 });
    window.dispatchEvent(new Event('resize'));
    expect(html.style.fontSize).toBe('36px');
  });
});
