import type { User, UserManager, UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { SessionUser } from '../../../machines/session/session.types';
import { ROUTE } from '../../shared/navigation/routes';
import type { RuntimeConfig } from '../../shared/config/runtimeConfig';
import { SIGN_IN_DEFAULTS } from '../../shared/rules/constants';

export const CALLBACK_PATH = ROUTE['oidc-callback'].path;
export const SILENT_RENEW_PATH = ROUTE['oidc-slient-renew'].path;
export const AFTER_SIGN_OUT_PATH = ROUTE.index.path;

/** oidc-client-ts: a chunk of its own, fetched when there is a session to read or a sign-in to make. */
export const oidcLibrary = () => import('oidc-client-ts');

/** What the session takes of oidc-client-ts's UserManager. */
export type SessionUserManager = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'storeUser'
  | 'clearStaleState'
  | 'signinCallback'
  | 'signinRedirect'
  | 'signinSilent'
  | 'signinSilentCallback'
  | 'revokeTokens'
  | 'signoutRedirect'
> & { metadataService: Pick<UserManager['metadataService'], 'getMetadata'> };

/** The library keeps its users (session storage) and sign-in states (local storage) under this prefix. */
const LIBRARY_PREFIX = 'oidc.';

/** Whether the library has anything in this storage (an unreadable storage might: the library decides). */
function holdsLibraryState(storage: () => Storage, prefix: string): boolean {
  try {
    const store = storage();
    for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(prefix)) return true;
    return false;
  } catch {
    return true;
  }
}

/**
 * oidc-client-ts set up for the hospital's identity provider: authorization code with PKCE, user
 * state in sessionStorage (the library's default). Renewal is not automatic: the session
 * statechart decides when to renew, so there is one source of truth for timing.
 */
export function userManagerSettings(config: RuntimeConfig, origin: string): UserManagerSettings {
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    post_logout_redirect_uri: `${origin}${AFTER_SIGN_OUT_PATH}`,
    automaticSilentRenew: false,
    monitorSession: false,
    silentRequestTimeoutInSeconds: SIGN_IN_DEFAULTS.silentRenewTimeoutSeconds,
    checkSessionIntervalInSeconds: SIGN_IN_DEFAULTS.checkSessionIntervalSeconds,
    accessTokenExpiringNotificationTimeInSeconds: SIGN_IN_DEFAULTS.accessTokenExpiringNotificationSeconds,
    revokeTokensOnSignout: true,
  };
}

/**
 * The UserManager the session uses, with the user in session storage. The library loads on first need: a patient who is not signed in and does not sign in (the public
 * pages) never downloads it, since reading "no user" and "no stale state" needs only the storage.
 */
export function createUserManager(
  config: RuntimeConfig,
  origin: string,
  storage: { session: () => Storage; local: () => Storage } = { session: () => window.sessionStorage, local: () => window.localStorage },
  library: () => Promise<{ UserManager: typeof UserManager; WebStorageStateStore: typeof WebStorageStateStore }> = oidcLibrary,
): SessionUserManager {
  let manager: Promise<UserManager> | null = null;
  const load = () =>
    (manager ??= library().then(
      ({ UserManager, WebStorageStateStore }) =>
        new UserManager({ ...userManagerSettings(config, origin), userStore: new WebStorageStateStore({ store: storage.session() }) }),
      (error: unknown) => {
        // Offline: the next need tries again.
        manager = null;
        throw error;
      },
    ));
  const mayHoldUser = () => manager !== null || holdsLibraryState(storage.session, `${LIBRARY_PREFIX}user:`);
  const mayHoldState = () => manager !== null || holdsLibraryState(storage.local, LIBRARY_PREFIX);
  return {
    getUser: async () => (mayHoldUser() ? (await load()).getUser() : null),
    removeUser: async () => {
      if (mayHoldUser()) await (await load()).removeUser();
    },
    clearStaleState: async () => {
      if (mayHoldState()) await (await load()).clearStaleState();
    },
    storeUser: async (user) => (await load()).storeUser(user),
    signinCallback: async (url) => (await load()).signinCallback(url),
    signinRedirect: async (args) => (await load()).signinRedirect(args),
    signinSilent: async (args) => (await load()).signinSilent(args),
    signinSilentCallback: async (url) => (await load()).signinSilentCallback(url),
    revokeTokens: async (types) => (await load()).revokeTokens(types),
    signoutRedirect: async (args) => (await load()).signoutRedirect(args),
    metadataService: { getMetadata: async () => (await load()).metadataService.getMetadata() },
  };
}

/** A token this close to its end is not worth a prefetch: the session chart renews it first. */
const PREFETCH_TOKEN_MARGIN_SECONDS = 30;

/**
 * The stored patient's access token while it is good, read from the library's user store without
 * the library: the page's first reads go out before it has arrived (src/app/firstCalls.ts). Null
 * when nothing is stored, it is unreadable, or the token is near its end.
 */
export function storedAccessToken(config: RuntimeConfig, session: () => Storage, nowSeconds: number): string | null {
  try {
    const raw = session().getItem(`${LIBRARY_PREFIX}user:${config.oidc.authority}:${config.oidc.clientId}`);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (typeof stored !== 'object' || stored === null) return null;
    const { access_token: token, expires_at: expiresAt } = stored as { access_token?: unknown; expires_at?: unknown };
    if (typeof token !== 'string' || !token || typeof expiresAt !== 'number') return null;
    return expiresAt - PREFETCH_TOKEN_MARGIN_SECONDS > nowSeconds ? token : null;
  } catch {
    return null;
  }
}

export function toSessionUser(user: User): SessionUser {
  const name = user.profile.name ?? user.profile.preferred_username ?? null;
  return {
    subject: user.profile.sub,
    name: typeof name === 'string' ? name : null,
    accessToken: user.access_token,
    expiresAt: user.expires_at ?? 0,
  };
}
