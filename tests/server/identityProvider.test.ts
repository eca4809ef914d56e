// @vitest-environment node
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { DEMO_PASSWORD } from '../../server/demoData';
import { buildIdentityProvider } from '../../server/oidc/identityProvider';
import { seedDemoData, seedDemoPasswords } from '../../server/seed';
import { freeIssuer, PUBLIC_ORIGIN, startSandbox, STUDY_LIST, tempDir } from './helpers';
import {
  authorizationUrl,
  browser,
  CLIENT_ID,
  exchangeCode,
  form,
  location,
  pkcePair,
  REDIRECT_URI,
  refresh,
  signIn,
  startAuthorization,
  submitLogin,
} from './signIn';
import type { TokenSet } from './signIn';

const OTHER_ORIGIN = 'http://127.0.0.1:18666';

async function studyListStatus(app: Awaited<ReturnType<typeof startSandbox>>, accessToken: string): Promise<number> {
  return (await app.inject({ url: STUDY_LIST, headers: { authorization: `Bearer ${accessToken}` } })).statusCode;
}

function pkceParams() {
  const { verifier, challenge } = pkcePair();
  return { verifier, params: { code_challenge: challenge, code_challenge_method: 'S256', state: 'st4te' } };
}

describe('discovery and keys', () => {
  it('publishes the endpoints and choices the app relies on', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      revocation_endpoint: `${issuer}/token/revocation`,
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
      code_challenge_methods_supported: ['S256'],
      // The app is a public client; the sandbox's audit pages are a confidential one.
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
      scopes_supported: expect.arrayContaining(['openid', 'profile', 'offline_access']),
      claims_supported: expect.arrayContaining(['sub', 'name']),
      id_token_signing_alg_values_supported: ['ES256'],
    });
  });

  it('lets the app origin read discovery and keys across origins, and no other origin', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    for (const path of ['/.well-known/openid-configuration', '/jwks']) {
      const fromApp = await fetch(`${issuer}${path}`, { headers: { origin: PUBLIC_ORIGIN } });
      expect(fromApp.headers.get('access-control-allow-origin')).toBe(PUBLIC_ORIGIN);
      const fromElsewhere = await fetch(`${issuer}${path}`, { headers: { origin: OTHER_ORIGIN } });
      expect(fromElsewhere.status).toBe(200);
      expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    }
    for (const path of ['/token', '/token/revocation', '/me']) {
      const preflight = (origin: string) =>
        fetch(`${issuer}${path}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
        });
      expect((await preflight(PUBLIC_ORIGIN)).headers.get('access-control-allow-origin')).toBe(PUBLIC_ORIGIN);
      expect((await preflight(OTHER_ORIGIN)).headers.get('access-control-allow-origin')).toBeNull();
    }
    const tokenFromElsewhere = await fetch(`${issuer}/token`, {
      ...form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT_ID }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: OTHER_ORIGIN },
    });
    expect(tokenFromElsewhere.status).toBe(400);
    expect(tokenFromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('publishes one public ES256 key, the one that signs the tokens', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('d');
    const tokens = await signIn(app);
    expect(decodeProtectedHeader(tokens.access_token)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: keys[0]!.kid });
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    await expect(jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT_ID })).resolves.toBeTruthy();
  });
});

describe('the sign-in page', () => {
  it('is a phone-friendly form in Chinese and English, under a CSP without inline code', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    const loginPage = await startAuthorization(b, issuer, pkceParams().params);
    expect(loginPage.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const page = await b.fetch(loginPage);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain(`form-action 'self' ${PUBLIC_ORIGIN}`);
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/login.css">');
    expect(html).not.toMatch(/<style|style=|<script(?![^>]*\ssrc=)/);
    expect(html).toMatch(/登录名[\s\S]*Login name/);
    for (const login of ['patient1', 'patient2', 'patient3', 'auditor1']) expect(html).toContain(`<code>${login}</code>`);
    expect(html).toContain('name="password" type="password"');
    expect(html).not.toContain('张伟');

    const css = await fetch(`${issuer}/assets/login.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const stylesheet = await css.text();
    expect(stylesheet).toMatch(/min-height: 4[4-9]px/);
    expect(stylesheet).toContain('-apple-system');
  });

  it('says the login name or password is wrong, keeps the name, and lets the patient try again', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    const loginPage = await startAuthorization(b, issuer, pkceParams().params);
    const wrong = await b.fetch(new URL(`${loginPage.pathname}/login`, issuer), form({ login: 'patient2', password: 'nope' }));
    expect(wrong.status).toBe(200);
    const html = await wrong.text();
    expect(html).toContain('登录名或密码错误');
    expect(html).toContain('Wrong login name or password');
    expect(html).toContain('value="patient2"');
    const unknown = await b.fetch(new URL(`${loginPage.pathname}/login`, issuer), form({ login: 'nobody', password: DEMO_PASSWORD }));
    expect(await unknown.text()).toContain('Wrong login name or password');

    const callback = await submitLogin(b, loginPage, 'patient2', DEMO_PASSWORD);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('is not shown again while the provider knows the browser, and consent is never asked', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    await signIn(app, { b });
    const again = await b.fetch(authorizationUrl(issuer, pkceParams().params));
    expect(`${location(again, issuer).origin}${location(again, issuer).pathname}`).toBe(REDIRECT_URI);

    // Even when the app asks for it, consent goes through without a page.
    const asked = await b.fetch(authorizationUrl(issuer, { ...pkceParams().params, prompt: 'consent' }));
    let next = location(asked, issuer);
    expect(next.pathname).toMatch(/^\/interaction\//);
    while (next.origin === issuer) next = location(await b.fetch(next), issuer);
    expect(`${next.origin}${next.pathname}`).toBe(REDIRECT_URI);
    expect(next.searchParams.get('code')).toBeTruthy();
  });

  it('cancel goes back to the app with access_denied', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    const loginPage = await startAuthorization(b, issuer, pkceParams().params);
    let response = await b.fetch(new URL(`${loginPage.pathname}/abort`, issuer));
    let next = location(response, issuer);
    while (next.origin === issuer) {
      response = await b.fetch(next);
      next = location(response, issuer);
    }
    expect(`${next.origin}${next.pathname}`).toBe(REDIRECT_URI);
    expect(next.searchParams.get('error')).toBe('access_denied');
    expect(next.searchParams.get('state')).toBe('st4te');
  });

  it('answers an unknown or expired sign-in with a page that leads back to the app', async () => {
    const app = await startSandbox();
    const response = await fetch(`${app.sandbox.identity.issuer}/interaction/not-a-real-one`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('登录已过期');
    expect(html).toContain(`href="${PUBLIC_ORIGIN}/"`);
  });
});

describe('authorization code with PKCE', () => {
  it('gives an API access token, an ID token with the name, and a refresh token', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const tokens = await signIn(app);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 600, refresh_token: expect.any(String) });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({ iss: issuer, aud: 'cloud-film-api', sub: 'patient1', client_id: CLIENT_ID });
    expect(access.exp! - access.iat!).toBe(600);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: issuer, aud: CLIENT_ID, sub: 'patient1', name: '张伟' });
    expect(await studyListStatus(app, tokens.access_token)).toBe(200);
  });

  it('lets the app origin call the token endpoint across origins', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    const { verifier, params } = pkceParams();
    const callback = await submitLogin(b, await startAuthorization(b, issuer, params), 'patient1', DEMO_PASSWORD);
    const response = await fetch(`${issuer}/token`, {
      ...form({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PUBLIC_ORIGIN);
  });

  it('refuses an authorization request without PKCE', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const response = await fetch(authorizationUrl(issuer, { state: 'x' }), { redirect: 'manual' });
    const back = location(response, issuer);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a code without its verifier, or with the wrong one', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    for (const verifier of [undefined, pkcePair().verifier]) {
      const b = browser();
      const callback = await submitLogin(b, await startAuthorization(b, issuer, pkceParams().params), 'patient1', DEMO_PASSWORD);
      const response = await exchangeCode(issuer, callback.searchParams.get('code')!, verifier);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('invalid_grant');
    }
  });

  it('refuses a redirect URI that is not registered', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const { params } = pkceParams();
    const response = await fetch(authorizationUrl(issuer, { ...params, redirect_uri: `${OTHER_ORIGIN}/oidc-callback` }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; the new one works, a used one is refused and ends the session', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const first = await signIn(app);

    const refreshed = await refresh(issuer, first.refresh_token);
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as TokenSet;
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: 'cloud-film-api', sub: 'patient1' });
    expect(await studyListStatus(app, second.access_token)).toBe(200);

    // As oidc-client-ts asks: the scope it was granted, and its redirect URI.
    const asTheAppAsks = await refresh(issuer, second.refresh_token, { scope: second.scope ?? '', redirect_uri: REDIRECT_URI });
    expect(asTheAppAsks.status).toBe(200);
    const third = (await asTheAppAsks.json()) as TokenSet;
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect(decodeJwt(third.id_token)).toMatchObject({ sub: 'patient1', name: '张伟' });
    expect(await studyListStatus(app, third.access_token)).toBe(200);

    const replayed = await refresh(issuer, first.refresh_token);
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error).toBe('invalid_grant');
    // A used refresh token coming back means it leaked: everything issued with it goes.
    expect((await refresh(issuer, third.refresh_token)).status).toBe(400);
    expect(await studyListStatus(app, third.access_token)).toBe(401);
  });
});

describe('userinfo', () => {
  it('answers the patient profile for the app access token, across origins for the app', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const { access_token } = await signIn(app, { login: 'patient2' });
    const response = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${access_token}`, origin: PUBLIC_ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PUBLIC_ORIGIN);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ sub: 'patient2', name: '李娜', preferred_username: 'patient2' });
  });

  it('refuses a forged or missing token', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const { access_token } = await signIn(app);
    const [header, payload] = access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    const response = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await fetch(`${issuer}/me`)).status).toBe(401);
  });
});

describe('revocation endpoint', () => {
  async function revoke(issuer: string, token: string): Promise<Response> {
    return fetch(`${issuer}/token/revocation`, form({ token, client_id: CLIENT_ID }));
  }

  it('revoking the refresh token ends the session: refresh and API access stop', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const tokens = await signIn(app);
    expect((await revoke(issuer, tokens.refresh_token)).status).toBe(200);
    expect((await refresh(issuer, tokens.refresh_token)).status).toBe(400);
    expect(await studyListStatus(app, tokens.access_token)).toBe(401);
  });

  it('revoking the access token (what oidc-client-ts does first on sign-out) works too', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const tokens = await signIn(app);
    const other = await signIn(app, { login: 'patient3' });
    const response = await revoke(issuer, tokens.access_token);
    expect(response.status).toBe(200);
    expect(await studyListStatus(app, tokens.access_token)).toBe(401);
    expect((await refresh(issuer, tokens.refresh_token)).status).toBe(400);
    expect(await studyListStatus(app, other.access_token)).toBe(200);
    // Nothing to revoke is no error either (RFC 7009).
    expect((await revoke(issuer, tokens.access_token)).status).toBe(200);
    expect((await revoke(issuer, 'no-such-token')).status).toBe(200);
  });
});

describe('sign-out (RP-initiated logout)', () => {
  it('needs no extra step: a form the page submits itself, then back to the app', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const b = browser();
    const tokens = await signIn(app, { b });
    const endSession = new URL('/session/end', issuer);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${PUBLIC_ORIGIN}/index`,
      client_id: CLIENT_ID,
      state: 'bye',
    }).toString();
    const page = await b.fetch(endSession);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<script src="/assets/sign-out.js" defer></script>');
    expect(html).not.toMatch(/<script>|<style|style=/);
    expect(html).toMatch(/<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">/);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();

    const script = await fetch(`${issuer}/assets/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("getElementById('sign-out')");

    const confirmed = await b.fetch(new URL(action!, issuer), form({ xsrf: xsrf!, logout: 'yes' }));
    expect(confirmed.status).toBe(303);
    const back = location(confirmed, issuer);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_ORIGIN}/index`);
    expect(back.searchParams.get('state')).toBe('bye');
    expect(await studyListStatus(app, tokens.access_token)).toBe(401);
    expect((await refresh(issuer, tokens.refresh_token)).status).toBe(400);

    // The provider's session is gone too: the next sign-in asks for the password again.
    const again = await b.fetch(authorizationUrl(issuer, pkceParams().params));
    expect(location(again, issuer).pathname).toMatch(/^\/interaction\//);
  });
});

describe('sign-out without a session at the provider', () => {
  it('still goes back to the app, through a form whose inline script the CSP names by hash', async () => {
    const app = await startSandbox();
    const { issuer } = app.sandbox.identity;
    const endSession = new URL('/session/end', issuer);
    endSession.search = new URLSearchParams({ post_logout_redirect_uri: `${PUBLIC_ORIGIN}/`, client_id: CLIENT_ID }).toString();
    const b = browser();
    const page = await b.fetch(endSession);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const confirmed = await b.fetch(new URL(action!, issuer), form({ xsrf: xsrf!, logout: 'yes' }));
    expect(location(confirmed, issuer).href).toBe(`${PUBLIC_ORIGIN}/`);
  });
});

describe('restart', () => {
  it('keeps the signing keys, the tokens and the browser session on the same data directory', async () => {
    const dataDir = tempDir('data');
    const identityProviderIssuer = await freeIssuer();
    const first = await startSandbox({ dataDir, identityProviderIssuer });
    const b = browser();
    const tokens = await signIn(first, { b });
    const keysBefore = await (await fetch(`${identityProviderIssuer}/jwks`)).json();
    await first.close();

    const second = await startSandbox({ dataDir, identityProviderIssuer });
    expect(await (await fetch(`${identityProviderIssuer}/jwks`)).json()).toEqual(keysBefore);
    expect(await studyListStatus(second, tokens.access_token)).toBe(200);
    const refreshed = await refresh(identityProviderIssuer, tokens.refresh_token);
    expect(refreshed.status).toBe(200);

    // Silent renewal: the provider still knows the browser, so no sign-in page.
    const { verifier, params } = pkceParams();
    const silent = await b.fetch(authorizationUrl(identityProviderIssuer, { ...params, prompt: 'none', redirect_uri: `${PUBLIC_ORIGIN}/oidc-slient-renew` }));
    const back = location(silent, identityProviderIssuer);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_ORIGIN}/oidc-slient-renew`);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await fetch(
      `${identityProviderIssuer}/token`,
      form({ grant_type: 'authorization_code', code: code!, redirect_uri: `${PUBLIC_ORIGIN}/oidc-slient-renew`, client_id: CLIENT_ID, code_verifier: verifier }),
    );
    expect(exchanged.status).toBe(200);
  });
});

describe('token lifetimes', () => {
  it('come from OIDC_*_TTL in the environment', async () => {
    const app = await startSandbox({ env: { OIDC_ACCESS_TOKEN_TTL: '120', OIDC_ID_TOKEN_TTL: '90' } });
    const tokens = await signIn(app);
    expect(tokens.expires_in).toBe(120);
    const id = decodeJwt(tokens.id_token);
    expect(id.exp! - id.iat!).toBe(90);
  });

  it('refuse to start with a lifetime that is not a whole number of seconds', async () => {
    await expect(startSandbox({ env: { OIDC_REFRESH_TOKEN_TTL: '2 weeks' } })).rejects.toThrow(/OIDC_REFRESH_TOKEN_TTL/);
  });
});

describe('buildIdentityProvider on its own', () => {
  it('needs only a database with patients, and closes cleanly', async () => {
    const db = openDatabase(tempDir('data'));
    seedDemoData(db);
    await seedDemoPasswords(db);
    const issuer = await freeIssuer();
    const identity = await buildIdentityProvider({ issuer: `${issuer}/`, appOrigin: PUBLIC_ORIGIN, db, ttl: { accessToken: 30 } });
    try {
      expect(identity.issuer).toBe(issuer);
      expect(identity.ttl.accessToken).toBe(30);
      expect(identity.ttl.refreshToken).toBe(14 * 24 * 60 * 60);
      await identity.listen(Number(new URL(issuer).port), '127.0.0.1');
      await expect(identity.listen(Number(new URL(issuer).port), '127.0.0.1')).rejects.toThrow(/already listening/);
      const tokens = await signIn(issuer, { login: 'patient3' });
      expect(tokens.expires_in).toBe(30);
      expect(await identity.verifyAccessToken(tokens.access_token)).toMatchObject({ sub: 'patient3', clientId: CLIENT_ID });
      expect(await identity.verifyAccessToken('garbage')).toBeNull();
      expect(identity.revokePatientSessions('patient3')).toEqual({ sessions: 1, grants: 1 });
      expect(await identity.verifyAccessToken(tokens.access_token)).toBeNull();
    } finally {
      await identity.close();
      await identity.close();
      db.close();
    }
    await expect(fetch(`${issuer}/jwks`)).rejects.toThrow();
  });
});
