// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as rules from '../../src/shared/rules';

describe('src/shared/rules index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'isValidNationalId',
      'nationalIdCheckCharacter',
      'NATIONAL_ID_WEIGHTS',
      'NATIONAL_ID_CHECK_CHARACTERS',
      'isValidEmail',
      'parseGender',
      'parseAge',
      'formatDate',
      'isToday',
      'midnightSeconds',
      'DATE_FORMAT',
      'ONE_DAY_MS',
      'formatYuan',
      'hasCharge',
      'PAGE_SIZE',
      'THEMES',
      'isThemeId',
      'rootFontSizePx',
    ]) {
      expect(rules, name).toHaveProperty(name);
    }
  });
});
