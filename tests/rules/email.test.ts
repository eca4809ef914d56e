// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidEmail } from '../../src/shared/rules/email';

const ASCII_WORD = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'];
const chineseChar = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCharCode(code));

const localPart = fc.string({ unit: fc.oneof(fc.constantFrom(...ASCII_WORD), chineseChar), minLength: 1, maxLength: 64 });
const domainLabel = fc.string({ unit: fc.constantFrom(...ASCII_WORD), minLength: 1, maxLength: 63 });
const email = fc
  .tuple(localPart, domainLabel, fc.array(domainLabel, { minLength: 1, maxLength: 4 }))
  .map(([local, domain, suffixes]) => `${local}@${domain}.${suffixes.join('.')}`);

/** Characters outside both allowed alphabets (and not '@'). */
const forbiddenChar = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 1 })
  .filter((c) => c !== '@' && !ASCII_WORD.includes(c) && !/[\u4e00-\u9fa5]/.test(c));

describe('isValidEmail', () => {
  it.each([
    ['user@example.com', true],
    ['a@b.c', true],
    ['A_b-9@mail-server.example.co.uk', true],
    ['张三@example.com', true], // Chinese local part
    ['张三_zhang-3@qq.com', true],
    ['user@my_domain.c_m', true], // underscore allowed in domain and suffix by the spec's alphabet
    ['user@-.-', true], // the spec's alphabet allows this too
    ['user@example', false], // no dot suffix
    ['user@example.', false], // empty suffix
    ['user@.com', false], // empty domain part
    ['user@example..com', false],
    ['first.last@example.com', false], // dots in the local part are not in the spec's alphabet
    ['user+tag@example.com', false],
    ['@example.com', false],
    ['user@', false],
    ['user', false],
    ['', false],
    ['user@@example.com', false],
    ['us@er@example.com', false],
    [' user@example.com', false], // nothing is trimmed
    ['user@example.com ', false],
    ['us er@example.com', false],
    ['user@exa mple.com', false],
    ['user@例子.com', false], // Chinese only in the local part
    ['ユーザー@example.com', false], // Japanese kana are not in \u4e00-\u9fa5
    ['\u4e00\u9fa5@example.com', true], // both ends of the allowed range
    ['\u4dff@example.com', false], // just below it
    ['\u9fa6@example.com', false], // just above it: later CJK additions are outside the spec's range
    ['user@example.com\n', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it('takes 254 characters and a 63-character label, not one more (decisions.md)', () => {
    const label = (n: number) => 'a'.repeat(n);
    // 64 + 1 + 63 + 1 + 63 + 1 + 61 = 254
    const longest = `${label(64)}@${label(63)}.${label(63)}.${label(61)}`;
    expect(longest).toHaveLength(254);
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`${label(65)}@${label(63)}.${label(63)}.${label(61)}`)).toBe(false);
    expect(isValidEmail(`${label(10)}@${label(63)}.com`)).toBe(true);
    expect(isValidEmail(`${label(10)}@${label(64)}.com`)).toBe(false);
    expect(isValidEmail(`${label(10)}@example.${label(64)}`)).toBe(false);
    // Chinese characters count one each.
    expect(isValidEmail(`${'张'.repeat(64)}@${label(63)}.${label(63)}.${label(61)}`)).toBe(true);
  });

  it('accepts any address built from the allowed alphabets', () => {
    fc.assert(
      fc.property(email, (value) => {
        expect(isValidEmail(value)).toBe(true);
      }),
    );
  });

  it('rejects any string without @', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...ASCII_WORD, '.', '张') })),
        (value) => {
          fc.pre(!value.includes('@'));
          expect(isValidEmail(value)).toBe(false);
        },
      ),
    );
  });

  it('rejects a valid address with a forbidden character (dot included) inserted into the local part', () => {
    fc.assert(
      fc.property(email, fc.oneof(forbiddenChar, fc.constant('.')), fc.nat(), (value, bad, at) => {
        const index = at % (value.indexOf('@') + 1);
        expect(isValidEmail(`${value.slice(0, index)}${bad}${value.slice(index)}`)).toBe(false);
      }),
    );
  });

  it('rejects a valid address with a forbidden character (not a dot) inserted after the @', () => {
    fc.assert(
      fc.property(email, forbiddenChar.filter((c) => c !== '.'), fc.nat(), (value, bad, at) => {
        const from = value.indexOf('@') + 1;
        const index = from + (at % (value.length - from + 1));
        expect(isValidEmail(`${value.slice(0, index)}${bad}${value.slice(index)}`)).toBe(false);
      }),
    );
  });
});
