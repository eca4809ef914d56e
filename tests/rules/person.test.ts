// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAge, parseGender } from '../../src/shared/rules/person';

describe('parseGender', () => {
  it.each([
    ['M', 'male'],
    ['F', 'female'],
    ['m', 'male'],
    [' f ', 'female'],
    ['O', 'unknown'],
    ['', 'unknown'],
    ['MF', 'unknown'],
    ['male', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%j → %s', (code, expected) => {
    expect(parseGender(code)).toBe(expected);
  });
});

describe('parseAge', () => {
  it.each([
    ['045Y', { value: 45, unit: 'years' }],
    ['8M', { value: 8, unit: 'months' }],
    ['003W', { value: 3, unit: 'weeks' }],
    ['12D', { value: 12, unit: 'days' }],
    ['000D', { value: 0, unit: 'days' }],
    ['045y', { value: 45, unit: 'years' }],
    [' 045Y ', { value: 45, unit: 'years' }],
    ['45', { value: 45, unit: 'years' }],
    ['007', { value: 7, unit: 'years' }],
    [45, { value: 45, unit: 'years' }],
    [0, { value: 0, unit: 'years' }],
    ['', null],
    ['   ', null],
    ['Y', null],
    ['45X', null],
    ['45 Y', null],
    ['Y45', null],
    ['45YY', null],
    ['-5Y', null],
    ['4.5Y', null],
    ['45岁', null],
    ['abc', null],
    ['99999999999999999999Y', null],
    [-1, null],
    [4.5, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
  ] as const)('%j → %j', (raw, expected) => {
    expect(parseAge(raw)).toEqual(expected);
  });

  it('reads any DICOM AS string nnnU back', () => {
    const units = { Y: 'years', M: 'months', W: 'weeks', D: 'days' } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.constantFrom('Y', 'M', 'W', 'D'), (value, code) => {
        expect(parseAge(`${String(value).padStart(3, '0')}${code}`)).toEqual({ value, unit: units[code] });
      }),
    );
  });
});
