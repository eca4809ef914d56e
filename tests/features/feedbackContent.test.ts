import { describe, expect, it } from 'vitest';
import { formProblem } from '../../src/features/help/feedbackRules';
import { countedLength, TEXT_FIELDS } from '../../src/shared/rules/text';

const { min, max } = TEXT_FIELDS.feedbackContent;
const TEXT = 'the viewer is slow on my phone';

describe('the feedback form rule (formProblem): the text rule on the content, then the contact', () => {
  it('counts the characters between the first and last that are not spaces, an emoji as one', () => {
    expect(countedLength('  slow viewer \n')).toBe('slow viewer'.length);
    expect(countedLength('   ')).toBe(0);
    expect(countedLength('😀😀')).toBe(2);
  });

  it.each([
    ['nothing', '', 'contentShort'],
    ['one short of the least, padded with spaces', `  ${'a'.repeat(min - 1)}  `, 'contentShort'],
    ['the least', 'a'.repeat(min), null],
    ['the most, padded with spaces', ` ${'a'.repeat(max)} `, null],
    ['the most in emoji', '😀'.repeat(max), null],
    ['one over the most', 'a'.repeat(max + 1), 'contentLong'],
    ['lines and a tab', 'first line\nsecond line\n\tthird', null],
    ['a right-to-left override', `${TEXT}\u202E`, 'contentCharacters'],
    ['a zero-width space', `${TEXT}\u200B`, 'contentCharacters'],
    ['a control character, even in a text that is too short', 'ab\u0007', 'contentCharacters'],
  ])('content: %s → %s', (_what, content, problem) => {
    expect(formProblem({ content, contact: '' })).toBe(problem);
  });

  it.each([
    ['nothing (it is optional)', '', null],
    ['a phone number', ' 13800000001 ', null],
    ['an e-mail address', 'li_na@example.cn', null],
    ['100 characters', '1'.repeat(100), null],
    ['101 characters', '1'.repeat(101), 'contactInvalid'],
    ['a line break', '1380000\n0001', 'contactInvalid'],
    ['a right-to-left override', '13800000001\u202E', 'contactInvalid'],
  ])('contact: %s → %s', (_what, contact, problem) => {
    expect(formProblem({ content: TEXT, contact })).toBe(problem);
  });

  it('says the content first when both are wrong', () => {
    expect(formProblem({ content: 'short', contact: '1'.repeat(101) })).toBe('contentShort');
  });
});
