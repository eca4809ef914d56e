/**
 * The patient's session: who is signed in, with which access token until when. The OpenID
 * Connect library, storage, tabs and navigation come in as actors and actions (src/features/session/).
 */
export interface SessionUser {
  /** The subject at the identity provider. */
  subject: string;
  /** Display name, when the provider shares one. */
  name: string | null;
  accessToken: string;
  /** When the access token expires, in epoch seconds. */
  expiresAt: number;
}

export interface SessionContext {
  user: SessionUser | null;
  /** Where the patient goes once signed in: the exact address they asked for (path and query). */
  returnTo: string;
  /** Why the last sign-in failed, as the provider or the network said it. */
  error: string | null;
  /** The page the patient was on when the sign-in they cancelled began (where "back" leads). */
  cancelledFrom: string | null;
}

export type SessionEvent =
  /** A guard found a signed-out visitor on a login-required page. */
  | { type: 'SIGN_IN'; returnTo: string }
  /** An API call answered HTTP 401: the session is gone at the server. */
  | { type: 'UNAUTHORIZED'; returnTo: string }
  /** The patient chose to sign out. */
  | { type: 'SIGN_OUT' }
  /** The patient asked to try a failed sign-in again. */
  | { type: 'RETRY' }
  /** Another tab renewed the tokens: adopt them instead of renewing again. */
  | { type: 'USER_UPDATED'; user: SessionUser }
  /** Another tab signed out. */
  | { type: 'USER_REMOVED' }
  /** The session check found the session gone. */
  | { type: 'SESSION_ENDED' };

/** What restoring finds at start. */
export type RestoreResult =
  | { kind: 'callback' }
  | { kind: 'user'; user: SessionUser }
  | { kind: 'none' };

/** How handling the provider's callback ended. */
export type CallbackResult =
  | { kind: 'signedIn'; user: SessionUser; returnTo: string }
  /** A stale or replayed callback (reload, back button) with no session: start sign-in again. */
  | { kind: 'restart'; returnTo: string }
  /** The patient cancelled at the provider (access_denied): nothing failed, nothing to explain. */
  | { kind: 'cancelled'; returnTo: string; from: string | null };

/** How a session check every 2 s ended. */
export type SessionCheck = 'active' | 'ended';

/** Renewal failed because the provider session is over (not a passing network fault). */
export class SessionEndedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SessionEndedError';
  }
}

export interface SessionInput {
  /** Where a patient lands after sign-in when they did not ask for a page. */
  homePath: string;
}

/** Sign-in timing (spec section 9: the sign-in library's defaults), and the retry this app adds. */
export const SESSION_TIMING = {
  /** The token-expiring notice: renew this long before the access token expires. */
  expiringNoticeMs: 60_000,
  /** Silent renew gives up after 10 s. */
  renewTimeoutMs: 10_000,
  /** The session is checked every 2 s while signed in. */
  checkIntervalMs: 2_000,
  /** After a renewal that failed for a passing reason (offline, timed out), try again (not in the spec). */
  renewRetryMs: 15_000,
} as const;

/** setTimeout's longest delay; tokens live far shorter, but a bad clock must not overflow it. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * When the token-expiring notice comes: 60 s before expiry, or halfway through a token that lives
 * less than two minutes, so a short-lived token is not renewed in a loop.
 */
export function untilExpiringMs(expiresAtSeconds: number, nowMs: number): number {
  const remaining = expiresAtSeconds * 1000 - nowMs;
  const notice = remaining - SESSION_TIMING.expiringNoticeMs;
  return Math.min(MAX_DELAY_MS, Math.max(0, notice, remaining / 2));
}
