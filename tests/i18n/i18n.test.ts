// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { formatGender, formatSexAge } from '../../src/shared/i18n/format';
import { matchLocale, resolveLocale } from '../../src/shared/i18n/locale';
import { createTranslate, isMessageKey } from '../../src/shared/i18n/translate';
import { zhCN } from '../../src/shared/i18n/zh-CN';

describe('message catalogues', () => {
  it('carry the same keys, none empty, with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
    for (const key of Object.keys(zhCN) as Array<keyof typeof zhCN>) {
      expect(zhCN[key].trim(), key).not.toBe('');
      expect(en[key].trim(), key).not.toBe('');
      // A plural ({count, plural, one {# image} other {# images}}) is its parameter's placeholder.
      const placeholders = (s: string) => (s.replace(/\{(\w+), plural, one \{[^{}]*\} other \{[^{}]*\}\}/g, '{$1}').match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(en[key]), key).toEqual(placeholders(zhCN[key]));
    }
  });

  it('say what the specification says', () => {
    expect(en['error.network']).toBe('Network connection timed out, try later.');
    expect(en['error.default']).toMatch(/entered an error page.*contact the administrator/i);
    expect(en['stop.heading']).toBe('Cannot access');
    expect(en['stop.default']).toMatch(/hospital has disabled the cloud film.*contact the hospital/i);
    expect(zhCN['error.serviceHours']).toContain('9:00-18:00');
  });

  it('says 1 image and 2 images in English: the plural form follows the number', () => {
    const t = createTranslate('en');
    expect(t('film.imageCount', { count: 1 })).toBe('1 image');
    expect(t('film.imageCount', { count: 2 })).toBe('2 images');
    expect(t('film.imageCount', { count: 0 })).toBe('0 images');
    expect(t('checking.summary', { name: 'Li', count: 1, hospital: 'H' })).toBe('Li, you have 1 study at H.');
    expect(t('film.storedUntil', { date: '2027-01-01', days: 1 })).toBe('Images kept until 2027-01-01 (1 day left)');
    expect(t('film.imageCount')).toBe('{count, plural, one {# image} other {# images}}');
    expect(createTranslate('zh-CN')('film.imageCount', { count: 1 })).not.toMatch(/plural/);
  });

  it('writes no plural form it cannot choose: every English plural is one {...} other {...} with #', () => {
    for (const [key, text] of Object.entries(en)) {
      if (!text.includes('plural')) continue;
      expect(text, key).toMatch(/^[^{}]*(?:(?:\{\w+\}|\{\w+, plural, one \{[^{}]*#[^{}]*\} other \{[^{}]*#[^{}]*\}\})[^{}]*)*$/);
    }
  });

  it('fills parameters and leaves unknown ones visible', () => {
    const t = createTranslate('en');
    expect(t('error.code', { code: 7001 })).toBe('[7001]');
    expect(t('error.code')).toBe('[{code}]');
    expect(isMessageKey('error.code')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('converts sex and age for display', () => {
    expect(formatSexAge(createTranslate('zh-CN'), 'M', '045Y')).toBe('男 · 45岁');
    expect(formatSexAge(createTranslate('en'), 'F', '008M')).toBe('Female · 8 mo');
    expect(formatSexAge(createTranslate('en'), 'X', 'garbage')).toBe('');
  });

  it('shows what is known and only that: the sex alone, the age alone, nothing for a sex it cannot read', () => {
    const en = createTranslate('en');
    expect(formatSexAge(en, 'X', '045Y')).toBe('45 yrs');
    expect(formatSexAge(en, 'M', null)).toBe('Male');
    expect(formatGender(en, 'F')).toBe('Female');
    expect(formatGender(en, 'X')).toBe('');
    expect(formatGender(en, undefined)).toBe('');
  });

  it('fills every parameter, each where it stands, and leaves those not given', () => {
    const t = createTranslate('en');
    expect(t('age.years', { n: 3 })).toBe('3 yrs');
    expect(t('age.years', { other: 3 })).toBe('{n} yrs');
    expect(createTranslate('zh-CN')('error.code', { code: 401 })).toBe('[401]');
  });
});

describe('locale order: ?lang=, saved choice, browser language, zh-CN', () => {
  it.each([
    [{ query: 'en', saved: 'zh-CN', browser: ['zh-CN'] }, 'en'],
    [{ query: null, saved: 'en', browser: ['zh-CN'] }, 'en'],
    [{ query: 'fr', saved: null, browser: ['fr-FR', 'en-GB'] }, 'en'],
    [{ query: null, saved: 'xx', browser: ['de-DE'] }, 'zh-CN'],
    [{ query: null, saved: null, browser: ['zh-Hant-TW'] }, 'zh-CN'],
  ] as const)('%o -> %s', (sources, expected) => {
    expect(resolveLocale(sources)).toBe(expected);
  });

  it('matches tags case-insensitively', () => {
    expect(matchLocale('EN-us')).toBe('en');
    expect(matchLocale('english')).toBeNull();
  });

  it('matches a bare language and its regional tags, nothing that only starts alike', () => {
    expect(matchLocale('en')).toBe('en');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('ZH-hans-cn')).toBe('zh-CN');
    expect(matchLocale('zhuang')).toBeNull();
    expect(matchLocale('')).toBeNull();
    expect(matchLocale(null)).toBeNull();
    expect(matchLocale(undefined)).toBeNull();
  });

  it('falls back past every source it cannot read, to zh-CN', () => {
    expect(resolveLocale({ query: 'xx', saved: 'yy', browser: [] })).toBe('zh-CN');
    expect(resolveLocale({ query: 'xx', saved: 'en-GB', browser: ['zh'] })).toBe('en');
    expect(resolveLocale({ query: null, saved: null, browser: ['de', 'zh-TW', 'en'] })).toBe('zh-CN');
  });
});
