// @vitest-environment node
import { importJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_API_PATHS } from '../../server/paths';
import { HOSPITAL_LOGO, HOSPITAL_SETTING, JS_SDK_CONFIG, makeDistDir, startSandbox, STUDY_LIST, SYNC_REPORT_STATUS } from './helpers';
import { refresh, signIn } from './signIn';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

afterEach(() => void vi.useRealTimers());

const UNAUTHORIZED = { statusCode: 401, message: 'unauthorized', result: null };

async function get(app: Sandbox, url: string, token?: string) {
  return app.inject({ url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
}

function expectUnauthorized(response: Awaited<ReturnType<typeof get>>, challenge = 'Bearer error="invalid_token"') {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.headers['www-authenticate']).toBe(challenge);
  expect(response.json()).toEqual(UNAUTHORIZED);
}

/** A token made with the provider's own signing key, so only the claims under test are wrong. */
async function signedLikeTheProvider(app: Sandbox, claims: Record<string, unknown>): Promise<string> {
  const row = app.sandbox.db.prepare("SELECT value FROM oidc_secrets WHERE name = 'signing-jwks'").get() as { value: string };
  const [jwk] = JSON.parse(row.value) as JWK[];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk!.kid })
    .sign(await importJWK(jwk!, 'ES256'));
}

describe('the API asks for a bearer access token from the sandbox provider', () => {
  it.each([STUDY_LIST, SYNC_REPORT_STATUS])('%s without a token: 401, challenge without an error code', async (url) => {
    const app = await startSandbox();
    expectUnauthorized(await get(app, url), 'Bearer');
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a JWT-looking string', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJwYXRpZW50MSJ9.'],
  ])('refuses %s', async (_label, token) => {
    const app = await startSandbox();
    expectUnauthorized(await get(app, STUDY_LIST, token));
  });

  it('refuses a header that is not Bearer', async () => {
    const app = await startSandbox();
    const { access_token } = await signIn(app);
    expectUnauthorized(await app.inject({ url: STUDY_LIST, headers: { authorization: `Basic ${access_token}` } }));
  });

  it('refuses the ID token (meant for the app, not the API)', async () => {
    const app = await startSandbox();
    const { id_token } = await signIn(app);
    expectUnauthorized(await get(app, STUDY_LIST, id_token));
  });

  it('refuses a token for another audience, another issuer, or with a grant it never made', async () => {
    const app = await startSandbox();
    const { access_token } = await signIn(app);
    const genuine = decodeJwt(access_token);
    expect(await signedLikeTheProvider(app, genuine).then((token) => get(app, STUDY_LIST, token))).toMatchObject({ statusCode: 200 });
    for (const change of [{ aud: 'another-api' }, { iss: 'http://127.0.0.1:1' }, { grant_id: 'made-up' }, { sub: 'patient2' }]) {
      expectUnauthorized(await get(app, STUDY_LIST, await signedLikeTheProvider(app, { ...genuine, ...change })));
    }
  });

  it('refuses a token signed by another key', async () => {
    const app = await startSandbox();
    const other = await startSandbox();
    const { access_token } = await signIn(other);
    expectUnauthorized(await get(app, STUDY_LIST, access_token));
  });

  it('refuses an access token from the second it expires, 600 s after it was made by default', async () => {
    const app = await startSandbox();
    const { access_token, expires_in } = await signIn(app);
    expect(expires_in).toBe(600);
    const { exp, iat } = decodeJwt(access_token);
    expect(exp! - iat!).toBe(600);
    // The verifier reads the time from Date: set it, rather than wait.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp! * 1000 - 1);
    expect((await get(app, STUDY_LIST, access_token)).statusCode).toBe(200);
    vi.setSystemTime(exp! * 1000);
    expectUnauthorized(await get(app, STUDY_LIST, access_token));
  });

  it("answers the token's own patient", async () => {
    const app = await startSandbox();
    const { access_token } = await signIn(app, { login: 'patient2' });
    const { result } = (await get(app, `${STUDY_LIST}?pageLength=20`, access_token)).json();
    expect(result.totals).toBe(4);
    expect(new Set(result.rows.map((row: { patientName: string }) => row.patientName))).toEqual(new Set(['李娜']));
  });

  it('keeps an unknown API path a 404, signed in or not', async () => {
    const app = await startSandbox();
    expect((await get(app, '/api/V1.0/Nope/Nothing')).statusCode).toBe(404);
  });
});

describe('public endpoints answer without a token', () => {
  /** What a public endpoint needs in its query to answer at all. */
  const REQUIRED_QUERY: Record<string, string> = {
    [JS_SDK_CONFIG]: `?url=${encodeURIComponent('http://127.0.0.1:18080/aiOrder')}`,
    '/api/V1.0/HelpSupport/QuestionInfo': '?questionId=collect-qr',
  };

  it.each([...PUBLIC_API_PATHS])('%s', async (url) => {
    const app = await startSandbox();
    const response = await get(app, url + (REQUIRED_QUERY[url] ?? ''));
    expect(response.statusCode).toBe(200);
    expect(response.json().statusCode).toBe(200);
  });

  it('the list names the hospital settings and logo, the JS-SDK signature, the help centre and the demo study\'s pass', () => {
    const help = ['/api/V1.0/HelpSupport/QuestionTypes', '/api/V1.0/HelpSupport/QuestionInfo'];
    const experience = '/api/V1.0/Package/ExperiencePass';
    expect([...PUBLIC_API_PATHS].sort()).toEqual([HOSPITAL_LOGO, HOSPITAL_SETTING, JS_SDK_CONFIG, ...help, experience].sort());
  });

  it.each(['/config.json', '/sandbox/assets/hospital-logo.svg', '/sandbox/assets/official-account-qr.svg', '/', '/myStudyList'])(
    '%s',
    async (url) => {
      const app = await startSandbox({ distDir: makeDistDir() });
      const response = await app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode).toBe(200);
    },
  );
});

describe('POST /sandbox/oidc/revoke (a test hook)', () => {
  const TEST_MODE = { env: { SANDBOX_TEST_MODE: '1' } };

  it("ends every session of the patient at once, and nobody else's", async () => {
    const app = await startSandbox(TEST_MODE);
    const { issuer } = app.sandbox.identity;
    const phone = await signIn(app);
    const laptop = await signIn(app);
    const someoneElse = await signIn(app, { login: 'patient2' });

    const response = await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke?login=patient1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ statusCode: 200, message: 'success', result: { login: 'patient1', sessions: 2, grants: 2 } });

    for (const tokens of [phone, laptop]) {
      expectUnauthorized(await get(app, STUDY_LIST, tokens.access_token));
      expect((await refresh(issuer, tokens.refresh_token)).status).toBe(400);
    }
    expect((await get(app, STUDY_LIST, someoneElse.access_token)).statusCode).toBe(200);
    const fresh = await signIn(app);
    expect((await get(app, STUDY_LIST, fresh.access_token)).statusCode).toBe(200);
  });

  it('says so for an unknown patient or a missing login', async () => {
    const app = await startSandbox(TEST_MODE);
    const unknown = await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke?login=nobody' });
    expect(unknown.statusCode).toBe(404);
    const missing = await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('login') });
  });

  it('does not exist outside test mode: nobody can end a patient\'s sessions', async () => {
    const app = await startSandbox();
    const tokens = await signIn(app);
    const response = await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke?login=patient1' });
    expect(response.statusCode).toBe(404);
    expect((await get(app, STUDY_LIST, tokens.access_token)).statusCode).toBe(200);
  });
});
