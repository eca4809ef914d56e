// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatYuan, hasCharge } from '../../src/shared/rules/money';

describe('formatYuan', () => {
  it.each([
    [12.5, '¥12.50'],
    [0, '¥0.00'],
    [-0, '¥0.00'],
    [0.01, '¥0.01'],
    [9.9, '¥9.90'],
    [0.1 + 0.2, '¥0.30'],
    [1.005, '¥1.01'], // half away from zero despite 1.005 being 1.00499… in binary
    [2.345, '¥2.35'],
    [0.004, '¥0.00'],
    [1234567.891, '¥1234567.89'],
    [-3, '-¥3.00'],
    [-12.5, '-¥12.50'],
    [-1.005, '-¥1.01'],
    [-0.001, '¥0.00'], // rounds to zero: no minus sign
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [Number.NEGATIVE_INFINITY, ''],
  ])('%s → %j', (amount, expected) => {
    expect(formatYuan(amount)).toBe(expected);
  });

  it('writes any whole number of cents exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const abs = Math.abs(cents);
        const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        expect(formatYuan(cents / 100)).toBe(`${cents < 0 ? '-' : ''}¥${text}`);
      }),
    );
  });
});

describe('hasCharge', () => {
  it.each([
    [0.01, true],
    [12.5, true],
    [0, false],
    [-0, false],
    [-1, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (charge, expected) => {
    expect(hasCharge(charge)).toBe(expected);
  });
});
