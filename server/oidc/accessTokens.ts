import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JWK } from 'jose';
import type { GrantModel } from 'oidc-provider';
import { SIGNING_ALGORITHM } from './keys';

/** The `aud` of every access token the app gets: the sandbox API. */
export const API_AUDIENCE = 'cloud-film-api';

/** The resource indicator (RFC 8707) must be an absolute URI, so it is the API's address. */
export function apiResourceIndicator(appOrigin: string): string {
  return new URL('/api/', appOrigin).href;
}

/**
 * oidc-provider does not store JWT access tokens, so a token names its grant; the grant is what
 * sign-out, revocation and refresh-token reuse destroy.
 */
export const GRANT_ID_CLAIM = 'grant_id';

/** A staff member's roles (`["auditor"]`); a patient's token has none. */
export const ROLES_CLAIM = 'roles';

export interface AccessTokenClaims {
  /** The login name: a patient's, or a staff member's when `roles` names a role. */
  sub: string;
  clientId: string;
  grantId: string;
  scope: string;
  /** Staff roles, e.g. `auditor`; empty for a patient. */
  roles: readonly string[];
  /** Seconds since the epoch. */
  exp: number;
}

export type AccessTokenVerifier = (token: string) => Promise<AccessTokenClaims | null>;

/**
 * Signature (the provider's own keys), issuer, audience, type and expiry, then: is its grant
 * still there? A signed-out or revoked session fails at once, not when the token expires.
 */
export function accessTokenVerifier(issuer: string, publicKeys: JWK[], Grant: GrantModel): AccessTokenVerifier {
  const keys = createLocalJWKSet({ keys: publicKeys });
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALGORITHM],
        requiredClaims: ['sub', 'exp', 'client_id', GRANT_ID_CLAIM],
      }));
    } catch {
      return null;
    }
    const { sub, exp, client_id: clientId, scope = '', [GRANT_ID_CLAIM]: grantId, [ROLES_CLAIM]: roles = [] } = payload;
    if (typeof sub !== 'string' || typeof clientId !== 'string' || typeof grantId !== 'string' || typeof scope !== 'string') {
      return null;
    }
    if (!Array.isArray(roles) || !roles.every((role): role is string => typeof role === 'string')) return null;
    const grant = await Grant.find(grantId);
    if (!grant || grant.accountId !== sub || grant.clientId !== clientId) return null;
    return { sub, clientId, grantId, scope, roles, exp: exp! };
  };
}
