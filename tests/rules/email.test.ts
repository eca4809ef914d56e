// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clearsEmail, emailProblem, isValidEmail, savedEmailProblem } from '../../src/shared/rules/email';

const ASCII_WORD = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'];
const chineseChar = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCharCode(code));

const localPart = fc.string({ unit: fc.oneof(fc.constantFrom(...ASCII_WORD), chineseChar), minLength: 1, maxLength: 64 });
const domainLabel = fc.string({ unit: fc.constantFrom(...ASCII_WORD), minLength: 1, maxLength: 63 });
const email = fc
  .tuple(localPart, domainLabel, fc.array(domainLabel, { minLength: 1, maxLength: 4 }))
  .map(([local, domain, suffixes]) => `${local}@${domain}.${suffixes.join('.')}`);

/** Characters outside both allowed alphabets (and not '@', '.' or '+'). */
const forbiddenChar = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 1 })
  .filter((c) => !'@.+'.includes(c) && !ASCII_WORD.includes(c) && !/[\u4e00-\u9fa5]/.test(c));

/** decisions.md: the local part may also hold plus signs, and dots between its words. */
const localWord = fc.string({ unit: fc.oneof(fc.constantFrom(...ASCII_WORD, '+'), chineseChar), minLength: 1, maxLength: 12 });
const dottedLocal = fc.array(localWord, { minLength: 1, maxLength: 5 }).map((words) => words.join('.'));
const dottedEmail = fc
  .tuple(dottedLocal, domainLabel, fc.array(domainLabel, { minLength: 1, maxLength: 3 }))
  .map(([local, domain, suffixes]) => `${local}@${domain}.${suffixes.join('.')}`);

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
    ['first.last@example.com', true], // decisions.md: dots before the @ too
    ['zhang.wei@163.com', true],
    ['john.smith@gmail.com', true],
    ['user+tag@example.com', true], // and plus signs
    ['john.smith+film@gmail.com', true],
    ['+@example.com', true],
    ['张.伟@example.cn', true],
    ['.user@example.com', false], // a dot separates words: not first,
    ['user.@example.com', false], // not last,
    ['us..er@example.com', false], // never two together
    ['user@exam+ple.com', false], // the domain keeps the spec's alphabet
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

  it('accepts any address the spec accepts with dots between words and plus signs before the @ (decisions.md)', () => {
    fc.assert(
      fc.property(dottedEmail, (value) => {
        fc.pre(value.length <= 254);
        expect(emailProblem(value)).toBeNull();
      }),
    );
  });

  it('rejects a valid address with a forbidden character inserted into the local part, and blames the local part', () => {
    fc.assert(
      fc.property(dottedEmail, forbiddenChar, fc.nat(), (value, bad, at) => {
        fc.pre(value.length < 254);
        const index = at % (value.indexOf('@') + 1);
        expect(emailProblem(`${value.slice(0, index)}${bad}${value.slice(index)}`)).toBe('local');
      }),
    );
  });

  it('rejects a dot at either end of the local part or next to another dot, and blames the local part', () => {
    fc.assert(
      fc.property(dottedEmail, fc.nat(), fc.constantFrom('start', 'end', 'double'), (value, at, where) => {
        const local = value.slice(0, value.indexOf('@'));
        const domain = value.slice(value.indexOf('@'));
        const dots = [...local].flatMap((c, i) => (c === '.' ? [i] : []));
        const broken =
          where === 'start' ? `.${local}` : where === 'end' ? `${local}.` : dots.length ? `${local.slice(0, dots[at % dots.length])}.${local.slice(dots[at % dots.length])}` : `${local}..x`;
        expect(emailProblem(`${broken}${domain}`)).toBe('local');
      }),
    );
  });

  it('rejects a valid address with a forbidden character (a plus sign too) inserted after the @, and blames the domain', () => {
    fc.assert(
      fc.property(dottedEmail, fc.oneof(forbiddenChar, fc.constant('+'), fc.constant('@')), fc.nat(), (value, bad, at) => {
        fc.pre(value.length < 254);
        const from = value.indexOf('@') + 1;
        const index = from + (at % (value.length - from + 1));
        expect(emailProblem(`${value.slice(0, index)}${bad}${value.slice(index)}`)).toBe('domain');
      }),
    );
  });

  it('blames the missing @ for any text without one', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ASCII_WORD, '.', '+', '张'), minLength: 1 }), (value) => {
        expect(emailProblem(value)).toBe('noAt');
      }),
    );
  });
});

describe('emailProblem: which part is wrong', () => {
  it.each([
    ['', 'empty'],
    ['zhangwei163.com', 'noAt'],
    ['@163.com', 'local'],
    ['zhang wei@163.com', 'local'],
    ['zhang..wei@163.com', 'local'],
    ['zhang!wei@163.com', 'local'],
    ['zhang.wei@', 'domain'],
    ['zhang.wei@163', 'domain'],
    ['zhang.wei@163..com', 'domain'],
    ['zhang.wei@@163.com', 'domain'],
    ['zhang.wei@例子.com', 'domain'],
    [`zhang@${'a'.repeat(64)}.com`, 'domain'],
    [`${'a'.repeat(200)}@${'b'.repeat(60)}.com`, 'long'],
    ['zhang.wei@163.com', null],
  ] as const)('%j → %s', (value, problem) => {
    expect(emailProblem(value)).toBe(problem);
    expect(isValidEmail(value)).toBe(problem === null);
  });
});

describe('the saved address may be cleared (decisions.md)', () => {
  it.each(['', ' ', '   '])('%j clears it', (value) => {
    expect(clearsEmail(value)).toBe(true);
    expect(savedEmailProblem(value)).toBeNull();
  });

  it('anything else is the e-mail rule', () => {
    fc.assert(
      fc.property(fc.oneof(dottedEmail, fc.string()), (value) => {
        fc.pre(value.trim() !== '');
        expect(clearsEmail(value)).toBe(false);
        expect(savedEmailProblem(value)).toBe(emailProblem(value));
      }),
    );
  });
});
