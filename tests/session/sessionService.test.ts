import { ErrorResponse, User, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { untilExpiringMs } from '../../machines/session/session.types';
import { createSessionActor, sessionPort, SIGN_OUT_TASKS_MS } from '../../src/features/session/sessionService';
import { createSignOutTasks } from '../../src/shared/session/signOutTasks';
import type { BrowserHistoryPort } from '../../src/features/session/signInHistory';
import type { TabChannel, TabMessage } from '../../src/shared/platform/tabChannel';
import { SIGN_IN_DEFAULTS } from '../../src/shared/rules/constants';
import { createClientStateStore } from '../../src/shared/state/clientState';
import { DRAFT_PREFIX, FEEDBACK_DRAFT_DATABASE } from '../../src/shared/state/drafts';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { SESSION_KEYS } from '../../src/shared/state/storageKeys';
import { hospitalSetting } from '../msw/fixtures';

/**
 * Lets the chart's promises settle: one turn of the event loop, and no time passes. The chart's own
 * timers run on a SimulatedClock, which a test moves by the spec's delays (`clock.increment`).
 */
const flush = () => new Promise((resolve) => setImmediate(resolve));
const nowSeconds = () => Math.floor(Date.now() / 1000);

function user(overrides: Partial<ConstructorParameters<typeof User>[0]> = {}) {
  return new User({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    token_type: 'Bearer',
    profile: { sub: 'patient1', name: '张伟', iss: 'http://idp', aud: 'web', exp: 0, iat: 0 },
    expires_at: nowSeconds() + 600,
    ...overrides,
  });
}

function fakeUserManager(stored: User | null) {
  let current = stored;
  return {
    getUser: vi.fn(async () => current),
    removeUser: vi.fn(async () => void (current = null)),
    storeUser: vi.fn(async (u: User | null) => void (current = u)),
    clearStaleState: vi.fn(async () => {}),
    signinCallback: vi.fn(async (): Promise<User | undefined> => undefined),
    signinRedirect: vi.fn(async () => {}),
    metadataService: { getMetadata: vi.fn(async () => ({})) },
    signinSilent: vi.fn(async (): Promise<User | null> => user({ access_token: 'access-2', refresh_token: 'refresh-2' })),
    revokeTokens: vi.fn(async () => {}),
    signoutRedirect: vi.fn(async () => {}),
  };
}

function fakeTabs() {
  const listeners = new Set<(m: TabMessage) => void>();
  const posted: TabMessage[] = [];
  const tabs: TabChannel = {
    post: (m) => posted.push(m),
    listen: (l) => (listeners.add(l), () => listeners.delete(l)),
  };
  return { tabs, posted, deliver: (m: TabMessage) => listeners.forEach((l) => l(m)) };
}

/** The tab's history as one page sees it: `length` entries, this page loaded by `navigationType`. */
function fakeBrowser(length = 1, navigationType = 'navigate') {
  const history = {
    length,
    state: null,
    pushState: vi.fn(() => void (history.length += 1)),
    go: vi.fn(),
  };
  const browser: BrowserHistoryPort = {
    history,
    origin: 'http://app.example',
    navigationType: () => navigationType,
    onRestoredFromCache: () => {},
    reload: vi.fn(),
  };
  return { browser, history };
}

/** An IndexedDB that deletes a database at once, and says which it was asked to delete. */
function fakeIndexedDb() {
  const deleted: string[] = [];
  const factory = {
    deleteDatabase(name: string) {
      deleted.push(name);
      const deleting = {} as IDBOpenDBRequest;
      queueMicrotask(() => deleting.onsuccess?.(new Event('success')));
      return deleting;
    },
  } as unknown as IDBFactory;
  return { factory, deleted };
}

function start(options: { path?: string; stored?: User | null; browser?: BrowserHistoryPort } = {}) {
  const um = fakeUserManager(options.stored ?? null);
  const signOutTasks = createSignOutTasks();
  const indexedDb = fakeIndexedDb();
  const leave = vi.fn();
  const tabs = fakeTabs();
  const session = safeStorage(() => window.sessionStorage);
  const store = createClientStateStore({ session, local: safeStorage(() => window.localStorage), newUuid: () => crypto.randomUUID() });
  const goTo = vi.fn();
  const clock = new SimulatedClock();
  let path = options.path ?? '/aiOrder?tab=2';
  const actor = createSessionActor({
    userManager: um as unknown as UserManager,
    store,
    sessionStorage: session,
    rawSessionStorage: () => window.sessionStorage,
    tabs: tabs.tabs,
    currentPath: () => path,
    goTo,
    browser: options.browser ?? fakeBrowser().browser,
    clock,
    signOutTasks,
    indexedDb: () => indexedDb.factory,
    leave,
  }).start();
  const port = sessionPort(actor, () => path, signOutTasks);
  return { um, tabs, store, goTo, leave, actor, port, clock, indexedDb, setPath: (p: string) => (path = p) };
}

describe('session with the OpenID Connect library', () => {
  it('restores a stored session at start', async () => {
    const { actor, port } = start({ stored: user() });
    await expect(port.accessToken()).resolves.toBe('access-1');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(port.status()).toBe('signedIn');
  });

  it('answers the API client only once the session is restored', async () => {
    const { port } = start({ stored: null });
    const token = port.accessToken();
    expect(port.status()).toBe('pending');
    await expect(token).resolves.toBeNull();
    expect(port.status()).toBe('signedOut');
  });

  it('completes the callback and goes to the exact address the patient asked for', async () => {
    const { um, goTo, port } = start({ path: '/oidc-callback?code=abc&state=xyz' });
    um.signinCallback.mockResolvedValue(user({ userState: { returnTo: '/personal?from=menu' } }));
    await flush();
    expect(port.status()).toBe('signedIn');
    expect(goTo).toHaveBeenCalledWith('/personal?from=menu');
  });

  it('recovers from a reloaded callback page when a session exists, instead of "No matching state found"', async () => {
    window.sessionStorage.setItem('cf.returnTo', '/aiOrder');
    const { um, goTo, port } = start({ path: '/oidc-callback?code=used&state=gone', stored: user() });
    um.signinCallback.mockRejectedValue(new Error('No matching state found in storage'));
    await flush();
    expect(port.status()).toBe('signedIn');
    expect(goTo).toHaveBeenCalledWith('/aiOrder');
  });

  it('starts sign-in again from a replayed callback when there is no session', async () => {
    window.sessionStorage.setItem('cf.returnTo', '/aiOrder');
    const { um } = start({ path: '/oidc-callback?code=used&state=gone' });
    um.signinCallback.mockRejectedValue(new Error('No matching state found in storage'));
    await flush();
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: expect.objectContaining({ returnTo: '/aiOrder' }), redirectMethod: 'replace' });
  });

  it('shows the sign-in error page when the provider refuses', async () => {
    const { um, goTo, actor } = start({ path: '/oidc-callback?error=unauthorized_client' });
    um.signinCallback.mockRejectedValue(new ErrorResponse({ error: 'unauthorized_client' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(goTo).toHaveBeenCalledWith('/oidc-error');
  });

  it('a sign-in cancelled at the provider is not a failure: the calm page, keeping where the patient was going', async () => {
    const { um, goTo, port } = start({ path: '/oidc-callback?error=access_denied' });
    um.signinCallback.mockRejectedValue(
      new ErrorResponse({ error: 'access_denied', error_description: 'End-User aborted interaction', userState: { returnTo: '/shareList?id=film-3', from: '/checking' } }),
    );
    await flush();
    expect(port.signInProblem()).toBe('cancelled');
    // Where "back" leads: the page the sign-in began on.
    expect(port.cancelledFrom()).toBe('/checking');
    expect(port.status()).toBe('signedOut');
    expect(port.lastError()).toBeNull();
    expect(port.returnTo()).toBe('/shareList?id=film-3');
    expect(goTo).toHaveBeenCalledWith('/oidc-error');
    port.retrySignIn();
    await flush();
    expect(um.signinRedirect).toHaveBeenLastCalledWith(expect.objectContaining({ state: expect.objectContaining({ returnTo: '/shareList?id=film-3' }) }));
  });

  it('shows the sign-in error page when the provider cannot be reached, and retries', async () => {
    const { um, goTo, port } = start();
    um.signinRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await flush();
    port.signIn('/personal');
    await flush();
    expect(goTo).toHaveBeenCalledWith('/oidc-error');
    expect(port.lastError()).toBe('Failed to fetch');
    port.retrySignIn();
    await flush();
    expect(um.signinRedirect).toHaveBeenLastCalledWith({ state: expect.objectContaining({ returnTo: '/personal' }), redirectMethod: 'replace' });
    // The page the patient was on goes to the provider and back, for "back" after a cancel.
    expect(um.signinRedirect).toHaveBeenLastCalledWith(expect.objectContaining({ state: { returnTo: '/personal', from: '/aiOrder?tab=2' } }));
  });

  it('marks the start page before leaving for the provider, which replaces the marker', async () => {
    const { browser, history } = fakeBrowser(3);
    const { um, port } = start({ path: '/aiOrder', browser });
    await flush();
    port.signIn('/aiOrder');
    await flush();
    expect(history.pushState).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('cf.signIn.startIndex')).toBe('2');
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: expect.objectContaining({ returnTo: '/aiOrder' }), redirectMethod: 'replace' });
  });

  it('leaves the history as it was when the provider cannot be reached', async () => {
    const { browser, history } = fakeBrowser(3);
    const { um, goTo, port } = start({ browser });
    um.metadataService.getMetadata.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await flush();
    port.signIn('/personal');
    await flush();
    expect(history.pushState).not.toHaveBeenCalled();
    expect(um.signinRedirect).not.toHaveBeenCalled();
    expect(goTo).toHaveBeenCalledWith('/oidc-error');
  });

  it('goes back from the callback over the provider\u2019s pages and leaves the sign-in to the start page', async () => {
    window.sessionStorage.setItem('cf.signIn.startIndex', '1');
    window.sessionStorage.setItem('cf.signIn.id', 'sign-in-1');
    const { browser, history } = fakeBrowser(4);
    const { um, goTo, port } = start({ path: '/oidc-callback?code=abc&state=xyz', browser });
    await flush();
    expect(history.go).toHaveBeenCalledWith(-2);
    expect(JSON.parse(window.localStorage.getItem('cf.signIn.handoff.sign-in-1')!)).toMatchObject({ url: 'http://app.example/oidc-callback?code=abc&state=xyz' });
    expect(um.signinCallback).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
    expect(port.status()).toBe('pending');
  });

  it('completes on the start page the sign-in its callback handed back, and stays there', async () => {
    window.sessionStorage.setItem('cf.signIn.id', 'sign-in-1');
    window.localStorage.setItem('cf.signIn.handoff.sign-in-1', JSON.stringify({ url: 'http://app.example/oidc-callback?code=abc&state=xyz', at: Date.now() }));
    const { um, goTo, port } = start({ path: '/aiOrder', browser: fakeBrowser(4, 'back_forward').browser });
    um.signinCallback.mockResolvedValue(user({ userState: { returnTo: '/aiOrder' } }));
    await flush();
    expect(um.signinCallback).toHaveBeenCalledWith('http://app.example/oidc-callback?code=abc&state=xyz');
    expect(port.status()).toBe('signedIn');
    expect(goTo).toHaveBeenCalledWith('/aiOrder');
    expect(window.localStorage.getItem('cf.signIn.handoff.sign-in-1')).toBeNull();
  });

  it('completes the handed-back sign-in on a start page that was itself a used callback address', async () => {
    window.sessionStorage.setItem('cf.signIn.id', 'sign-in-2');
    window.localStorage.setItem('cf.signIn.handoff.sign-in-2', JSON.stringify({ url: 'http://app.example/oidc-callback?code=fresh&state=new', at: Date.now() }));
    const { browser, history } = fakeBrowser(4, 'back_forward');
    const { um, goTo } = start({ path: '/oidc-callback?code=used&state=old', browser });
    um.signinCallback.mockResolvedValue(user({ userState: { returnTo: '/aiOrder' } }));
    await flush();
    expect(history.go).not.toHaveBeenCalled();
    expect(um.signinCallback).toHaveBeenCalledWith('http://app.example/oidc-callback?code=fresh&state=new');
    expect(goTo).toHaveBeenCalledWith('/aiOrder');
  });

  it('shows on the start page the sign-in error of a callback handed back', async () => {
    window.sessionStorage.setItem('cf.signIn.id', 'sign-in-1');
    window.localStorage.setItem('cf.signIn.handoff.sign-in-1', JSON.stringify({ url: 'http://app.example/oidc-callback?error=server_error', at: Date.now() }));
    const { um, goTo, actor } = start({ path: '/personal', browser: fakeBrowser(4, 'back_forward').browser });
    um.signinCallback.mockRejectedValue(new ErrorResponse({ error: 'server_error' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(goTo).toHaveBeenCalledWith('/oidc-error');
  });

  it('completes a reloaded callback itself instead of going back by a count it cannot trust', async () => {
    window.sessionStorage.setItem('cf.signIn.startIndex', '1');
    window.sessionStorage.setItem('cf.signIn.id', 'sign-in-1');
    const { browser, history } = fakeBrowser(4, 'reload');
    const { um, goTo } = start({ path: '/oidc-callback?code=abc&state=xyz', browser });
    um.signinCallback.mockResolvedValue(user({ userState: { returnTo: '/aiOrder' } }));
    await flush();
    expect(history.go).not.toHaveBeenCalled();
    expect(um.signinCallback).toHaveBeenCalledWith(undefined);
    expect(goTo).toHaveBeenCalledWith('/aiOrder');
  });

  it('renews at once a restored session whose access token expired, and tells the other tabs', async () => {
    const { um, tabs, port, clock } = start({ stored: user({ expires_at: nowSeconds() - 5 }) });
    await flush();
    clock.increment(0); // the notice is due at once
    await flush();
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    await expect(port.accessToken()).resolves.toBe('access-2');
    expect(tabs.posted).toEqual([{ type: 'renewed', user: expect.stringContaining('access-2') }]);
  });

  it('does not renew when another tab renewed while this one waited', async () => {
    const { um, actor, clock } = start({ stored: user({ expires_at: nowSeconds() - 5 }) });
    um.getUser.mockResolvedValueOnce(user({ expires_at: nowSeconds() - 5 })); // restore
    um.getUser.mockResolvedValueOnce(user({ expires_at: nowSeconds() - 5 })); // the refresh token the lock is named after
    um.getUser.mockResolvedValueOnce(user({ access_token: 'from-other-tab', expires_at: nowSeconds() + 600 })); // inside the lock
    await flush();
    clock.increment(0);
    await flush();
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.user?.accessToken).toBe('from-other-tab');
  });

  it('is signed out when the provider says the session is over', async () => {
    const { um, port, clock } = start({ stored: user({ expires_at: nowSeconds() - 5 }) });
    um.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'invalid_grant' }));
    await flush();
    clock.increment(0);
    await flush();
    expect(port.status()).toBe('signedOut');
    expect(um.removeUser).toHaveBeenCalled();
  });

  it('on HTTP 401 clears session storage but the patient\u2019s drafts, and signs in to come back', async () => {
    const { um, port, store, setPath } = start({ stored: user() });
    await port.accessToken();
    store.update({ hospitalSetting });
    // Every key the app keeps in session storage (src/shared/state/storageKeys.ts): the study
    // pass, the pending payment, the health data, the sign-in's own, the provider's tokens, drafts.
    const seeded = SESSION_KEYS.map((k) => [k.prefix ? `${k.key}seeded` : k.key, `seeded ${k.key}`, k.on401] as const);
    for (const [key, value] of seeded) window.sessionStorage.setItem(key, value);
    window.sessionStorage.setItem(`${DRAFT_PREFIX}feedback`, 'The film would not open');
    setPath('/help?topic=3');
    port.unauthorized();
    await flush();
    for (const [key, value, on401] of seeded) {
      if (on401 === 'kept') expect(window.sessionStorage.getItem(key), key).toBe(value);
      else expect(window.sessionStorage.getItem(key), key).not.toBe(value);
    }
    expect(window.sessionStorage.getItem('cf.studyPass')).toBeNull();
    expect(window.sessionStorage.getItem('cf.pendingPayment')).toBeNull();
    expect(window.sessionStorage.getItem('cf.state')).toBeNull();
    expect(window.sessionStorage.getItem(`${DRAFT_PREFIX}feedback`)).toBe('The film would not open');
    expect(store.get().hospitalSetting).toBeNull();
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: expect.objectContaining({ returnTo: '/help?topic=3' }), redirectMethod: 'replace' });
  });

  it('signs out: revokes, forgets tokens and health data, tells the other tabs, ends the provider session', async () => {
    const { um, tabs, port, store } = start({ stored: user() });
    await port.accessToken();
    store.update({ hospitalSetting });
    window.sessionStorage.setItem('cf.state', 'health data');
    port.signOut();
    await flush();
    expect(um.revokeTokens).toHaveBeenCalled();
    expect(um.removeUser).toHaveBeenCalled();
    expect(window.sessionStorage.length).toBe(0);
    expect(store.get().hospitalSetting).toBeNull();
    expect(tabs.posted).toContainEqual({ type: 'signedOut' });
    expect(um.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
  });

  it('signs out: first what is done in the patient\u2019s name, with their subject, while their tokens still work; then the rest', async () => {
    const { um, tabs, port } = start({ stored: user() });
    await port.accessToken();
    const seen: Array<{ step: string; userId: string; revoked: boolean; toldOtherTabs: boolean }> = [];
    const note = (step: string) => (userId: string) => void seen.push({ step, userId, revoked: um.revokeTokens.mock.calls.length > 0, toldOtherTabs: tabs.posted.length > 0 });
    port.beforeSignOut({ finish: async (userId) => note('finish')(userId), forget: note('forget') });
    port.signOut();
    await flush();
    expect(seen).toEqual([
      { step: 'finish', userId: 'patient1', revoked: false, toldOtherTabs: false },
      { step: 'forget', userId: 'patient1', revoked: false, toldOtherTabs: false },
    ]);
    expect(um.revokeTokens).toHaveBeenCalled();
    expect(um.signoutRedirect).toHaveBeenCalled();
  });

  it('signs out within SIGN_OUT_TASKS_MS even when what is done in the patient\u2019s name does not finish', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { um, port } = start({ stored: user() });
    await port.accessToken();
    const forget = vi.fn();
    port.beforeSignOut({ finish: () => new Promise(() => {}), forget });
    port.signOut();
    await flush();
    expect(um.revokeTokens).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SIGN_OUT_TASKS_MS - 1);
    await flush();
    expect(um.revokeTokens).not.toHaveBeenCalled();
    expect(forget).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await flush();
    expect(forget).toHaveBeenCalledWith('patient1');
    expect(um.revokeTokens).toHaveBeenCalled();
    expect(um.signoutRedirect).toHaveBeenCalled();
  });

  it('signs out: the patient\u2019s drafts go too, those in session storage and the draft databases (a 401 keeps them)', async () => {
    const { um, port, indexedDb } = start({ stored: user() });
    await port.accessToken();
    window.sessionStorage.setItem(`${DRAFT_PREFIX}collect.addFilm`, '{"fields":{"idCard":"110105198104151237"}}');
    port.signOut();
    await flush();
    expect(window.sessionStorage.length).toBe(0);
    expect(indexedDb.deleted).toEqual([FEEDBACK_DRAFT_DATABASE]);
    expect(um.signoutRedirect).toHaveBeenCalled();
  });

  it('adopts tokens another tab renewed for the same patient, ignores another patient\u2019s', async () => {
    const { um, tabs, actor, port } = start({ stored: user() });
    await port.accessToken();
    tabs.deliver({ type: 'renewed', user: user({ access_token: 'other-tab', expires_at: nowSeconds() + 900 }).toStorageString() });
    await flush();
    expect(actor.getSnapshot().context.user?.accessToken).toBe('other-tab');
    expect(um.storeUser).toHaveBeenCalledTimes(1);
    tabs.deliver({ type: 'renewed', user: user({ access_token: 'stranger', profile: { sub: 'patient2', iss: 'x', aud: 'y', exp: 0, iat: 0 } }).toStorageString() });
    await flush();
    expect(actor.getSnapshot().context.user?.accessToken).toBe('other-tab');
  });

  it('is signed out when another tab signs out, forgets what it keeps of the patient (health data, session storage, drafts) and leaves for the entry page', async () => {
    const { tabs, port, store, leave } = start({ stored: user() });
    await port.accessToken();
    store.update({ hospitalSetting });
    window.sessionStorage.setItem(`${DRAFT_PREFIX}collect.addFilm`, '{"fields":{"idCard":"110105198104151237"}}');
    window.sessionStorage.setItem('cf.pendingPayment', '{"purchase":{"orderId":"AI1"}}');
    tabs.deliver({ type: 'signedOut' });
    await flush();
    expect(port.status()).toBe('signedOut');
    expect(window.sessionStorage.length).toBe(0);
    expect(store.get().hospitalSetting).toBeNull();
    expect(leave).toHaveBeenCalledWith('/index');
  });

  it('leaving after another tab signed out, starts no sign-in that would keep the address of the screen it was on', async () => {
    const { tabs, port, um, setPath } = start({ stored: user() });
    await port.accessToken();
    setPath('/aiStatus?orderId=AI2026112000001');
    tabs.deliver({ type: 'signedOut' });
    await flush();
    port.signIn('/aiStatus?orderId=AI2026112000001');
    port.unauthorized();
    await flush();
    expect(um.signinRedirect).not.toHaveBeenCalled();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('the spec\u2019s timings (section 9), as the app wires them, on a simulated clock', () => {
  const NOTICE_MS = SIGN_IN_DEFAULTS.accessTokenExpiringNotificationSeconds * 1000;
  const RENEW_TIMEOUT_MS = SIGN_IN_DEFAULTS.silentRenewTimeoutSeconds * 1000;
  const CHECK_INTERVAL_MS = SIGN_IN_DEFAULTS.checkSessionIntervalSeconds * 1000;
  /** The chart's own retry after a renewal that failed for a passing reason. */
  const RENEW_RETRY_MS = 15_000;

  /** A 10-minute token, the chart on a simulated clock, and the wall clock (oidc-client-ts's `expires_in`) moved with it. */
  async function signedInFor(seconds = 600) {
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 1000) * 1000 });
    const started = start({ stored: user({ expires_at: nowSeconds() + seconds }) });
    await started.port.accessToken();
    const advance = async (ms: number) => {
      vi.setSystemTime(Date.now() + ms);
      started.clock.increment(ms);
      await flush();
    };
    return { ...started, advance };
  }

  afterEach(() => void vi.useRealTimers());

  it('renews 60 s before the access token expires, not a millisecond sooner', async () => {
    const { um, advance, actor } = await signedInFor(600);
    await advance(600_000 - NOTICE_MS - 1);
    expect(um.signinSilent).not.toHaveBeenCalled();
    await advance(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user?.accessToken).toBe('access-2');
  });

  it('gives a silent renewal 10 s, then tries again 15 s later, signed in all along', async () => {
    const { um, advance, actor, port } = await signedInFor(600);
    um.signinSilent.mockReturnValue(new Promise<never>(() => {}));
    await advance(600_000 - NOTICE_MS);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    await advance(RENEW_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    await advance(1);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(false);
    expect(port.status()).toBe('signedIn');
    await advance(RENEW_RETRY_MS - 1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(2);
    expect(port.status()).toBe('signedIn');
  });

  it('checks the session every 2 s: signed out once the stored user is gone', async () => {
    const { um, advance, port } = await signedInFor(600);
    await um.removeUser();
    await advance(CHECK_INTERVAL_MS - 1);
    expect(port.status()).toBe('signedIn');
    await advance(1);
    expect(port.status()).toBe('signedOut');
  });
});

describe('token-expiring notice', () => {
  it('comes 60 s before expiry, halfway through a short-lived token, at once for an expired one', () => {
    const now = 1_000_000_000_000;
    expect(untilExpiringMs(now / 1000 + 600, now)).toBe(540_000);
    expect(untilExpiringMs(now / 1000 + 30, now)).toBe(15_000);
    expect(untilExpiringMs(now / 1000 - 5, now)).toBe(0);
    expect(untilExpiringMs(now / 1000 + 10 ** 9, now)).toBe(2 ** 31 - 1);
  });
});
