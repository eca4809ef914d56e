// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidNationalId,
  isValidNationalIdBirthDate,
  nationalIdCheckCharacter,
} from '../../src/shared/rules/nationalId';

/**
 * Independent oracle: ISO 7064 MOD 11-2, the standard the spec's table encodes. Weight i is
 * 2^(17-i) mod 11 and the check value is (12 - sum mod 11) mod 11, with 10 written X.
 */
function iso7064CheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const check = (12 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Days in a month by the calendar, via Date (independent of the rule's own leap-year code). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const birthDateInRange = fc
  .date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2019, 11, 31)), noInvalidDate: true })
  .map((d) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`);

const first17WithValidDate = fc
  .tuple(digits(6), birthDateInRange, digits(3))
  .map(([area, date, sequence]) => `${area}${date}${sequence}`);

const CHECK_ALPHABET = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X', 'x'];

describe('the check character, against spec §5 written out again here', () => {
  // The spec's rule, stated independently of the module: weights, sum mod 11, check characters.
  const specWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const specCheck = (first17: string) =>
    '10X98765432'[[...first17].reduce((sum, digit, i) => sum + Number(digit) * specWeights[i]!, 0) % 11];

  it('is what the spec computes, for any 17 digits', () => {
    fc.assert(fc.property(digits(17), (first17) => nationalIdCheckCharacter(first17) === specCheck(first17)));
  });
});

describe('nationalIdCheckCharacter', () => {
  it.each([
    // The worked examples of the national standard GB 11643-1999.
    ['11010519491231002', 'X'],
    ['44052418800101001', '4'],
    ['11010519900101123', '2'],
    ['11010520000229123', '5'],
    ['00000000000000000', '1'],
  ])('%s → %s', (first17, expected) => {
    expect(nationalIdCheckCharacter(first17)).toBe(expected);
  });

  it.each(['', '1101051949123100', '110105194912310021', '1101051949123100X', '11010519491231 02', '１１０１０５１９４９１２３１００２'])(
    'throws for %j',
    (input) => {
      expect(() => nationalIdCheckCharacter(input)).toThrow(RangeError);
    },
  );

  it('says what it expected when it throws', () => {
    expect(() => nationalIdCheckCharacter('123')).toThrow('nationalIdCheckCharacter expects exactly 17 digits');
  });

  it('agrees with ISO 7064 MOD 11-2 for any 17 digits', () => {
    fc.assert(
      fc.property(digits(17), (first17) => {
        expect(nationalIdCheckCharacter(first17)).toBe(iso7064CheckCharacter(first17));
      }),
    );
  });
});

describe('isValidNationalIdBirthDate', () => {
  it.each([
    ['19000101', true],
    ['19991231', true],
    ['20000229', true], // 2000 is a leap year (divisible by 400)
    ['20160229', true],
    ['20191231', true],
    ['19000229', false], // 1900 is not a leap year (divisible by 100)
    ['19990230', false],
    ['19990431', false],
    ['19990631', false],
    ['19990931', false],
    ['19991131', false],
    ['19990001', false],
    ['19991301', false],
    ['19990100', false],
    ['19990132', false],
    ['20200101', false], // the spec's year pattern stops at 201x
    ['18991231', false],
    ['21000101', false],
    ['1999011', false],
    ['199901011', false],
    ['019990101', false], // a valid date at the end of a longer string is not a birth date
    ['x19990101', false],
  ])('%s → %s', (date, expected) => {
    expect(isValidNationalIdBirthDate(date)).toBe(expected);
  });

  it('accepts exactly the calendar days of 1900–2019 (exhaustive over months 0–13, days 0–32)', () => {
    const mismatches: string[] = [];
    for (let year = 1900; year <= 2019; year += 1) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const date = `${year}${pad(month, 2)}${pad(day, 2)}`;
          const expected = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
          if (isValidNationalIdBirthDate(date) !== expected) mismatches.push(date);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('rejects every year outside 1900–2019', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }).filter((y) => y < 1900 || y > 2019),
        (year) => {
          expect(isValidNationalIdBirthDate(`${pad(year, 4)}0101`)).toBe(false);
        },
      ),
    );
  });
});

describe('isValidNationalId', () => {
  it.each([
    ['11010519491231002X', true],
    ['11010519491231002x', true], // lower-case x accepted
    ['110105199001011232', true],
    ['110105200002291235', true], // leap day 2000
    ['110105201912311236', true],
    ['110105194912310021', false], // wrong check character (X expected)
    ['11010519491231002Y', false],
    ['110105199001011233', false], // wrong check digit (2 expected)
    ['11010519900101123X', false],
    ['440524188001010014', false], // right check digit, but 1880 fails the year pattern
    ['110105199902301237', false], // 30 February, right check digit
    ['110105190002291239', false], // 29 February 1900, right check digit
    ['110105202001011237', false], // 2020, right check digit
    ['', false],
    ['11010519491231002', false], // 17 characters
    ['11010519491231002XX', false], // 19 characters
    ['110105199001011', false], // the old 15-digit form
    ['A10105199001011232', false], // letter among the first 17
    ['1101051990010112X2', false],
    [' 110105199001011232', false], // not trimmed
    ['110105199001011232 ', false],
    ['１１０１０５１９９００１０１１２３２', false], // full-width digits
  ])('%j → %s', (value, expected) => {
    expect(isValidNationalId(value)).toBe(expected);
  });

  it('accepts 17 random digits with a valid birth date plus the computed check character', () => {
    fc.assert(
      fc.property(first17WithValidDate, fc.boolean(), (first17, lowerCase) => {
        const check = iso7064CheckCharacter(first17);
        expect(isValidNationalId(`${first17}${lowerCase ? check.toLowerCase() : check}`)).toBe(true);
      }),
    );
  });

  it('rejects any other check character', () => {
    fc.assert(
      fc.property(first17WithValidDate, fc.constantFrom(...CHECK_ALPHABET), (first17, other) => {
        fc.pre(other.toUpperCase() !== iso7064CheckCharacter(first17));
        expect(isValidNationalId(`${first17}${other}`)).toBe(false);
      }),
    );
  });

  it('rejects any single-digit change among the first 17 when the check character is kept', () => {
    fc.assert(
      fc.property(
        first17WithValidDate,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (first17, position, delta) => {
          const changed = (Number(first17[position]) + delta) % 10;
          const tampered = `${first17.slice(0, position)}${changed}${first17.slice(position + 1)}`;
          // MOD 11-2 detects every single-digit substitution.
          expect(isValidNationalId(`${tampered}${iso7064CheckCharacter(first17)}`)).toBe(false);
        },
      ),
    );
  });

  it('rejects every length other than 18', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }).filter((n) => n !== 18),
        fc.integer({ min: 0, max: 9 }),
        (length, digit) => {
          expect(isValidNationalId(String(digit).repeat(length))).toBe(false);
        },
      ),
    );
  });
});
