import type { KoaContext, Middleware } from 'oidc-provider';
import type { AccessTokenVerifier } from './accessTokens';
import { CLAIMS_BY_SCOPE } from './accounts';
import type { SignInAccounts } from './accounts';

export interface JwtAccessTokenEndpointOptions {
  appOrigin: string;
  userinfoPath: string;
  revocationPath: string;
  verifyAccessToken: AccessTokenVerifier;
  accounts: SignInAccounts;
  destroyGrant(grantId: string): void;
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

function bearerJwt(ctx: KoaContext): string | null {
  const match = /^Bearer +(\S+)$/i.exec(ctx.get('authorization'));
  return match?.[1] && JWT.test(match[1]) ? match[1] : null;
}

function releasedClaims(all: Record<string, unknown>, scope: string): Record<string, unknown> {
  const scopes = new Set(scope.split(' '));
  const names = Object.entries(CLAIMS_BY_SCOPE).flatMap(([name, claims]) => (scopes.has(name) ? [...claims] : []));
  return Object.fromEntries(names.filter((name) => all[name] !== undefined).map((name) => [name, all[name]]));
}

/**
 * oidc-provider keeps its userinfo and revocation endpoints for the tokens it stores; the app's
 * access token is a JWT for the API, which those endpoints refuse. These two fill the gap, so the
 * app can read the patient's profile with the token it has, and revoke it when signing out
 * (oidc-client-ts revokes the access token first, and fails the sign-out if that is refused).
 */
export function jwtAccessTokenEndpoints(options: JwtAccessTokenEndpointOptions): Middleware {
  const { appOrigin, userinfoPath, revocationPath, verifyAccessToken, accounts } = options;

  async function userinfo(ctx: KoaContext, token: string) {
    ctx.set('cache-control', 'no-store');
    if (ctx.get('origin') === appOrigin) {
      ctx.set('access-control-allow-origin', appOrigin);
      ctx.set('access-control-expose-headers', 'WWW-Authenticate');
      ctx.set('vary', 'Origin');
    }
    const claims = await verifyAccessToken(token);
    const account = claims && accounts.find(claims.sub);
    if (!claims || !account) {
      ctx.status = 401;
      ctx.set('www-authenticate', 'Bearer error="invalid_token", error_description="invalid token provided"');
      ctx.body = { error: 'invalid_token', error_description: 'invalid token provided' };
      return;
    }
    if (!claims.scope.split(' ').includes('openid')) {
      ctx.status = 403;
      ctx.set('www-authenticate', 'Bearer error="insufficient_scope", scope="openid"');
      ctx.body = { error: 'insufficient_scope', error_description: 'access token missing openid scope' };
      return;
    }
    ctx.body = releasedClaims(await account.claims('userinfo', claims.scope), claims.scope);
  }

  return async (ctx, next) => {
    const isRead = ctx.method === 'GET' || ctx.method === 'POST';
    const token = ctx.path === userinfoPath && isRead ? bearerJwt(ctx) : null;
    if (token) return userinfo(ctx, token);

    await next();

    // The provider authenticated the client and refused only because the token is a JWT.
    const refused = ctx.body as { error?: string } | undefined;
    const value = ctx.oidc?.params?.token;
    const client = ctx.oidc?.client;
    if (ctx.path !== revocationPath || ctx.status !== 400 || refused?.error !== 'unsupported_token_type') return;
    if (typeof value !== 'string' || !client) return;
    const claims = await verifyAccessToken(value);
    if (claims && claims.clientId === client.clientId) options.destroyGrant(claims.grantId);
    // RFC 7009: an invalid or expired token is no error either.
    ctx.status = 200;
    ctx.body = '';
  };
}
