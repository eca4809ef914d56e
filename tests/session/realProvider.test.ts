// @vitest-environment node
/**
 * The session chart as the app wires it (createSessionActor: the real oidc-client-ts UserManager,
 * its storage in jsdom's sessionStorage), against the sandbox's real provider started in-process.
 *
 * The file runs in Node and gives the app a jsdom window for each test (a fresh tab on the app's
 * origin): `window`, `localStorage` and `sessionStorage`, nothing more. Not the jsdom environment:
 * it would hand the sandbox, which runs in this process too, jsdom's globals (jose then refuses
 * jsdom's TextEncoder output as not a Uint8Array), and Vite would transform the sandbox's modules
 * for the browser (its `new URL('./assets/…', import.meta.url)` file reads then point nowhere).
 *
 * No real-time waiting: the device and the provider run in this one process and share one clock,
 * which the test moves. `advance(ms)` moves the wall clock (Date, which oidc-client-ts reads for a
 * token's `expires_in` and the provider for every token's lifetime) and then the chart's timers
 * (xstate's SimulatedClock) by the same amount; only the HTTP to the provider is awaited.
 */
import { OidcClient } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { SimulatedClock, waitFor } from 'xstate';
import { DEMO_PASSWORD } from '../../server/demoData';
import { createSessionActor, sessionPort, type SessionActor } from '../../src/features/session/sessionService';
import { createUserManager, userManagerSettings } from '../../src/features/session/userManager';
import { runtimeConfigSchema } from '../../src/shared/config/runtimeConfig';
import type { TabMessage } from '../../src/shared/platform/tabChannel';
import { SIGN_IN_DEFAULTS } from '../../src/shared/rules/constants';
import { createClientStateStore } from '../../src/shared/state/clientState';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { PUBLIC_ORIGIN, startSandbox, STUDY_LIST } from '../server/helpers';
import { browser, location, submitLogin } from '../server/signIn';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The sandbox's default access token lifetime (server/oidc/tokenTtl.ts), as the app meets it. */
const ACCESS_TOKEN_TTL_MS = 600_000;
const NOTICE_MS = SIGN_IN_DEFAULTS.accessTokenExpiringNotificationSeconds * 1000;
/** The chart's own retry after a renewal that failed for a passing reason (machines/session). */
const RENEW_RETRY_MS = 15_000;

let clock: SimulatedClock;
let closeTab: () => void;

beforeEach(async () => {
  const tab = await builtinEnvironments.jsdom.setupVM!({ jsdom: { url: `${PUBLIC_ORIGIN}/` } });
  const win = tab.getVmContext() as Window & typeof globalThis;
  vi.stubGlobal('window', win);
  vi.stubGlobal('localStorage', win.localStorage);
  vi.stubGlobal('sessionStorage', win.sessionStorage);
  closeTab = () => {
    vi.unstubAllGlobals();
    void tab.teardown();
  };
  expect(window.location.origin, 'the app runs on the origin the provider knows').toBe(PUBLIC_ORIGIN);
  // A whole second, so a token's expiry (whole seconds) is exactly its lifetime away.
  vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 1000) * 1000 });
  clock = new SimulatedClock();
});

afterEach(() => {
  vi.useRealTimers();
  closeTab();
});

/** Time passes for the device, the provider and the chart alike. */
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms);
  clock.increment(ms);
}

/** Every refresh-token request that left for the provider's token endpoint. */
function watchRefreshRequests() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  return () =>
    fetchSpy.mock.calls.filter(([input, init]) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(url).pathname === '/token' && String(init?.body ?? '').includes('grant_type=refresh_token');
    }).length;
}

async function apiStatus(app: Sandbox, token: string) {
  return (await app.inject({ url: STUDY_LIST, headers: { authorization: `Bearer ${token}` } })).statusCode;
}

/**
 * The app on its start page, signing a patient in: the library makes the authorization request
 * (with PKCE), the patient logs in at the provider (over HTTP, with the provider's cookies), and
 * the provider sends the tab to the callback address, where the session chart completes it.
 */
async function signIn(app: Sandbox, { login = 'patient1', returnTo = '/myStudyList' } = {}) {
  const config = runtimeConfigSchema.parse((await app.inject({ url: '/config.json' })).json());
  expect(config.oidc.authority).toBe(app.sandbox.identity.issuer);
  const userManager = createUserManager(config, window.location.origin);

  // What `signinRedirect` does before it navigates (a jsdom page cannot leave): the same request,
  // its state and PKCE verifier stored where the callback will look for them.
  const request = await new OidcClient(userManagerSettings(config, window.location.origin)).createSigninRequest({ request_type: 'si:r', state: { returnTo } });
  const b = browser();
  const loginPage = location(await b.fetch(request.url), config.oidc.authority);
  const callback = await submitLogin(b, loginPage, login, DEMO_PASSWORD);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_ORIGIN}/oidc-callback`);
  window.history.replaceState(null, '', callback.pathname + callback.search);

  const posted: TabMessage[] = [];
  const visited: string[] = [];
  const session = safeStorage(() => window.sessionStorage);
  const local = safeStorage(() => window.localStorage);
  const actor = createSessionActor({
    userManager,
    store: createClientStateStore({ session, local, newUuid: () => crypto.randomUUID() }),
    sessionStorage: session,
    localStorage: local,
    rawSessionStorage: () => window.sessionStorage,
    tabs: { post: (message) => posted.push(message), listen: () => () => {} },
    currentPath: () => window.location.pathname + window.location.search,
    goTo: (path) => {
      visited.push(path);
      window.history.replaceState(null, '', path);
    },
    clock,
  }).start();
  const signedIn = await waitFor(actor, (s) => s.matches('signedIn') || s.matches('failed'));
  expect(signedIn.context.error).toBeNull();
  expect(visited).toEqual([returnTo]);
  const first = signedIn.context.user!;
  expect(first.subject).toBe(login);
  expect(first.expiresAt * 1000 - Date.now()).toBe(ACCESS_TOKEN_TTL_MS);
  expect(await apiStatus(app, first.accessToken)).toBe(200);
  return { actor, userManager, posted, first, port: sessionPort(actor, () => window.location.pathname) };
}

/** Waits for the renewal under way, if any, to settle (real HTTP); no chart timer moves meanwhile. */
const renewalSettled = (actor: SessionActor) => waitFor(actor, (s) => !s.hasTag('renewing'));

describe('the session chart with oidc-client-ts and the sandbox provider', () => {
  it('renews 60 s before expiry through the token endpoint, with a new access token the API accepts', async () => {
    const app = await startSandbox();
    const refreshRequests = watchRefreshRequests();
    const { actor, userManager, posted, first } = await signIn(app);
    const firstRefreshToken = (await userManager.getUser())!.refresh_token;

    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS - 1);
    expect(actor.getSnapshot().hasTag('renewing'), 'not a millisecond before the notice').toBe(false);
    advance(1);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    const renewed = await renewalSettled(actor);

    expect(renewed.matches('signedIn')).toBe(true);
    expect(refreshRequests()).toBe(1);
    const second = renewed.context.user!;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt * 1000 - Date.now()).toBe(ACCESS_TOKEN_TTL_MS);
    expect(await apiStatus(app, second.accessToken)).toBe(200);
    // Stored for the next page load, with the rotated refresh token, and told to the other tabs.
    const stored = (await userManager.getUser())!;
    expect(stored.access_token).toBe(second.accessToken);
    expect(stored.refresh_token).toBeTruthy();
    expect(stored.refresh_token).not.toBe(firstRefreshToken);
    expect(posted).toEqual([{ type: 'renewed', user: expect.stringContaining(second.accessToken) }]);

    // And again 60 s before the new token's expiry: the timer restarts from the fresh token.
    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS);
    const third = (await renewalSettled(actor)).context.user!;
    expect(refreshRequests()).toBe(2);
    expect(third.accessToken).not.toBe(second.accessToken);
    expect(await apiStatus(app, third.accessToken)).toBe(200);
  });

  it('ends the session when the provider has ended it (revoked elsewhere): the renewal signs the patient out', async () => {
    // The revoke hook exists only in test mode.
    const app = await startSandbox({ env: { SANDBOX_TEST_MODE: '1' } });
    const refreshRequests = watchRefreshRequests();
    const { actor, userManager, port, first } = await signIn(app);
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/oidc/revoke?login=patient1' });
    expect(revoked.statusCode).toBe(200);

    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS);
    const after = await waitFor(actor, (s) => !s.matches('signedIn'));

    // The provider answered the renewal invalid_grant: the session is over, not the network.
    expect(refreshRequests()).toBe(1);
    expect(after.matches('signedOut')).toBe(true);
    expect(port.status()).toBe('signedOut');
    expect(after.context.user).toBeNull();
    expect(await userManager.getUser()).toBeNull();
    expect(await apiStatus(app, first.accessToken)).toBe(401);
  });

  it('ends the session when the refresh token has expired: the patient signs in again after its lifetime', async () => {
    // Refresh tokens that live 15 minutes from sign-in (rotation hands on what is left): one
    // renewal, then no more.
    const app = await startSandbox({ tokenTtl: { refreshToken: 900 } });
    const refreshRequests = watchRefreshRequests();
    const { actor, userManager } = await signIn(app);

    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS); // 9 minutes in: renewed
    const renewed = await renewalSettled(actor);
    expect(renewed.matches('signedIn')).toBe(true);

    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS); // 18 minutes in: the refresh token ran out at 15
    const after = await waitFor(actor, (s) => !s.matches('signedIn'));
    expect(refreshRequests()).toBe(2);
    expect(after.matches('signedOut')).toBe(true);
    expect(await userManager.getUser()).toBeNull();
  });

  it('stays signed in while the provider cannot be reached, retries every 15 s, and renews once it is back', async () => {
    const app = await startSandbox();
    const { identity } = app.sandbox;
    const port = Number(new URL(identity.issuer).port);
    const refreshRequests = watchRefreshRequests();
    const { actor, userManager, first } = await signIn(app);
    await identity.close();

    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS);
    let snapshot = await renewalSettled(actor);
    expect(refreshRequests()).toBe(1);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(snapshot.context.user?.accessToken).toBe(first.accessToken);
    expect((await userManager.getUser())?.access_token).toBe(first.accessToken);

    // Still offline at the first retry.
    advance(RENEW_RETRY_MS - 1);
    expect(refreshRequests(), 'no retry before 15 s').toBe(1);
    advance(1);
    snapshot = await renewalSettled(actor);
    expect(refreshRequests()).toBe(2);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(snapshot.context.user?.accessToken).toBe(first.accessToken);

    // Back: the next retry renews.
    await identity.listen(port, '127.0.0.1');
    advance(RENEW_RETRY_MS);
    snapshot = await renewalSettled(actor);
    expect(refreshRequests()).toBe(3);
    expect(snapshot.matches('signedIn')).toBe(true);
    const renewed = snapshot.context.user!;
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(await apiStatus(app, renewed.accessToken)).toBe(200);

    // Renewed for good: nothing more until 60 s before the new token's expiry.
    advance(ACCESS_TOKEN_TTL_MS - NOTICE_MS - 1);
    expect(refreshRequests()).toBe(3);
  });
});
