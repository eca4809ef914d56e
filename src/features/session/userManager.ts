import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { SessionUser } from '../../../machines/session/session.types';
import { ROUTE } from '../../shared/navigation/routes';
import type { RuntimeConfig } from '../../shared/config/runtimeConfig';
import { SIGN_IN_DEFAULTS } from '../../shared/rules/constants';

export const CALLBACK_PATH = ROUTE['oidc-callback'].path;
export const SILENT_RENEW_PATH = ROUTE['oidc-slient-renew'].path;
export const AFTER_SIGN_OUT_PATH = ROUTE.index.path;

/**
 * oidc-client-ts set up for the hospital's identity provider: authorization code with PKCE, user
 * state in sessionStorage (the library's default). Renewal is not automatic: the session
 * statechart decides when to renew, so there is one source of truth for timing.
 */
export function createUserManager(config: RuntimeConfig, origin: string): UserManager {
  return new UserManager({
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
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
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
