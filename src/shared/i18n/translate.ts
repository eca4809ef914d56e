import type { Locale } from './locale';
import { en } from './en';
import { zhCN, type MessageKey } from './zh-CN';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

/**
 * A plural in a message, as ICU writes it: `{count, plural, one {# image} other {# images}}`. The
 * `one` form is for exactly 1, `other` for every other number; `#` is the number. English needs it
 * ("1 image", "2 images"); Chinese has no plural forms and writes plain `{count}`.
 */
const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

export function createTranslate(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, params) =>
    catalogue[key]
      .replace(PLURAL, (whole, name: string, one: string, other: string) => {
        if (!params || !(name in params)) return whole;
        const value = params[name];
        return (Number(value) === 1 ? one : other).replaceAll('#', String(value));
      })
      .replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}
