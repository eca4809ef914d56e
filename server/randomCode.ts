import { randomBytes } from 'node:crypto';

/** 32 characters without 0/O and 1/I, so a code read aloud or copied by hand survives; 32 divides 256, so no bias. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `length` characters of CODE_ALPHABET from the system's random source: 5 bits each. */
export function randomCode(length: number): string {
  return Array.from(randomBytes(length), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * `insert` with a fresh random code until one is unique: a code others see (a share code, an order
 * number) must not be guessable, so it cannot be a counter, and a clash, however unlikely, is tried again.
 */
export function withFreshCode<T>(newCode: () => string, insert: (code: string) => T, attempts = 5): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return insert(newCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
