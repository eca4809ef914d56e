import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../server/demoData';
import { DEMO_AUDITOR } from '../../server/oidc/staffAccounts';
import { PUBLIC_ORIGIN } from './helpers';
import { browser, CookieJar, location, signedInHeaders, submitLogin } from './signIn';
import type { Browser } from './signIn';

export const AUDITOR = DEMO_AUDITOR.loginName;

const headersByApp = new WeakMap<FastifyInstance, Promise<Record<string, string>>>();

/** Headers for the JSON trail as the demo auditor (one sign-in per sandbox). */
export function auditorHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  if (!headersByApp.has(app)) headersByApp.set(app, signedInHeaders(app, AUDITOR));
  return headersByApp.get(app)!;
}

export function setCookiesOf(response: LightMyRequestResponse): string[] {
  const value = response.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * A browser on the sandbox's pages (reached with inject) and its provider (over HTTP): each side
 * keeps its own cookies, as a browser does for two origins.
 */
export interface AuditBrowser {
  /** The sandbox's cookies. */
  jar: CookieJar;
  /** The provider's cookies. */
  provider: Browser;
  /** One GET on the sandbox, cookies sent and kept, redirects not followed. */
  get(url: string): Promise<LightMyRequestResponse>;
}

export function auditBrowser(app: FastifyInstance): AuditBrowser {
  const jar = new CookieJar();
  return {
    jar,
    provider: browser(),
    async get(url) {
      const cookie = jar.header();
      const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
      jar.keepLines(setCookiesOf(response));
      return response;
    },
  };
}

/** The path and query of a URL on the sandbox's origin, for inject. */
export function sandboxPath(url: URL): string {
  if (url.origin !== PUBLIC_ORIGIN) throw new Error(`expected the sandbox's origin, got ${url.href}`);
  return `${url.pathname}${url.search}`;
}

/**
 * Opens an audit page as a browser does: the sandbox sends it to the provider, it signs in there
 * as `login`, and the provider sends it back to the sandbox's callback. Answers the callback's answer.
 */
export async function signInAtAuditPage(
  b: AuditBrowser,
  path: string,
  { login = AUDITOR, password = DEMO_PASSWORD }: { login?: string; password?: string } = {},
): Promise<LightMyRequestResponse> {
  const start = await b.get(path);
  if (start.statusCode !== 303) throw new Error(`expected the way to the provider, got ${start.statusCode}`);
  const authorization = new URL(start.headers.location as string);
  const loginPage = location(await b.provider.fetch(authorization), authorization.origin);
  const callback = await submitLogin(b.provider, loginPage, login, password);
  return b.get(sandboxPath(callback));
}

/** An audit page opened by the signed-in demo auditor: answers the page. */
export async function openAsAuditor(app: FastifyInstance, path: string): Promise<LightMyRequestResponse> {
  const b = auditBrowser(app);
  const callback = await signInAtAuditPage(b, path);
  if (callback.statusCode !== 303) throw new Error(`expected the way back to the page, got ${callback.statusCode}`);
  return b.get(callback.headers.location as string);
}
