/**
 * index.html's boot script: the build compiles this to a few hundred bytes and writes it inline in
 * the page's head (scripts/build/bootScript.ts), with each language's strings' files for
 * `__CATALOGUE_FILES__`. It runs as the page is read, long before the entry has arrived.
 */
import type { Locale } from '../shared/i18n/locale';
import { preloadStrings } from './preloadStrings';

declare const __CATALOGUE_FILES__: Record<Locale, string[]>;

preloadStrings(__CATALOGUE_FILES__, { document, location, navigator, localStorage: () => localStorage });
