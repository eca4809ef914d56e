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

/**
 * What the session reads of a stored patient: the library's User, or the same fields read from
 * storage before the library has loaded.
 */
export type StoredUser = Pick<User, 'profile' | 'access_token' | 'refresh_token' | 'id_token' | 'expires_at' | 'expires_in' | 'expired'>;

/** What the session takes of oidc-client-ts's UserManager. */
export type SessionUserManager = Pick<
  UserManager,
  | 'removeUser'
  | 'storeUser'
  | 'clearStaleState'
  | 'signinCallback'
  | 'signinRedirect'
  | 'signinSilent'
  | 'signinSilentCallback'
  | 'revokeTokens'
  | 'signoutRedirect'
> & { getUser(): Promise<StoredUser | null>; metadataService: Pick<UserManager['metadataService'], 'getMetadata'> };

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

/** Where the library keeps the patient (its user store's key, under its prefix, in session storage). */
const userKey = (config: RuntimeConfig) => `${LIBRARY_PREFIX}user:${config.oidc.authority}:${config.oidc.clientId}`;

/**
 * The stored patient read as the library reads it (`User.fromStorageString`), without the library;
 * its `expires_in` and `expired` are the library's getters. Undefined when nothing is stored, and
 * when what is stored is not a user this can read: then the library decides.
 */
export function readStoredUser(config: RuntimeConfig, session: () => Storage): StoredUser | null | undefined {
  try {
    const raw = session().getItem(userKey(config));
    if (raw === null) return null;
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { profile, access_token, refresh_token, id_token, expires_at } = stored as Partial<Record<keyof StoredUser, unknown>>;
    if (typeof profile !== 'object' || profile === null || typeof (profile as { sub?: unknown }).sub !== 'string') return undefined;
    if (typeof access_token !== 'string' || (expires_at !== undefined && typeof expires_at !== 'number')) return undefined;
    return {
      profile: profile as User['profile'],
      access_token,
      refresh_token: typeof refresh_token === 'string' ? refresh_token : undefined,
      id_token: typeof id_token === 'string' ? id_token : undefined,
      expires_at,
      get expires_in() {
        return expires_at === undefined ? undefined : expires_at - Math.floor(Date.now() / 1000);
      },
      get expired() {
        const left = this.expires_in;
        return left === undefined ? undefined : left <= 0;
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * The UserManager the session uses, with the user in session storage. The library loads on first
 * need: reading "no user" and "no stale state" needs only the storage, and so does reading the
 * stored patient, so neither the public pages nor a signed-in patient's first screen wait for it
 * (issue 26); it comes when a sign-in, a renewal or a sign-out asks for it.
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
    getUser: async () => {
      if (manager) return (await manager).getUser();
      if (!mayHoldUser()) return null;
      return readStoredUser(config, storage.session) ?? (await load()).getUser();
    },
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
  const stored = readStoredUser(config, session);
  if (!stored?.access_token || stored.expires_at === undefined) return null;
  return stored.expires_at - PREFETCH_TOKEN_MARGIN_SECONDS > nowSeconds ? stored.access_token : null;
}

export function toSessionUser(user: Pick<User, 'profile' | 'access_token' | 'expires_at'>): SessionUser {
  const name = user.profile.name ?? user.profile.preferred_username ?? null;
  return {
    subject: user.profile.sub,
    name: typeof name === 'string' ? name : null,
    accessToken: user.access_token,
    expiresAt: user.expires_at ?? 0,
  };
}
