import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUDIT_PATH } from '../sandboxUrls';
import type { AccessTokenClaims, AccessTokenVerifier } from './accessTokens';
import { SIGNING_ALGORITHM } from './keys';
import { AUDITOR_ROLE } from './staffAccounts';

/**
 * The audit pages' sign-in: the sandbox is a confidential client of its own provider
 * (authorization code with PKCE and state, the code exchanged with a client secret over the back
 * channel), and keeps who signed in in a short-lived signed cookie. The cookie holds the login
 * name, the grant and an expiry, signed with a key only the sandbox has: no token, no secret.
 */
export const AUDIT_CLIENT_ID = 'cloud-film-audit';
export const AUDIT_CALLBACK_PATH = `${AUDIT_PATH}/callback`;
export const AUDIT_SIGN_OUT_PATH = `${AUDIT_PATH}/sign-out`;
export const AUDIT_SIGNED_OUT_PATH = `${AUDIT_PATH}/signed-out`;
const AUDIT_SCOPE = 'openid profile';

/** While the provider's sign-in page is open: state, PKCE verifier and the page asked for. */
export const PENDING_COOKIE = 'cf_audit_signin';
const PENDING_SECONDS = 10 * 60;
/** Signed in: login name and grant. A quarter of an hour, then the provider is asked again. */
export const SESSION_COOKIE = 'cf_audit_session';
export const SESSION_SECONDS = 15 * 60;

/** How the provider knows the audit pages (configuration.ts registers it). */
export function auditClientMetadata(appOrigin: string, clientSecret: string) {
  return {
    client_id: AUDIT_CLIENT_ID,
    client_secret: clientSecret,
    client_name: '电子云胶片审计 Cloud Film audit',
    application_type: 'web',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: [`${appOrigin}${AUDIT_CALLBACK_PATH}`],
    post_logout_redirect_uris: [`${appOrigin}${AUDIT_SIGNED_OUT_PATH}`],
    scope: AUDIT_SCOPE,
    id_token_signed_response_alg: SIGNING_ALGORITHM,
  };
}

/** What the audit pages need to know of the provider: its endpoints and their client's secret. */
export interface AuditClient {
  issuer: string;
  appOrigin: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  endSessionEndpoint: string;
}

export interface AuditSignInOptions {
  client: AuditClient;
  verifyAccessToken: AccessTokenVerifier;
  /** Whether the account's grant still stands (not signed out or revoked at the provider). */
  grantStands(grantId: string, accountId: string): Promise<boolean>;
  endGrant(grantId: string): void;
  /** Signs the cookies; kept by the sandbox (oidc_secrets), never sent anywhere. */
  cookieKey: string;
}

interface Pending {
  state: string;
  verifier: string;
  orderId: string;
  exp: number;
}

interface Session {
  sub: string;
  grantId: string;
  exp: number;
}

export type CallbackOutcome =
  | { kind: 'auditor'; orderId: string; setCookies: string[] }
  /** Signed in, but not as an auditor: 403. */
  | { kind: 'notAuditor'; orderId: string; setCookies: string[] }
  /** Cancelled at the provider, too late, from another browser, or the code was refused. */
  | { kind: 'failed'; orderId: string | null; setCookies: string[] };

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export function auditSignIn({ client, verifyAccessToken, grantStands, endGrant, cookieKey }: AuditSignInOptions) {
  const secure = new URL(client.appOrigin).protocol === 'https:' ? '; Secure' : '';
  const redirectUri = `${client.appOrigin}${AUDIT_CALLBACK_PATH}`;

  // The cookie's name is signed too, so one cookie cannot stand in for the other.
  const mac = (name: string, body: string) => createHmac('sha256', cookieKey).update(`${name}.${body}`).digest('base64url');

  function seal(name: string, payload: Pending | Session): string {
    const body = base64url(JSON.stringify(payload));
    return `${body}.${mac(name, body)}`;
  }

  /** The payload of a cookie this sandbox signed, or null; `exp` is checked by the caller. */
  function unseal(name: string, header: string | undefined): Record<string, unknown> | null {
    const value = cookieValue(header, name);
    const [body, signature, ...rest] = value?.split('.') ?? [];
    if (!body || !signature || rest.length || !sameText(signature, mac(name, body))) return null;
    try {
      const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  const setCookie = (name: string, value: string, seconds: number) =>
    `${name}=${value}; Path=${AUDIT_PATH}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`;
  const clearCookie = (name: string) => setCookie(name, '', 0);

  function pendingOf(header: string | undefined): Pending | null {
    const p = unseal(PENDING_COOKIE, header);
    if (!p || typeof p.state !== 'string' || typeof p.verifier !== 'string' || typeof p.orderId !== 'string') return null;
    if (typeof p.exp !== 'number' || p.exp <= nowSeconds()) return null;
    return { state: p.state, verifier: p.verifier, orderId: p.orderId, exp: p.exp };
  }

  function sessionCookieOf(header: string | undefined): Session | null {
    const s = unseal(SESSION_COOKIE, header);
    if (!s || typeof s.sub !== 'string' || typeof s.grantId !== 'string' || typeof s.exp !== 'number') return null;
    return { sub: s.sub, grantId: s.grantId, exp: s.exp };
  }

  async function exchange(code: string, verifier: string): Promise<AccessTokenClaims | null> {
    // RFC 6749 2.3.1: Basic with the form-encoded id and secret.
    const credentials = Buffer.from(`${encodeURIComponent(AUDIT_CLIENT_ID)}:${encodeURIComponent(client.clientSecret)}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(client.tokenEndpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${credentials}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return null;
    }
    if (!response.ok) return null;
    const tokens = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
    if (typeof tokens?.access_token !== 'string') return null;
    const claims = await verifyAccessToken(tokens.access_token);
    return claims && claims.clientId === AUDIT_CLIENT_ID ? claims : null;
  }

  return {
    /** The signed-in auditor of this browser, or null: a cookie this sandbox signed, not expired, whose grant stands. */
    async sessionOf(cookieHeader: string | undefined): Promise<{ sub: string } | null> {
      const session = sessionCookieOf(cookieHeader);
      if (!session || session.exp <= nowSeconds()) return null;
      return (await grantStands(session.grantId, session.sub)) ? { sub: session.sub } : null;
    },

    /** To the provider's sign-in, and back to `orderId`'s page after it. */
    start(orderId: string): { location: string; setCookies: string[] } {
      const pending: Pending = {
        state: randomBytes(16).toString('base64url'),
        verifier: randomBytes(32).toString('base64url'),
        orderId,
        exp: nowSeconds() + PENDING_SECONDS,
      };
      const url = new URL(client.authorizationEndpoint);
      url.search = new URLSearchParams({
        client_id: AUDIT_CLIENT_ID,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: AUDIT_SCOPE,
        state: pending.state,
        code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      return { location: url.href, setCookies: [setCookie(PENDING_COOKIE, seal(PENDING_COOKIE, pending), PENDING_SECONDS)] };
    },

    /** The provider's answer at the callback: a session for an auditor, a refusal for anyone else. */
    async finish(query: Record<string, unknown>, cookieHeader: string | undefined): Promise<CallbackOutcome> {
      const setCookies = [clearCookie(PENDING_COOKIE)];
      const pending = pendingOf(cookieHeader);
      const state = typeof query.state === 'string' ? query.state : '';
      if (!pending || !sameText(state, pending.state)) return { kind: 'failed', orderId: pending?.orderId ?? null, setCookies };
      const failed = { kind: 'failed', orderId: pending.orderId, setCookies } as const;
      // RFC 9207: the answer names the provider that gave it.
      if (query.iss !== undefined && query.iss !== client.issuer) return failed;
      if (typeof query.code !== 'string' || query.error !== undefined) return failed;

      const claims = await exchange(query.code, pending.verifier);
      if (!claims) return failed;
      if (!claims.roles.includes(AUDITOR_ROLE)) {
        // Nothing to keep it for.
        endGrant(claims.grantId);
        return { kind: 'notAuditor', orderId: pending.orderId, setCookies };
      }
      const session: Session = { sub: claims.sub, grantId: claims.grantId, exp: nowSeconds() + SESSION_SECONDS };
      setCookies.push(setCookie(SESSION_COOKIE, seal(SESSION_COOKIE, session), SESSION_SECONDS));
      return { kind: 'auditor', orderId: pending.orderId, setCookies };
    },

    /** Forgets the session here, ends its grant, and signs out at the provider too (so the next visit asks for the password). */
    signOut(cookieHeader: string | undefined): { location: string; setCookies: string[] } {
      const session = sessionCookieOf(cookieHeader);
      if (session) endGrant(session.grantId);
      const url = new URL(client.endSessionEndpoint);
      url.search = new URLSearchParams({
        client_id: AUDIT_CLIENT_ID,
        post_logout_redirect_uri: `${client.appOrigin}${AUDIT_SIGNED_OUT_PATH}`,
      }).toString();
      return { location: url.href, setCookies: [clearCookie(SESSION_COOKIE), clearCookie(PENDING_COOKIE)] };
    },
  };
}

export type AuditSignIn = ReturnType<typeof auditSignIn>;
