import { LOCALE_KEY, resolveLocale, type Locale } from '../shared/i18n/locale';

/** What the boot script reads of the page it runs in. */
export interface BootPage {
  document: Pick<Document, 'createElement' | 'head'>;
  location: Pick<Location, 'search'>;
  navigator: Pick<Navigator, 'languages'>;
  localStorage: () => Pick<Storage, 'getItem'>;
}

/**
 * Asks for the shown language's strings as index.html is read, beside the entry (index.html's boot
 * script, scripts/build/bootScript.ts). The entry asks for them too (src/main.tsx), but only once it
 * has arrived and run: on a phone at 150 ms that is a round trip after the entry's download, before
 * the first screen can say anything. The language is the one the app will choose, by its own rule.
 * `files`: each language's chunk and the chunks it imports.
 */
export function preloadStrings(files: Readonly<Record<Locale, readonly string[]>>, page: BootPage): void {
  let saved: string | null = null;
  try {
    saved = page.localStorage().getItem(LOCALE_KEY);
  } catch {
    // Storage refused (a private window, a blocked site): the address and the browser decide.
  }
  const locale = resolveLocale({ query: new URLSearchParams(page.location.search).get('lang'), saved, browser: page.navigator.languages ?? [] });
  for (const href of files[locale]) {
    const link = page.document.createElement('link');
    link.rel = 'modulepreload';
    // As the entry's own module requests are made (Vite's crossorigin), so the import takes this one.
    link.crossOrigin = '';
    link.href = href;
    page.document.head.appendChild(link);
  }
}
