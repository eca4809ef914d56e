// @vitest-environment node
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demoData';
import { AUDIT_CLIENT_ID, PENDING_COOKIE, SESSION_COOKIE, SESSION_SECONDS } from '../../server/oidc/auditSignIn';
import { AUDIT_PATH } from '../../server/sandboxUrls';
import { paymentFlow } from './analyticsRecords';
import { AUDITOR, auditBrowser, auditorHeaders, sandboxPath, setCookiesOf, signInAtAuditPage } from './auditor';
import { PUBLIC_ORIGIN, startSandbox, STUDY_LIST } from './helpers';
import { browser, form, location, signedInHeaders, signIn, startAuthorization, submitLogin } from './signIn';

afterEach(() => void vi.useRealTimers());

const XSRF = 'test-pair';
const ORDER = 'AI-AUDITED-0001';
const trailUrl = (orderId: string) => `${AUDIT_PATH}?${new URLSearchParams({ orderId })}`;
const pageUrl = (orderId: string) => `${AUDIT_PATH}/${encodeURIComponent(orderId)}`;

/** A sandbox with one order's trail, sent by patient1's app (for an order of theirs: the endpoint refuses any other). */
async function sandboxWithTrail(): Promise<FastifyInstance> {
  const app = await startSandbox();
  const { id: checkRecordId } = app.sandbox.db
    .prepare<[string], { id: number }>(
      `INSERT INTO ai_orders (order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at)
       SELECT ?, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at FROM ai_orders
        WHERE patient_id = (SELECT id FROM patients WHERE login_name = 'patient1') LIMIT 1 RETURNING id`,
    )
    .get(ORDER)!;
  const response = await app.inject({
    method: 'POST',
    url: '/api/V1.0/Analytics/Collect',
    headers: { ...(await signedInHeaders(app, 'patient1')), 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
    payload: { records: paymentFlow({ orderId: ORDER, checkRecordId }) },
  });
  expect(response.json().statusCode).toBe(200);
  return app;
}

function cookieLine(lines: readonly string[], name: string): string | undefined {
  return lines.find((line) => line.startsWith(`${name}=`));
}

describe('the demo auditor', () => {
  it("signs in at the provider with the demo password; its access token carries the auditor role, a patient's none", async () => {
    const app = await startSandbox();
    const auditor = await signIn(app, { login: AUDITOR });
    expect(decodeJwt(auditor.access_token)).toMatchObject({ sub: AUDITOR, roles: ['auditor'], aud: 'cloud-film-api' });
    expect(decodeJwt(auditor.id_token)).toMatchObject({ sub: AUDITOR, name: '陈静' });
    expect(await app.sandbox.identity.verifyAccessToken(auditor.access_token)).toMatchObject({ sub: AUDITOR, roles: ['auditor'] });
    const patient = await signIn(app, { login: 'patient1' });
    expect(decodeJwt(patient.access_token)).not.toHaveProperty('roles');
    expect(await app.sandbox.identity.verifyAccessToken(patient.access_token)).toMatchObject({ roles: [] });
  });

  it('is listed among the demo accounts on the sign-in page', async () => {
    const app = await startSandbox();
    const b = browser();
    const page = await b.fetch(await startAuthorization(b, app.sandbox.identity.issuer, { state: 's', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' }));
    const html = await page.text();
    expect(html).toMatch(/审计员<span class="en" lang="en">Auditor<\/span>: <code>auditor1<\/code>/);
    expect(html).toContain('<option value="auditor1">');
  });

  it("never acts as a patient: the patient API refuses the auditor's token with 403, and nobody's data", async () => {
    const app = await startSandbox();
    const response = await app.inject({ url: STUDY_LIST, headers: await auditorHeaders(app) });
    expect(response.statusCode).toBe(403);
    expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    expect(response.json()).toEqual({ statusCode: 403, message: 'forbidden: not a patient', result: null });
  });

  it("shares one namespace with the patients: a login name that is both a patient's and a staff member's signs in nobody", async () => {
    const app = await startSandbox();
    // A staff row that shares a patient's login name: it signs in nobody.
    app.sandbox.db
      .prepare("INSERT INTO staff_accounts (login_name, name, role, password_hash, created_at) SELECT login_name, 'x', 'auditor', password_hash, '2026-01-01' FROM patients WHERE login_name = 'patient3'")
      .run();
    await expect(signIn(app, { login: 'patient3' })).rejects.toThrow();
  });
});

describe('GET /sandbox/audit?orderId= (the trail as JSON)', () => {
  it("answers an auditor's bearer token", async () => {
    const app = await sandboxWithTrail();
    const response = await app.inject({ url: trailUrl(ORDER), headers: await auditorHeaders(app) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json().records).toHaveLength(paymentFlow({ orderId: ORDER, checkRecordId: 77 }).length);
  });

  it('refuses no token and a bad token with 401 and the challenge, and a patient with 403', async () => {
    const app = await sandboxWithTrail();
    const none = await app.inject({ url: trailUrl(ORDER) });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.headers['cache-control']).toBe('private, no-store');

    const bad = await app.inject({ url: trailUrl(ORDER), headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    // The patient whose order it is, too: reading the trail is the auditors' job.
    const patient = await app.inject({ url: trailUrl(ORDER), headers: await signedInHeaders(app, 'patient1') });
    expect(patient.statusCode).toBe(403);
    expect(patient.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_scope"/);
    for (const refused of [none, bad, patient]) expect(refused.json().result).toBeNull();
  });
});

describe('GET /sandbox/audit/<order no> (the timeline page)', () => {
  it('sends a browser without a session to the provider: authorization code with PKCE and state, for the audit client', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    const response = await b.get(pageUrl(ORDER));
    expect(response.statusCode).toBe(303);
    expect(response.body).not.toContain('陈静');
    const to = new URL(response.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${app.sandbox.identity.issuer}/auth`);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: AUDIT_CLIENT_ID,
      redirect_uri: `${PUBLIC_ORIGIN}/sandbox/audit/callback`,
      response_type: 'code',
      scope: 'openid profile',
      state: expect.stringMatching(/^[\w-]{20,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const pending = setCookiesOf(response).find((line) => line.startsWith(`${PENDING_COOKIE}=`))!;
    expect(pending).toMatch(/; Path=\/sandbox\/audit; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // The state travels in the URL; the PKCE verifier only in the signed cookie.
    expect(pending).not.toContain(to.searchParams.get('code_challenge'));
  });

  it('shows the timeline to an auditor after signing in, with a short-lived, path-scoped, HttpOnly session cookie that holds no token', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    const callback = await signInAtAuditPage(b, pageUrl(ORDER));
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(pageUrl(ORDER));
    const session = cookieLine(setCookiesOf(callback), SESSION_COOKIE)!;
    expect(session).toMatch(new RegExp(`; Path=/sandbox/audit; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Lax$`));
    expect(SESSION_SECONDS).toBeLessThanOrEqual(15 * 60);
    const [payload] = session.slice(SESSION_COOKIE.length + 1).split(';')[0]!.split('.');
    // Who, which grant, until when: no token and no secret.
    expect(Object.keys(JSON.parse(Buffer.from(payload!, 'base64url').toString())).sort()).toEqual(['exp', 'grantId', 'sub']);

    const page = await b.get(pageUrl(ORDER));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('订单审计记录');
    expect(page.body).toContain('Order audit trail');
    expect(page.body.match(/<tr class="(audit|product-event)"/g)).toHaveLength(13);
    expect(page.body).toContain('data-auditor="auditor1"');
    expect(page.body).toContain('<a class="button" href="/sandbox/audit/sign-out">退出登录<span class="en" lang="en">Sign out</span></a>');
    // Another order's page needs no second sign-in.
    const nothing = await b.get(pageUrl('AI-NOTHING-HERE'));
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toContain('No audit records for this order');
    expect(nothing.body).toContain('href="/sandbox/audit/sign-out"');
  });

  it('answers a patient who signs in there with 403: the page is for auditors, with a way to sign out', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    const callback = await signInAtAuditPage(b, pageUrl(ORDER), { login: 'patient1', password: DEMO_PASSWORD });
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain('此页面仅供审计员使用');
    expect(callback.body).toContain('This page is for auditors');
    expect(callback.body).toContain('href="/sandbox/audit/sign-out"');
    expect(callback.body).not.toContain('张伟');
    expect(cookieLine(setCookiesOf(callback), SESSION_COOKIE)).toBeUndefined();
    // Still not signed in here: the page sends the browser to the provider again.
    expect((await b.get(pageUrl(ORDER))).statusCode).toBe(303);
  });

  it('refuses a session cookie it did not sign, or one past its quarter of an hour', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    await signInAtAuditPage(b, pageUrl(ORDER));
    const genuine = b.jar.header();
    const [name, value] = genuine.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split('=');
    const [body, mac] = value!.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: (claims.exp as number) + 86_400 })).toString('base64url');
    for (const cookie of [`${name}=${forged}.${mac}`, `${name}=${body}.${'A'.repeat(43)}`, `${name}=${body}`]) {
      expect((await app.inject({ url: pageUrl(ORDER), headers: { cookie } })).statusCode).toBe(303);
    }
    expect((await app.inject({ url: pageUrl(ORDER), headers: { cookie: genuine } })).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_SECONDS * 1000);
    expect((await app.inject({ url: pageUrl(ORDER), headers: { cookie: genuine } })).statusCode).toBe(303);
  });

  it('refuses a callback without its own browser\'s sign-in (no cookie, another state) or after a cancel', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    const start = await b.get(pageUrl(ORDER));
    const authorization = new URL(start.headers.location as string);
    const loginPage = location(await b.provider.fetch(authorization), authorization.origin);

    // Another browser brings the code back (login CSRF): it has no sign-in cookie.
    const callback = await submitLogin(b.provider, loginPage, AUDITOR, DEMO_PASSWORD);
    const stranger = await app.inject({ url: sandboxPath(callback) });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('The sign-in was not completed');
    // The right browser with a state that is not its own.
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'someone-elses');
    expect((await b.get(sandboxPath(wrongState))).statusCode).toBe(400);

    // Cancelled at the provider: a page that offers to sign in again.
    const again = auditBrowser(app);
    const second = await again.get(pageUrl(ORDER));
    const secondAuthorization = new URL(second.headers.location as string);
    const secondLogin = location(await again.provider.fetch(secondAuthorization), secondAuthorization.origin);
    let next = location(await again.provider.fetch(new URL(`${secondLogin.pathname}/abort`, secondLogin)), secondLogin.origin);
    while (next.origin !== PUBLIC_ORIGIN) next = location(await again.provider.fetch(next), next.origin);
    expect(next.searchParams.get('error')).toBe('access_denied');
    const cancelled = await again.get(sandboxPath(next));
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.body).toContain(`href="${pageUrl(ORDER)}"`);
  });

  it('signs out: the cookie goes, its grant ends (a kept copy is refused), and the provider signs the browser out too', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    await signInAtAuditPage(b, pageUrl(ORDER));
    const kept = b.jar.header();
    expect((await b.get(pageUrl(ORDER))).statusCode).toBe(200);

    const out = await b.get('/sandbox/audit/sign-out');
    expect(out.statusCode).toBe(303);
    expect(setCookiesOf(out).find((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toMatch(/Max-Age=0/);
    const endSession = new URL(out.headers.location as string);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${app.sandbox.identity.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_ORIGIN}/sandbox/audit/signed-out`);
    expect(endSession.searchParams.get('client_id')).toBe(AUDIT_CLIENT_ID);
    expect((await app.inject({ url: pageUrl(ORDER), headers: { cookie: kept } })).statusCode).toBe(303);

    // The provider's confirmation form, then back to the sandbox's signed-out page.
    const confirm = await (await b.provider.fetch(endSession)).text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(confirm)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm)?.[1];
    const back = location(await b.provider.fetch(new URL(action!, endSession), form({ xsrf: xsrf!, logout: 'yes' })), endSession.origin);
    expect(back.href).toBe(`${PUBLIC_ORIGIN}/sandbox/audit/signed-out`);
    const signedOut = await b.get(sandboxPath(back));
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain('You are signed out of the audit pages');
    // The next visit asks for the password again.
    const next = await b.get(pageUrl(ORDER));
    const loginPage = location(await b.provider.fetch(new URL(next.headers.location as string)), endSession.origin);
    expect(loginPage.pathname).toMatch(/^\/interaction\//);
  });

  it('puts no token in any URL of the whole round trip', async () => {
    const app = await sandboxWithTrail();
    const b = auditBrowser(app);
    const start = await b.get(pageUrl(ORDER));
    const callback = await signInAtAuditPage(auditBrowser(app), pageUrl(ORDER));
    for (const url of [start.headers.location, callback.headers.location]) {
      expect(String(url)).not.toMatch(/token|eyJ/);
    }
  });
});
