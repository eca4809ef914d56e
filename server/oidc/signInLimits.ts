import { defineLimit } from '../rateLimit';
import type { Limit, RateLimiter } from '../rateLimit';

/**
 * Wrong passwords at the sign-in page (issue 22): each one is answered more slowly, and then the
 * login name, or the client (the address the form comes from), is locked for a while. A login name
 * that belongs to nobody is counted, slowed and locked exactly like one that exists, so the page
 * never tells which names are real.
 */

/** Wrong passwords in a row that lock a login name, and for how long. */
export const ACCOUNT_LOCK_AFTER = 5;
export const ACCOUNT_LOCK_MINUTES = 15;

/**
 * GCRA lets `max` through at once and then one every window/max: with a window of `max` times the
 * lock, five wrong passwords lock the name for 15 minutes, after which it gets one more try every
 * 15 minutes until 75 minutes pass without a failure.
 */
export const ACCOUNT_SIGN_IN_FAILURES: Limit = defineLimit({
  name: 'signIn.account',
  max: ACCOUNT_LOCK_AFTER,
  windowSeconds: ACCOUNT_LOCK_AFTER * ACCOUNT_LOCK_MINUTES * 60,
  perClient: false,
  purpose: 'guessing one patient\'s password: 5 wrong passwords lock the login name for 15 minutes, even for the right password',
});

/** Wrong passwords from one client that lock it, and for how long. */
export const CLIENT_LOCK_AFTER = 30;
export const CLIENT_LOCK_MINUTES = 60;

/**
 * A family behind one home router locks each of its accounts (5 each) long before the address;
 * a client that tries a few passwords on many names (password spraying) is locked after 30, then
 * gets one try an hour.
 */
export const CLIENT_SIGN_IN_FAILURES: Limit = defineLimit({
  name: 'signIn.client',
  max: CLIENT_LOCK_AFTER,
  windowSeconds: CLIENT_LOCK_AFTER * CLIENT_LOCK_MINUTES * 60,
  perClient: true,
  purpose: 'password spraying from one address: 30 wrong passwords, whatever the login names, lock the address for an hour',
});

/** The first wrong password waits this long, each further one twice as long, up to the cap. */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 8000;

/**
 * How long the answer to a wrong password is held back, for the `failures` counted so far
 * (this one included): 1 s, 2 s, 4 s, then 8 s.
 */
export function failureDelayMs(failures: number): number {
  if (failures < 1) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1));
}

export type LockScope = 'account' | 'client';

export type SignInOutcome =
  | { kind: 'signedIn'; accountId: string }
  /** A wrong name or password; `attemptsLeft` before the name is locked. */
  | { kind: 'wrong'; attemptsLeft: number }
  /** Refused without looking at the password (`justNow`: this wrong password is the one that locked it). */
  | { kind: 'locked'; scope: LockScope; retryAfterSeconds: number; justNow: boolean };

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SignInGuardOptions {
  limits: RateLimiter;
  /** Holds back the answer to a wrong password; the tests pass one that only records. */
  sleep?: Sleep;
}

/** The bucket key of a login name: what the accounts look it up by. */
export function accountKey(loginName: string): string {
  return loginName.trim().normalize('NFC');
}

/**
 * Every attempt is counted as a failure before its password is checked, and given back when the
 * password is right: the count is one transaction, so attempts sent all at once cannot slip past
 * the limit while their passwords are being checked.
 */
export function signInGuard({ limits, sleep = realSleep }: SignInGuardOptions) {
  /** Undoes one counted attempt (a GCRA bucket moves back by one interval). */
  const giveBack = (limit: Limit, key: string) => limits.take(limit, key, new Date(), -1);
  const clientMax = CLIENT_SIGN_IN_FAILURES.max * limits.clientScale;

  function lockOf(account: string, client: string): Extract<SignInOutcome, { kind: 'locked' }> | null {
    const byClient = limits.peek(CLIENT_SIGN_IN_FAILURES, client);
    if (!byClient.allowed) return { kind: 'locked', scope: 'client', retryAfterSeconds: byClient.retryAfterSeconds, justNow: true };
    const byAccount = limits.peek(ACCOUNT_SIGN_IN_FAILURES, account);
    if (!byAccount.allowed) return { kind: 'locked', scope: 'account', retryAfterSeconds: byAccount.retryAfterSeconds, justNow: true };
    return null;
  }

  return {
    /**
     * One sign-in attempt: `check` verifies the password and answers the account id, or null.
     * Not called at all while the name or the client is locked.
     */
    async attempt(loginName: string, client: string, check: () => Promise<string | null>): Promise<SignInOutcome> {
      const account = accountKey(loginName);
      const byClient = limits.take(CLIENT_SIGN_IN_FAILURES, client);
      if (!byClient.allowed) return { kind: 'locked', scope: 'client', retryAfterSeconds: byClient.retryAfterSeconds, justNow: false };
      const byAccount = limits.take(ACCOUNT_SIGN_IN_FAILURES, account);
      if (!byAccount.allowed) {
        // No password was tried: the client's count is not this attempt's to keep.
        giveBack(CLIENT_SIGN_IN_FAILURES, client);
        return { kind: 'locked', scope: 'account', retryAfterSeconds: byAccount.retryAfterSeconds, justNow: false };
      }

      const accountId = await check();
      if (accountId) {
        limits.forget(ACCOUNT_SIGN_IN_FAILURES, account);
        giveBack(CLIENT_SIGN_IN_FAILURES, client);
        return { kind: 'signedIn', accountId };
      }

      const accountFailures = byAccount.used + 1;
      // The client's failures, on the account's scale: a client near its lock waits as long as a name near its own.
      const clientFailures = Math.floor(((byClient.used + 1) * ACCOUNT_LOCK_AFTER) / clientMax);
      await sleep(failureDelayMs(Math.max(accountFailures, clientFailures)));
      return lockOf(account, client) ?? { kind: 'wrong', attemptsLeft: ACCOUNT_LOCK_AFTER - accountFailures };
    },
  };
}

export type SignInGuard = ReturnType<typeof signInGuard>;
