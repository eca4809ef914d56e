import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../server/demoData';
import { PUBLIC_ORIGIN } from './helpers';

export const CLIENT_ID = 'cloud-film-web';
export const REDIRECT_URI = `${PUBLIC_ORIGIN}/oidc-callback`;
export const SCOPE = 'openid profile offline_access';

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** What a browser does with cookies, as far as the provider needs: keep them, send them back. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(response: Response): void {
    this.keepLines(response.headers.getSetCookie());
  }

  /** Set-Cookie lines from anywhere (an injected request's answer, say). */
  keepLines(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Browser {
  jar: CookieJar;
  /** One request, redirects not followed, cookies kept. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
}

export function browser(): Browser {
  const jar = new CookieJar();
  return {
    jar,
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = jar.header();
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      jar.keep(response);
      return response;
    },
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function location(response: Response, base: string): URL {
  const value = response.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${response.status}: ${response.statusText}`);
  return new URL(value, base);
}

export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

export function authorizationUrl(issuer: string, params: Record<string, string | undefined>): URL {
  const url = new URL('/auth', issuer);
  const all = { client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: 'code', scope: SCOPE, ...params };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) url.searchParams.set(key, value);
  return url;
}

/** From the authorization request to the login page: answers the page's URL. */
export async function startAuthorization(b: Browser, issuer: string, params: Record<string, string | undefined>): Promise<URL> {
  const response = await b.fetch(authorizationUrl(issuer, params));
  if (response.status !== 303) throw new Error(`authorization answered ${response.status}: ${await response.text()}`);
  return location(response, issuer);
}

/** Posts the login form and follows the provider's redirects back to the app; answers the callback URL. */
export async function submitLogin(b: Browser, loginPage: URL, login: string, password: string): Promise<URL> {
  return followToApp(b, await b.fetch(new URL(`${loginPage.pathname}/login`, loginPage), form({ login, password })), loginPage);
}

/** From the provider's answer to a sign-in form, its redirects back to the app; answers the callback URL. */
export async function followToApp(b: Browser, answer: Response, loginPage: URL): Promise<URL> {
  let response = answer;
  let next = location(response, loginPage.href);
  while (next.origin === loginPage.origin) {
    response = await b.fetch(next);
    next = location(response, loginPage.href);
  }
  return next;
}

export async function exchangeCode(issuer: string, code: string, verifier: string | undefined): Promise<Response> {
  const fields: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID };
  if (verifier) fields.code_verifier = verifier;
  return fetch(new URL('/token', issuer), form(fields));
}

export async function refresh(issuer: string, refreshToken: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(
    new URL('/token', issuer),
    form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID, ...extra }),
  );
}

export interface SignInOptions {
  login?: string;
  password?: string;
  /** The browser, with its cookies (the provider's session after this). */
  b?: Browser;
}

/** The whole authorization-code flow with PKCE, as the app runs it, for one patient. */
export async function signIn(
  issuerOrApp: string | FastifyInstance,
  { login = 'patient1', password = DEMO_PASSWORD, b = browser() }: SignInOptions = {},
): Promise<TokenSet> {
  const issuer = typeof issuerOrApp === 'string' ? issuerOrApp : issuerOrApp.sandbox.identity.issuer;
  return signInBy(issuer, b, (loginPage) => submitLogin(b, loginPage, login, password));
}

/** The authorization-code flow with PKCE, the sign-in page passed by `submit` (a password, an SMS code). */
export async function signInBy(issuer: string, b: Browser, submit: (loginPage: URL) => Promise<URL>): Promise<TokenSet> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const loginPage = await startAuthorization(b, issuer, { state, code_challenge: challenge, code_challenge_method: 'S256' });
  const callback = await submit(loginPage);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`no code in ${callback.href}`);
  const response = await exchangeCode(issuer, code, verifier);
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenSet;
}

/** Headers for the app's API as a signed-in patient. */
export async function signedInHeaders(app: FastifyInstance, login = 'patient1'): Promise<Record<string, string>> {
  const { access_token } = await signIn(app, { login });
  return { authorization: `Bearer ${access_token}` };
}
