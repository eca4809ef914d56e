import type { Locale } from './locale';
import type { MessageKey } from './zh-CN';
import { loadedCatalogue, someLoadedCatalogue } from './catalogues';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * A plural in a message, as ICU writes it: `{count, plural, one {# image} other {# images}}`. The
 * `one` form is for exactly 1, `other` for every other number; `#` is the number. English needs it
 * ("1 image", "2 images"); Chinese has no plural forms and writes plain `{count}`.
 */
const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/** Translates with the language's strings, which must have arrived (`loadCatalogue`). */
export function createTranslate(locale: Locale): Translate {
  const catalogue = loadedCatalogue(locale);
  if (!catalogue) throw new Error(`The ${locale} strings have not been loaded`);
  return (key, params) =>
    catalogue[key]
      .replace(PLURAL, (whole, name: string, one: string, other: string) => {
        if (!params || !(name in params)) return whole;
        const value = params[name];
        return (Number(value) === 1 ? one : other).replaceAll('#', String(value));
      })
      .replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

/** Whether a key (read from an address, say) names a message: asked once the shown language has arrived. */
export function isMessageKey(key: string): key is MessageKey {
  const catalogue = someLoadedCatalogue();
  return catalogue !== undefined && Object.hasOwn(catalogue, key);
}
