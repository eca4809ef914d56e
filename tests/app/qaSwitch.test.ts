// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wantsQaPanel } from '../../src/app/qaSwitch';

describe('when the QA panel loads', () => {
  it.each([
    [false, '', false, false],
    [false, '?qa', true, false],
    [false, '?qa', false, true],
    [false, '?tab=all&qa=1', false, true],
    [true, '', true, true],
    [true, '', false, true],
  ])('configured %s, query "%s", production build %s: %s', (qaPanel, search, production, expected) => {
    expect(wantsQaPanel({ qaPanel }, search, production)).toBe(expected);
  });
});
