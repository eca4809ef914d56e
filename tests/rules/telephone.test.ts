import { describe, expect, it } from 'vitest';
import { telephone } from '../../src/shared/rules/telephone';

describe('a hospital telephone number', () => {
  it.each([
    ['010-65008888', '01065008888'],
    ['95566', '95566'],
    ['+86 10 6500 8888', '+861065008888'],
    [' 400-800-1234 ', '4008001234'],
    // The longest number E.164 allows: 15 digits, the + aside.
    ['+86 10 6500 8888 123', '+861065008888123'],
    ['861065008888123', '861065008888123'],
  ])('%s is shown as given and dialled as digits', (text, dial) => {
    expect(telephone(text)).toEqual({ shown: text.trim(), dial });
  });

  it.each([null, undefined, '', '  ', '1234', '010-6500888812345678', '+8610650088881234', '+1234', 'javascript:alert(1)', '010-65008888 ext 2', '010-6500;8888', '010-65008888 / 010-65009999', '-65008888', '6500+8888'])(
    '%s is not offered',
    (text) => {
      expect(telephone(text)).toBeNull();
    },
  );
});
