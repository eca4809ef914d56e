/**
 * One use of a refresh token across this browser's tabs.
 *
 * The provider rotates the refresh token on every renewal and takes a second use of a spent one
 * for theft: it ends the whole grant, in every tab. Tabs share refresh tokens: a tab opened from
 * the app starts with a copy of its sessionStorage, and every tab adopts the tokens another tab
 * renewed (the tab channel). So a renewal runs under a Web Lock named after the refresh token it
 * is about to use, and the tab whose renewal spent it keeps that lock for as long as it lives.
 * Another tab holding the same, now spent, token waits on the lock until the fresh tokens reach
 * it on the tab channel (which ends its renewal and drops its place in the queue): it never
 * sends the spent token.
 *
 * One lock for all renewals, released after each, is not enough: the waiting tab can be granted
 * it and read its own storage before the message with the fresh tokens has reached it (Chromium
 * does this now and then), and then it sends the spent token.
 */

/** What a renewal did with the refresh token it was given. */
export interface RenewalOutcome<T> {
  result: T;
  /** The refresh token went to the provider and was accepted: it is spent. */
  spent: boolean;
}

const LOCK_PREFIX = 'cloud-film-refresh-token:';
/** Renewals without a refresh token (the provider's session, in a frame) take turns on this one. */
const NO_REFRESH_TOKEN_LOCK = 'cloud-film-token-renewal';

export interface RefreshTokenLockOptions {
  /** The browser's Web Locks; without them (old browsers, Node) a renewal runs at once. */
  locks?: LockManager | undefined;
  /** Aborts the wait for the lock: the renewal is no longer wanted (the tokens came from another tab). */
  signal?: AbortSignal | undefined;
}

export async function withRefreshTokenLock<T>(
  refreshToken: string | undefined,
  renew: () => Promise<RenewalOutcome<T>>,
  { locks = globalThis.navigator?.locks, signal }: RefreshTokenLockOptions = {},
): Promise<T> {
  if (!locks) return (await renew()).result;
  const name = refreshToken ? LOCK_PREFIX + (await fingerprint(refreshToken)) : NO_REFRESH_TOKEN_LOCK;
  return new Promise<T>((resolve, reject) => {
    locks
      .request(name, signal ? { signal } : {}, async () => {
        const outcome = await renew().catch((error: unknown) => {
          reject(error);
          return null;
        });
        if (!outcome) return;
        resolve(outcome.result);
        // Spent: kept until the page goes, so no tab of this browser sends it again.
        if (outcome.spent && refreshToken) await new Promise<never>(() => {});
      })
      // Aborted while waiting, or the browser refused the lock.
      .catch(reject);
  });
}

/** The lock's name carries a digest of the token, not the token (lock names are visible to the page). */
async function fingerprint(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
