import type { Locale } from './locale';
import type { MessageKey } from './zh-CN';

export type Catalogue = Readonly<Record<MessageKey, string>>;

/**
 * Each language's strings are a chunk of their own: a phone downloads the language it shows, and
 * the other only when the patient switches to it.
 */
const LOADERS: Record<Locale, () => Promise<Catalogue>> = {
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
  en: () => import('./en').then((m) => m.en),
};

const loaded = new Map<Locale, Catalogue>();
const loading = new Map<Locale, Promise<Catalogue>>();

/** The language's strings, fetched once; a fetch that failed (offline) is tried again next time. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (catalogue) => (loaded.set(locale, catalogue), catalogue),
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** The language's strings if they have arrived (the app renders only once the shown one has). */
export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

/** Any arrived catalogue: every one carries every key. */
export function someLoadedCatalogue(): Catalogue | undefined {
  return loaded.values().next().value;
}
