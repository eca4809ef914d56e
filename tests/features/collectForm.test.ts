import { describe, expect, it } from 'vitest';
import type { CollectFields } from '../../machines/collect/collect.types';
import { formProblem } from '../../src/features/collect/collectForm';
import { nationalIdCheckCharacter } from '../../src/shared/rules/nationalId';

const VALID_ID = `11010519810415123${nationalIdCheckCharacter('11010519810415123')}`;
const fields = (changed: Partial<CollectFields>): CollectFields => ({ idCard: VALID_ID, name: '李娜', phone: '13700001111', captchaText: 'K7WP', ...changed });

describe('the collect form rules (formProblem)', () => {
  it.each([
    ['a Chinese name', '李娜'],
    ['a name with the middle dot', '阿卜杜拉·买买提'],
    ['an English name', 'Mary-Jane O’Connor'],
    ['40 characters', '名'.repeat(40)],
    ['a name inside spaces', '  李娜  '],
  ])('takes %s', (_, name) => {
    expect(formProblem('namePhone', fields({ name }))).toBeNull();
  });

  it.each([
    ['nothing', ''],
    ['spaces', '   '],
    ['41 characters', '名'.repeat(41)],
    ['a right-to-left override', '李\u202E娜'],
    ['a zero-width space', '李\u200B娜'],
    ['a line break', '李\n娜'],
    ['a Hangul filler', '\u3164'],
  ])('refuses a name of %s', (_, name) => {
    expect(formProblem('namePhone', fields({ name }))).toBe('invalidName');
  });

  it('checks the name only when the visitor identifies by name and phone', () => {
    expect(formProblem('nationalId', fields({ name: '李\u202E娜' }))).toBeNull();
    expect(formProblem('nationalId', fields({ idCard: `${VALID_ID}\u202E` }))).toBe('invalidId');
    expect(formProblem('namePhone', fields({ phone: '1370000111\u202E' }))).toBe('invalidPhone');
  });
});
