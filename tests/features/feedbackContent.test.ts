import { describe, expect, it } from 'vitest';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN } from '../../src/shared/api/helpSchemas';
import { contentProblem, countedLength } from '../../src/features/help/feedbackCalls';

describe('the feedback text rule (contentProblem, countedLength)', () => {
  it('counts the characters between the first and last that are not spaces', () => {
    expect(countedLength('  slow viewer \n')).toBe('slow viewer'.length);
    expect(countedLength('   ')).toBe(0);
  });

  it.each([
    ['nothing', '', 'contentShort'],
    ['one short of the least, padded with spaces', `  ${'a'.repeat(FEEDBACK_CONTENT_MIN - 1)}  `, 'contentShort'],
    ['the least', 'a'.repeat(FEEDBACK_CONTENT_MIN), null],
    ['the most, padded with spaces', ` ${'a'.repeat(FEEDBACK_CONTENT_MAX)} `, null],
    ['one over the most', 'a'.repeat(FEEDBACK_CONTENT_MAX + 1), 'contentLong'],
  ])('%s: %s', (_what, content, problem) => {
    expect(contentProblem(content)).toBe(problem);
  });
});
