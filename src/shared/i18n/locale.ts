export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** Where the reader's choice of language is kept (localStorage): src/main.tsx writes it. */
export const LOCALE_KEY = 'cf.locale';

/** Maps a language tag ("en-GB", "zh", "zh-Hans-CN") to a supported locale, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return null;
}

/** Locale order (decisions.md): `?lang=` query, saved choice, browser language, zh-CN. */
export function resolveLocale(sources: {
  query: string | null;
  saved: string | null;
  browser: readonly string[];
}): Locale {
  return (
    matchLocale(sources.query) ??
    matchLocale(sources.saved) ??
    sources.browser.map(matchLocale).find((l): l is Locale => l !== null) ??
    DEFAULT_LOCALE
  );
}
