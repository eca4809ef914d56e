import { afterEach, describe, expect, it } from 'vitest';
import { preloadStrings, type BootPage } from '../../src/app/preloadStrings';
import { LOCALE_KEY } from '../../src/shared/i18n/locale';

const FILES = { 'zh-CN': ['/assets/zh-CN-a.js'], en: ['/assets/en-b.js', '/assets/shared-c.js'] };

function page(options: { search?: string; saved?: string | null; languages?: string[]; storage?: 'refused' } = {}): BootPage {
  return {
    document,
    location: { search: options.search ?? '' },
    navigator: { languages: options.languages ?? [] },
    localStorage: () => {
      if (options.storage === 'refused') throw new DOMException('denied', 'SecurityError');
      return { getItem: (key: string) => (key === LOCALE_KEY ? (options.saved ?? null) : null) };
    },
  };
}

const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

describe("the boot script's ask for the strings", () => {
  it.each([
    ['the address says so', { search: '?lang=en', saved: 'zh-CN', languages: ['zh-CN'] }, FILES.en],
    ['the saved choice, over the browser', { saved: 'zh-CN', languages: ['en-GB'] }, FILES['zh-CN']],
    ["the browser's first language the app speaks", { languages: ['fr-FR', 'en-US', 'zh-CN'] }, FILES.en],
    ['Chinese when nothing says otherwise', { languages: ['fr-FR'] }, FILES['zh-CN']],
    ['the browser when storage is refused', { storage: 'refused' as const, languages: ['en'] }, FILES.en],
  ])('asks for the language the app will show: %s', (_label, options, expected) => {
    preloadStrings(FILES, page(options));
    expect(preloaded()).toEqual(expected);
  });

  it('asks as the entry imports them (crossorigin), so the import takes this answer', () => {
    preloadStrings(FILES, page({ languages: ['en'] }));
    for (const link of document.head.querySelectorAll('link')) expect(link.getAttribute('crossorigin')).toBe('');
  });
});
