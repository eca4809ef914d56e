import type { SessionPort } from '../api/client';
import type { SafeStorage } from '../state/safeStorage';

/**
 * What screens and guards ask of the session. The sign-in issue puts the session statechart
 * behind it; until then a stub answers.
 */
export interface AppSession extends SessionPort {
  isSignedIn(): boolean;
  /** Starts sign-in and, once signed in, comes back to `returnTo` (path and query). */
  signIn(returnTo: string): void;
}

/**
 * HTTP 401 (spec section 8): clear session storage when a token exists, then sign in again.
 * Returns whether storage was cleared.
 */
export function clearSessionIfTokenHeld(token: string | null, sessionStorage: SafeStorage): boolean {
  if (!token) return false;
  sessionStorage.clear();
  return true;
}

export const STUB_TOKEN_KEY = 'cf.stub.token';

/** A stand-in session for the foundation: everyone counts as signed in to the sandbox. */
export function createStubSession(deps: {
  sessionStorage: SafeStorage;
  currentPath: () => string;
  goTo: (href: string) => void;
}): AppSession {
  const session: AppSession = {
    isSignedIn: () => true,
    accessToken: () => deps.sessionStorage.get(STUB_TOKEN_KEY),
    signIn: (returnTo) => deps.goTo(`/?returnTo=${encodeURIComponent(returnTo)}`),
    unauthorized: () => {
      const returnTo = deps.currentPath();
      clearSessionIfTokenHeld(session.accessToken(), deps.sessionStorage);
      session.signIn(returnTo);
    },
  };
  return session;
}
