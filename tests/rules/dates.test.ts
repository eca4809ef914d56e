// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import { formatDate, isToday, midnightSeconds } from '../../src/shared/rules/dates';

/** Spec §9: a date counts as today if less than 86 400 000 ms ago (written out, not read from the module). */
const DAY = 86_400_000;

describe('formatDate', () => {
  // 2024-01-05 09:07:03 on the hospital's clock (Asia/Shanghai, UTC+8), whatever the machine's zone.
  const hospitalMorning = new Date('2024-01-05T09:07:03+08:00');

  it.each([
    ['a Date', hospitalMorning, undefined, '2024-01-05'],
    ['a millisecond timestamp', hospitalMorning.getTime(), undefined, '2024-01-05'],
    ['a Dayjs', dayjs(hospitalMorning), undefined, '2024-01-05'],
    ['a date string (the hospital\'s day)', '2024-01-05', undefined, '2024-01-05'],
    ['a date-time string without an offset (the hospital\'s wall time)', '2024-12-31 23:59:59', undefined, '2024-12-31'],
    ['the same, shown to the second', '2024-12-31 23:59:59', 'YYYY-MM-DD HH:mm:ss', '2024-12-31 23:59:59'],
    ['an instant in UTC', '2024-12-31T16:30:00Z', 'YYYY-MM-DD HH:mm', '2025-01-01 00:30'],
    ['an instant with another offset', '2024-12-31T11:30:00-05:00', 'YYYY-MM-DD HH:mm', '2025-01-01 00:30'],
    ['a custom format', hospitalMorning, 'YYYY/MM/DD HH:mm:ss', '2024/01/05 09:07:03'],
    ['null', null, undefined, ''],
    ['undefined (not now)', undefined, undefined, ''],
    ['an empty string', '', undefined, ''],
    ['garbage', 'not a date', undefined, ''],
    ['NaN', Number.NaN, undefined, ''],
    ['an invalid Date', new Date(Number.NaN), undefined, ''],
  ] as const)('%s', (_label, input, format, expected) => {
    expect(formatDate(input, format)).toBe(expected);
  });
});

describe('isToday', () => {
  const now = Date.UTC(2024, 5, 1, 12);

  it.each([
    ['now itself', now, true],
    ['one ms ago', now - 1, true],
    ['one ms short of a day ago', now - DAY + 1, true],
    ['exactly a day ago', now - DAY, false],
    ['more than a day ago', now - DAY - 1, false],
    ['in the future', now + 1, false],
    ['NaN', Number.NaN, false],
    ['-Infinity', Number.NEGATIVE_INFINITY, false],
  ])('%s → %s', (_label, timestamp, expected) => {
    expect(isToday(timestamp, now)).toBe(expected);
  });

  it('is a rolling window: true exactly for 0 <= now - t < one day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -2 * DAY, max: 2 * DAY }),
        (nowMs, offset) => {
          expect(isToday(nowMs - offset, nowMs)).toBe(offset >= 0 && offset < DAY);
        },
      ),
    );
  });

  it('defaults now to Date.now()', () => {
    expect(isToday(Date.now() - 1000)).toBe(true);
    expect(isToday(Date.now() - DAY - 1000)).toBe(false);
  });
});

describe('midnightSeconds', () => {
  it.each([
    ['a local afternoon', new Date(2024, 1, 29, 15, 30), new Date(2024, 1, 29)],
    ['one second before midnight', new Date(2024, 11, 31, 23, 59, 59), new Date(2024, 11, 31)],
    ['midnight itself', new Date(2024, 0, 1), new Date(2024, 0, 1)],
    ['a date string', '2023-07-15', new Date(2023, 6, 15)],
  ] as const)('%s', (_label, input, midnight) => {
    expect(midnightSeconds(input)).toBe(midnight.getTime() / 1000);
  });

  it.each([null, undefined, '', 'garbage', Number.NaN])('is null for %j', (input) => {
    expect(midnightSeconds(input)).toBeNull();
  });

  it('is the local midnight, in whole seconds, of any moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (ms) => {
        const d = new Date(ms);
        const expected = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 1000;
        expect(midnightSeconds(ms)).toBe(expected);
      }),
    );
  });
});
