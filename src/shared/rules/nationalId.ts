/**
 * Chinese national ID number (spec §5): 18 characters, a weighted check character over the first
 * 17 digits, and a birth date in 1900–2019 that exists in the calendar.
 */

/** Weights applied to the first 17 digits, in order. */
export const NATIONAL_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;

/** Check characters indexed by the weighted sum mod 11. */
export const NATIONAL_ID_CHECK_CHARACTERS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/** Length of a national ID number. */
export const NATIONAL_ID_LENGTH = 18;

const FIRST_17 = /^\d{17}$/;
// Characters 7–14 hold YYYYMMDD; the spec's year pattern is 19xx or 200x/201x.
const BIRTH_DATE = /^(19\d{2}|20[01]\d)(0[1-9]|1[0-2])(\d{2})$/;

/**
 * The check character (`0`–`9` or upper-case `X`) for the first 17 digits of an ID.
 * @throws RangeError when `first17` is not exactly 17 ASCII digits.
 */
export function nationalIdCheckCharacter(first17: string): string {
  if (!FIRST_17.test(first17)) {
    throw new RangeError('nationalIdCheckCharacter expects exactly 17 digits');
  }
  let sum = 0;
  NATIONAL_ID_WEIGHTS.forEach((weight, i) => {
    sum += weight * Number(first17[i]);
  });
  return NATIONAL_ID_CHECK_CHARACTERS[sum % 11] ?? '';
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when `yyyymmdd` matches the spec's birth-date pattern and names a real calendar day. */
export function isValidNationalIdBirthDate(yyyymmdd: string): boolean {
  const match = BIRTH_DATE.exec(yyyymmdd);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return day >= 1 && day <= daysInMonth(year, month);
}

/**
 * True when `value` is a valid 18-character Chinese national ID number: 17 digits, a birth date
 * (characters 7–14) per {@link isValidNationalIdBirthDate}, and the matching check character as the
 * 18th (lower-case `x` is accepted for `X`). No trimming is done.
 */
export function isValidNationalId(value: string): boolean {
  if (value.length !== NATIONAL_ID_LENGTH) return false;
  const first17 = value.slice(0, 17);
  if (!FIRST_17.test(first17)) return false;
  if (!isValidNationalIdBirthDate(first17.slice(6, 14))) return false;
  return value.slice(17).toUpperCase() === nationalIdCheckCharacter(first17);
}
