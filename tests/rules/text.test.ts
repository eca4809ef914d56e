// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countedLength, hasForbiddenCharacter, TEXT_FIELDS, textProblem, type TextField } from '../../src/shared/rules/text';

const line: TextField = { min: 1, max: 20, multiline: false, where: 'a test line' };
const prose: TextField = { min: 0, max: 500, multiline: true, where: 'a test text' };

const RLO = '\u202E';

describe('hasForbiddenCharacter: what typed text may hold', () => {
  it.each([
    ['a Chinese name', '张伟'],
    ['a Chinese name with a rare character outside the BMP', '𠀾林'],
    ['a minority name with the middle dot', '阿卜杜拉·买买提'],
    ['an English name', 'Mary-Jane O’Connor'],
    ['accents, precomposed and combining', 'José Zoë Renée'],
    ['a Korean, a Japanese and an Arabic name', '김민준 さくら محمد'],
    ['an ideographic space and a no-break space inside', '李\u3000娜 Li\u00A0Na'],
    ['an emoji', '小明😀'],
    ['an emoji with its presentation selector', 'I ❤️ it'],
    ['a keycap', '1️⃣'],
    ['a skin tone', '👍🏽'],
    ['a family: pictographs joined by zero-width joiners', '👨‍👩‍👧‍👦'],
    ['a rainbow flag (joiner after a selector)', '🏳️‍🌈'],
    ['a profession with a skin tone', '👩🏽‍⚕️'],
    ['a pictograph joined to ®, which Unicode counts as a pictograph too', '😀\u200D®'],
    ['the flag of Scotland (tag characters after a black flag)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['a CJK glyph variant (one ideographic variation selector)', '葛\u{E0100}'],
    ['a private-use character (some hospitals keep rare name characters there)', '\uE000'],
  ])('takes %s', (_, value) => {
    expect(hasForbiddenCharacter(value, false)).toBe(false);
    expect(hasForbiddenCharacter(value, true)).toBe(false);
  });

  it.each([
    ['a right-to-left override', `evil${RLO}gnp.exe`],
    ['a left-to-right override', 'a\u202Db'],
    ['a right-to-left embedding', 'a\u202Bb'],
    ['a left-to-right embedding', 'a\u202Ab'],
    ['a pop directional formatting', 'a\u202Cb'],
    ['a right-to-left isolate', 'a\u2067b'],
    ['a first-strong isolate', 'a\u2068b'],
    ['a pop directional isolate', 'a\u2069b'],
    ['a left-to-right mark', 'a\u200Eb'],
    ['a right-to-left mark', 'a\u200Fb'],
    ['an Arabic letter mark', 'a\u061Cb'],
    ['a NUL', 'a\u0000b'],
    ['an escape', 'a\u001B[31mb'],
    ['a DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a zero-width space', 'a\u200Bb'],
    ['a zero-width joiner between letters', 'a\u200Db'],
    ['a zero-width joiner after an emoji but before a letter', '😀\u200Db'],
    ['a word joiner', 'a\u2060b'],
    ['an invisible plus', 'a\u2064b'],
    ['a soft hyphen', 'a\u00ADb'],
    ['a byte-order mark inside', 'a\uFEFFb'],
    ['a Mongolian vowel separator', 'a\u180Eb'],
    ['an Arabic number sign', '\u0600a'],
    ['an interlinear annotation', 'a\uFFF9b\uFFFBc'],
    ['tag characters that are not a flag', 'hi\u{E0069}\u{E0067}\u{E006E}'],
    ['a Hangul filler (a blank-looking letter)', '\u3164'],
    ['a half-width Hangul filler', 'a\uFFA0'],
    ['a braille blank', '\u2800\u2800'],
    ['a noncharacter', 'a\uFFFEb'],
    ['an astral noncharacter', 'a\u{10FFFF}b'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE00b'],
    ['a variation selector at the start', '\uFE0Fa'],
    ['a run of variation selectors', 'a\uFE0F\uFE0F'],
    ['variation selectors after a space', 'a \u{E0101}\u{E0102}'],
  ])('refuses %s, on one line and in prose', (_, value) => {
    expect(hasForbiddenCharacter(value, false)).toBe(true);
    expect(hasForbiddenCharacter(value, true)).toBe(true);
  });

  it.each([
    ['a line feed', 'one\ntwo'],
    ['a carriage return and line feed', 'one\r\ntwo'],
    ['a tab', 'one\ttwo'],
    ['a zero-width non-joiner (Persian)', 'می\u200Cخواهم'],
  ])('takes %s in prose only', (_, value) => {
    expect(hasForbiddenCharacter(value, true)).toBe(false);
    expect(hasForbiddenCharacter(value, false)).toBe(true);
  });

  it('refuses a variation selector at the start of a line of prose', () => {
    expect(hasForbiddenCharacter('one\n\uFE0Ftwo', true)).toBe(true);
  });
});

describe('textProblem', () => {
  it('counts code points once trimmed: an emoji is one character, spaces at either end none', () => {
    expect(countedLength('  😀😀  ')).toBe(2);
    expect(countedLength('𠀾')).toBe(1);
    expect(textProblem(line, ` ${'😀'.repeat(20)} `)).toBeNull();
    expect(textProblem(line, '😀'.repeat(21))).toBe('long');
  });

  it.each([
    ['', 'short'],
    ['   ', 'short'],
    ['\u3000', 'short'],
    ['a', null],
    ['a'.repeat(20), null],
    [`  ${'a'.repeat(20)}  `, null],
    ['a'.repeat(21), 'long'],
    [`${RLO}a`, 'characters'],
    [`${RLO}${'a'.repeat(30)}`, 'characters'],
    ['a\nb', 'characters'],
    ['\na\n', null],
  ] as const)('a line of 1-20: %j → %s', (value, expected) => {
    expect(textProblem(line, value)).toBe(expected);
  });

  it('prose may be empty when its minimum is 0, and keeps its line breaks', () => {
    expect(textProblem(prose, '')).toBeNull();
    expect(textProblem(prose, 'first line\nsecond line\n\tindented')).toBeNull();
    expect(textProblem(prose, `first line\n${RLO}second`)).toBe('characters');
  });

  it.each(Object.entries(TEXT_FIELDS))('%s: its bounds hold at both edges', (_, field) => {
    const of = (n: number) => '字'.repeat(n);
    if (field.min > 0) expect(textProblem(field, of(field.min - 1))).toBe('short');
    expect(textProblem(field, of(field.min))).toBeNull();
    expect(textProblem(field, of(field.max))).toBeNull();
    expect(textProblem(field, of(field.max + 1))).toBe('long');
    expect(textProblem(field, `字${RLO}字`)).toBe('characters');
  });

  it('the table: sane bounds, and prose only where a person writes sentences', () => {
    for (const field of Object.values(TEXT_FIELDS)) {
      expect(field.min).toBeGreaterThanOrEqual(0);
      expect(field.max).toBeGreaterThanOrEqual(Math.max(1, field.min));
      expect(field.where).not.toBe('');
    }
    expect(Object.entries(TEXT_FIELDS).filter(([, field]) => field.multiline).map(([name]) => name)).toEqual(['feedbackContent']);
  });
});

/** Code points a person types: letters of many scripts, digits, punctuation, spaces, CJK, emoji. */
const typed = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0xa0, max: 0xac }),
  fc.integer({ min: 0xae, max: 0x24f }),
  fc.integer({ min: 0x391, max: 0x3c9 }),
  fc.integer({ min: 0x410, max: 0x44f }),
  fc.integer({ min: 0x3041, max: 0x30ff }),
  fc.integer({ min: 0x4e00, max: 0x9fa5 }),
  fc.integer({ min: 0xac00, max: 0xd7a3 }),
  fc.integer({ min: 0x1f600, max: 0x1f64f }),
  fc.integer({ min: 0x20000, max: 0x2a6df }),
).map((code) => String.fromCodePoint(code));
const typedText = fc.string({ unit: typed, maxLength: 40 });

/** One character no field takes. */
const forbidden = fc.oneof(
  fc.integer({ min: 0x0, max: 0x8 }),
  fc.integer({ min: 0xe, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.integer({ min: 0x202a, max: 0x202e }),
  fc.integer({ min: 0x2066, max: 0x2069 }),
  fc.constantFrom(0x200b, 0x200d, 0x200e, 0x200f, 0x061c, 0x2060, 0xfeff, 0x00ad, 0x2028, 0x2029, 0x3164),
  fc.integer({ min: 0xe0020, max: 0xe007f }),
).map((code) => String.fromCodePoint(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

describe('properties', () => {
  it('text typed from ordinary letters, digits, CJK and emoji is never refused for its characters', () => {
    fc.assert(
      fc.property(typedText, fc.boolean(), (value, multiline) => {
        expect(hasForbiddenCharacter(value, multiline)).toBe(false);
      }),
    );
  });

  it('one forbidden character anywhere inside refuses the whole text, in every field', () => {
    fc.assert(
      fc.property(typedText, fc.oneof(forbidden, loneSurrogate), typedText, fc.constantFrom(...Object.values(TEXT_FIELDS)), (before, bad, after, field) => {
        // A joiner between two pictographs (😀‍® too: ® is one) is an emoji sequence, taken above.
        fc.pre(!(bad === '\u200D' && /\p{Extended_Pictographic}$/u.test(before) && /^\p{Extended_Pictographic}/u.test(after)));
        expect(textProblem(field, `x${before}${bad}${after}x`)).toBe('characters');
      }),
    );
  });

  it('the verdict depends on the trimmed text only: spaces at either end change nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(typed, forbidden), maxLength: 30 }), fc.constantFrom(' ', '  ', '\u3000', '\t'), (value, space) => {
        for (const field of Object.values(TEXT_FIELDS)) expect(textProblem(field, `${space}${value}${space}`)).toBe(textProblem(field, value));
      }),
    );
  });

  it('without forbidden characters, the verdict is the count against the bounds', () => {
    fc.assert(
      fc.property(typedText, fc.constantFrom(...Object.values(TEXT_FIELDS)), (value, field) => {
        const length = countedLength(value);
        const expected = length < field.min ? 'short' : length > field.max ? 'long' : null;
        expect(textProblem(field, value)).toBe(expected);
      }),
    );
  });

  it('a line break is refused in one-line fields and taken in prose', () => {
    fc.assert(
      fc.property(typedText, typedText, (a, b) => {
        const value = `x${a}\n${b}x`;
        expect(hasForbiddenCharacter(value, false)).toBe(true);
        expect(hasForbiddenCharacter(value, true)).toBe(false);
      }),
    );
  });
});
