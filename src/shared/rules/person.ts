/** Patient sex and age codes (spec §3), converted to codes the message catalogue can render. */

export type Gender = 'male' | 'female' | 'unknown';

/** Gender codes used by the server: M male, F female. */
export const GENDER_CODES = { M: 'male', F: 'female' } as const;

/**
 * The gender for a server sex code. `M`/`F` match case-insensitively after trimming; anything
 * else (including DICOM's `O`, empty, null) is `'unknown'`.
 */
export function parseGender(code: string | null | undefined): Gender {
  const key = (code ?? '').trim().toUpperCase();
  if (key === 'M' || key === 'F') return GENDER_CODES[key];
  return 'unknown';
}

export type AgeUnit = 'years' | 'months' | 'weeks' | 'days';

export interface Age {
  value: number;
  unit: AgeUnit;
}

/** Age unit codes: Y years, M months, W weeks, D days. */
export const AGE_UNIT_CODES = { Y: 'years', M: 'months', W: 'weeks', D: 'days' } as const;

type AgeUnitCode = keyof typeof AGE_UNIT_CODES;

const AGE_STRING = /^(\d+)([YMWD])?$/;

/**
 * Parses an age as sent by the server: a DICOM AS string (`"045Y"`, `"003W"`), a shorter form
 * (`"8M"`, `"12D"`), or a plain non-negative integer / digit string meaning years. Surrounding
 * whitespace and a lower-case unit are tolerated. Returns `null` for anything else (empty, negative,
 * fractional, unknown unit, beyond the safe-integer range).
 */
export function parseAge(raw: string | number | null | undefined): Age | null {
  if (typeof raw === 'number') {
    return Number.isSafeInteger(raw) && raw >= 0 ? { value: raw, unit: 'years' } : null;
  }
  if (typeof raw !== 'string') return null;
  const match = AGE_STRING.exec(raw.trim().toUpperCase());
  if (!match) return null;
  const value = Number(match[1]);
  if (!Number.isSafeInteger(value)) return null;
  const code = (match[2] ?? 'Y') as AgeUnitCode;
  return { value, unit: AGE_UNIT_CODES[code] };
}
