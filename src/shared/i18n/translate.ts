import type { Locale } from './locale';
import { en } from './en';
import { zhCN, type MessageKey } from './zh-CN';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const catalogues: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

export function createTranslate(locale: Locale): Translate {
  const catalogue = catalogues[locale];
  return (key, params) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}
