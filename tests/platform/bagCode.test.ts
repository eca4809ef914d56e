import { describe, expect, it } from 'vitest';
import { bagCodeOf, bagCollectHref } from '../../src/shared/navigation/bagCode';

const ORIGIN = 'https://film.example.org';

describe("a film bag's code in what was scanned or typed", () => {
  it.each([
    ['the bag’s QR code', 'https://film.example.org/sl/pic/qr/selfhelp?code=CT202610020001', 'CT202610020001'],
    ['the bag’s QR code of another host (the hospital’s domain)', 'http://hospital.example.cn/sl/pic/qr/selfhelp?code=CT202610020001&from=bag', 'CT202610020001'],
    ['the alias in other letter case', 'https://film.example.org/SL/PIC/QR/SELFHELP?code=CT202610020001', 'CT202610020001'],
    ['an index address', 'https://film.example.org/index?code=MR202609120002', 'MR202609120002'],
    ['a path of the app', '/index?code=MR202609120002', 'MR202609120002'],
    ['a barcode', 'CODE_128,DR202608010003', 'DR202608010003'],
    ['a bare code', 'US202607150004', 'US202607150004'],
    ['a bare code with spaces around', '  abc123  ', 'abc123'],
    ['6 characters', 'A1B2C3', 'A1B2C3'],
    ['32 characters', 'A'.repeat(32), 'A'.repeat(32)],
  ])('%s', (_, text, code) => {
    expect(bagCodeOf(text, ORIGIN)).toBe(code);
  });

  it.each([
    ['too short', 'A1B2C'],
    ['too long', 'A'.repeat(33)],
    ['words', 'hello world'],
    ['punctuation', 'CT-2026-1002'],
    ['empty', ''],
    ['another page of the app', 'https://film.example.org/shareCode?code=ABCD2001'],
    ['an index address without a code', 'https://film.example.org/index?id=7'],
    ['an index address with a code that is no bag’s', 'https://film.example.org/index?code=%3Cscript%3E'],
    ['another site', 'https://mp.weixin.qq.com/s/abc?code=CT202610020001'],
    ['javascript', 'javascript:alert(1)'],
    ['a barcode of something else', 'EAN_13,69'],
  ])('not a bag: %s', (_, text) => {
    expect(bagCodeOf(text, ORIGIN)).toBeNull();
  });

  it('leads to the collect form for that bag', () => {
    expect(bagCollectHref('CT202610020001')).toBe('/index?code=CT202610020001');
  });
});
