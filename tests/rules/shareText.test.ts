// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accessCodeIn, findShare } from '../../src/shared/rules/shareText';
import { createTranslate } from '../../src/shared/i18n/translate';
import { clipboardText } from '../../src/features/shares/shareCard';

/** The server's share code alphabet (server/randomCode.ts): no 0/O, 1/I. */
const CODE_ALPHABET = [...'23456789ABCDEFGHJKLMNPQRSTUVWXYZ'];
const shareCode = fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: 8, maxLength: 8 });
const accessCode = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 4, maxLength: 4 });
const origin = fc.constantFrom('https://film.example-hospital.cn', 'http://localhost:5173', 'https://yun.example.com:8443');
const locale = fc.constantFrom('zh-CN' as const, 'en' as const);
/** Words a WeChat message wraps the copied text in (no digits, like most greetings). */
const words = fc.constantFrom('', '张三分享了检查影像给你：', '你好，这是我的CT片子', 'Here are my scans:', '请查看', '，七天内有效。', ' Valid for a week.', '【云胶片】');
const spacing = fc.constantFrom('', ' ', '\n', '\r\n', '  \n ', '\u3000', '\u200B');

const urlOf = (host: string, code: string) => `${host}/shareCode?code=${code}`;

/** Full-width forms of ASCII, as a Chinese keyboard types them. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');

describe('findShare: exactly what the copy button puts on the clipboard', () => {
  it.each(['zh-CN', 'en'] as const)('finds the code and the access code in the %s clipboard text', (lang) => {
    const text = clipboardText({ url: urlOf('https://film.example.cn', 'K7WPQ2MX'), accessCode: '4821' }, createTranslate(lang));
    expect(findShare(text)).toEqual({ code: 'K7WPQ2MX', accessCode: '4821' });
  });

  it('property: any share, in either language, with any words and spacing around it', () => {
    fc.assert(
      fc.property(shareCode, accessCode, origin, locale, words, words, spacing, spacing, (code, access, host, lang, before, after, gap1, gap2) => {
        const copied = clipboardText({ url: urlOf(host, code), accessCode: access }, createTranslate(lang));
        const message = `${before}${gap1}${copied}${gap2}${after}`;
        expect(findShare(message)).toEqual({ code, accessCode: access });
      }),
    );
  });

  it('property: typed with full-width characters, the same share', () => {
    fc.assert(
      fc.property(shareCode, accessCode, origin, locale, (code, access, host, lang) => {
        const copied = clipboardText({ url: urlOf(host, code), accessCode: access }, createTranslate(lang));
        expect(findShare(fullWidth(copied))).toEqual({ code, accessCode: access });
      }),
    );
  });

  it('property: a link and its code, without an access code, is the code only', () => {
    fc.assert(
      fc.property(shareCode, origin, words, (code, host, before) => {
        expect(findShare(`${before}${urlOf(host, code)}`)).toEqual({ code, accessCode: null });
      }),
    );
  });

  it('property: never throws, and what it finds has the right form', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const found = findShare(text);
        if (found) {
          expect(found.code).toMatch(/^[A-Z0-9]{1,64}$/);
          if (found.accessCode !== null) expect(found.accessCode).toMatch(/^\d{4}$/);
        }
      }),
    );
  });
});

describe('findShare: examples', () => {
  it.each([
    ['the code alone', 'K7WPQ2MX', { code: 'K7WPQ2MX', accessCode: null }],
    ['the code typed in lower case with a space', ' k7wp q2mx ', { code: 'K7WPQ2MX', accessCode: null }],
    ['the code and the access code on two lines', 'K7WPQ2MX\n4821', { code: 'K7WPQ2MX', accessCode: '4821' }],
    ['full-width code and access code', 'Ｋ７ＷＰＱ２ＭＸ　４８２１', { code: 'K7WPQ2MX', accessCode: '4821' }],
    [
      'a WeChat message with a Chinese word glued to the link',
      '我的片子https://film.example.cn/shareCode?code=K7WPQ2MX访问码：4821，请查收',
      { code: 'K7WPQ2MX', accessCode: '4821' },
    ],
    ['a link without its scheme', 'film.example.cn/shareCode?code=k7wpq2mx 提取码 4821', { code: 'K7WPQ2MX', accessCode: '4821' }],
    ['labels in words', '分享码：K7WPQ2MX 访问码：4821', { code: 'K7WPQ2MX', accessCode: '4821' }],
    ['an English message', 'Share code K7WPQ2MX, access code 48 21.', { code: 'K7WPQ2MX', accessCode: '4821' }],
    ['a code in a sentence', '看一下 K7WPQ2MX 这个', { code: 'K7WPQ2MX', accessCode: null }],
    ['two unlabelled four-digit groups: no access code guessed', 'K7WPQ2MX 2026 4821', { code: 'K7WPQ2MX', accessCode: null }],
  ])('%s', (_, text, expected) => {
    expect(findShare(text)).toEqual(expected);
  });

  it.each(['', '   ', '\n', '访问码 4821', '4821', '请把链接发给我'])('finds no share in %j', (text) => {
    expect(findShare(text)).toBeNull();
  });

  it('the digits of the link do not make an access code', () => {
    expect(accessCodeIn('https://film.example.cn/shareCode?code=K7W2345X')).toBeNull();
    expect(accessCodeIn('https://film.example.cn:8443/shareCode?code=K7WPQ2MX')).toBeNull();
  });

  it('an access code pasted into its own box is found in the whole copied text', () => {
    expect(accessCodeIn('https://film.example.cn/shareCode?code=K7W23456  访问码 4821')).toBe('4821');
  });
});

describe('findShare: the code alone, typed', () => {
  it('property: any share code, typed in lower case, alone', () => {
    fc.assert(
      fc.property(shareCode, (code) => {
        expect(findShare(code.toLowerCase())).toEqual({ code, accessCode: null });
      }),
    );
  });

  it.each([
    ['beginning with four digits', '2345k7wp', '2345K7WP'],
    ['ending with four digits', 'k7wp2345', 'K7WP2345'],
    ['with an invisible space inside', 'K7WP\u200BQ2MX', 'K7WPQ2MX'],
  ])('typed in lower case %s', (_, text, code) => {
    expect(findShare(text)).toEqual({ code, accessCode: null });
  });

  it('an access code split by an invisible space is one access code', () => {
    expect(findShare('K7WPQ2MX\n48\u200B21')).toEqual({ code: 'K7WPQ2MX', accessCode: '4821' });
  });

  it.each(['13812345678', '12345678', '1234 5678'])('digits alone (%j) are no share code: a phone number, digits in groups', (text) => {
    expect(findShare(text)).toBeNull();
  });

  it('two codes standing in a sentence: no guess which', () => {
    expect(findShare('是 K7WPQ2MX 还是 ABCDEFGH？')).toBeNull();
  });
});

describe('findShare: a code after its label', () => {
  it.each([
    ['in English, lower case', 'share code: k7wpq2mx'],
    ['written as one word, as in the link', 'shareCode:k7wpq2mx'],
    ['capitalised, one word', 'Sharecode: k7wpq2mx'],
    ['in Chinese, lower case, with its access code', '分享码：k7wpq2mx，访问码：4821'],
    ['beside another code, which is not the labelled one', '分享码 K7WPQ2MX（不是 ABCDEFGH）'],
  ])('%s', (_, text) => {
    expect(findShare(text)?.code).toBe('K7WPQ2MX');
  });
});

describe('findShare: an access code after its label, beside other digits', () => {
  it.each([
    ['its label written as one word', 'K7WPQ2MX accesscode 4821 (2026)'],
    ['a colon and a space after the label', '分享码 K7WPQ2MX 访问码： 4821（2026年有效）'],
    ['six marks after the label', 'K7WPQ2MX 访问码（见下方）：4821，2026年有效'],
  ])('%s', (_, text) => {
    expect(findShare(text)).toEqual({ code: 'K7WPQ2MX', accessCode: '4821' });
  });

  it.each([
    ['seven marks after the label', 'K7WPQ2MX 访问码（请见下方）：4821，2026年有效'],
    ['a link between counts as one mark more', 'K7WPQ2MX 访问码：https://film.example.cn/help 见下方 4821，2026年有效'],
  ])('the label reaches no further than six marks: %s', (_, text) => {
    expect(findShare(text)).toEqual({ code: 'K7WPQ2MX', accessCode: null });
  });
});

describe('findShare: the digits of a link are no access code', () => {
  it.each([
    ['an intranet link: http, an address, a port, a path', 'http://192.168.1.20:8080/film/shareCode?code=K7WPQ2MX'],
    ['https with a port and a path', 'https://film.example.cn:8443/yun/shareCode?code=K7WPQ2MX'],
    ['no scheme, digits in the host', 'yun-0571.example.cn/shareCode?code=K7WPQ2MX'],
    ['no scheme, digits in the query', 'film.example.cn/shareCode?code=K7WPQ2MX&date=2026-03-01'],
  ])('%s', (_, text) => {
    expect(findShare(text)).toEqual({ code: 'K7WPQ2MX', accessCode: null });
    expect(findShare(`${text}  访问码 4821`)).toEqual({ code: 'K7WPQ2MX', accessCode: '4821' });
  });
});
