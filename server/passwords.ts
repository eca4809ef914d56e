import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { textProblem } from '../src/shared/rules/text';

/** Node's defaults, written down so a stored hash keeps working if they change. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A missing or malformed hash is a wrong password, after the same work, so timing tells nothing. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? '').split('$');
  const wellFormed = scheme === 'scrypt' && salt !== undefined && key !== undefined;
  const options = wellFormed ? { N: Number(n), r: Number(r), p: Number(p) } : COST;
  const expected = wellFormed ? Buffer.from(key, 'base64url') : Buffer.alloc(KEY_LENGTH);
  const actual = await derive(password, wellFormed ? Buffer.from(salt, 'base64url') : Buffer.alloc(SALT_BYTES), options);
  return wellFormed && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new password (a reset at the identity provider): 8 to 64 characters, letters and digits both. */
export const NEW_PASSWORD = { min: 8, max: 64, multiline: false, where: 'the identity provider\'s password reset by SMS' } as const;

export type PasswordProblem = 'length' | 'characters' | 'lettersAndDigits' | 'mismatch';

/**
 * What is wrong with a new password and its repetition, or null. The text rule refuses control and
 * invisible characters; spaces at either end would be trimmed there, so here they are refused.
 */
export function newPasswordProblem(password: string, repeated: string): PasswordProblem | null {
  const problem = textProblem(NEW_PASSWORD, password);
  if (problem === 'characters' || password !== password.trim()) return 'characters';
  if (problem) return 'length';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'lettersAndDigits';
  return password === repeated ? null : 'mismatch';
}
