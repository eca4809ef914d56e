// @vitest-environment node
/**
 * Edges of the session chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): who is signed in after each answer of the provider, where sign-in starts from
 * and comes back to, what a 401 clears, the token's timers on a simulated clock, and the session
 * check and the other tabs reaching the chart.
 */
import { existsSync } from 'node:fs';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectSession } from '../../machines/session/session.connect';
import { reportingToSession, sessionMachine } from '../../machines/session/session.machine';
import { SessionEndedError, type CallbackResult, type RestoreResult, type SessionCheck, type SessionEvent, type SessionUser } from '../../machines/session/session.types';
import { sessionCheckMachine } from '../../machines/sessionCheck/sessionCheck.machine';
import { sessionDelays } from '../../src/features/session/sessionService';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

/** Tokens that live 10 minutes; the simulated clock starts at 0. */
const alice: SessionUser = { subject: 'patient1', name: '张伟', accessToken: 'token-1', expiresAt: 600 };
const renewed: SessionUser = { ...alice, accessToken: 'token-2', expiresAt: 1_200 };
const NOTICE_MS = 60_000;
const RENEW_TIMEOUT_MS = 10_000;
const RENEW_RETRY_MS = 15_000;
const CHECK_MS = 2_000;
const HOME = '/Home';

function startSession() {
  const calls = {
    restoreSession: controllablePromise<RestoreResult, unknown>(),
    completeSignIn: controllablePromise<CallbackResult, unknown>(),
    startSignIn: controllablePromise<void, { returnTo: string }>(),
    renewSilently: controllablePromise<SessionUser, unknown>(),
    signOut: controllablePromise<void, unknown>(),
    checkSession: controllablePromise<SessionCheck, unknown>(),
  };
  const done = effects(['goTo', 'showSignInError', 'showSignInCancelled', 'clearSessionStorage'] as const);
  const clock = new SimulatedClock();
  let otherTabs: ((event: SessionEvent) => void) | null = null;
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: calls.restoreSession.logic,
      completeSignIn: calls.completeSignIn.logic,
      startSignIn: calls.startSignIn.logic,
      renewSilently: calls.renewSilently.logic,
      signOut: calls.signOut.logic,
      sessionCheck: reportingToSession(sessionCheckMachine.provide({ actors: { checkSession: calls.checkSession.logic } })),
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) => {
        otherTabs = sendBack;
        return () => {
          otherTabs = null;
        };
      }),
    },
    actions: done.spies,
    delays: sessionDelays(() => clock.now()),
  });
  const actor = createActor(machine, { input: { homePath: HOME }, clock }).start();
  const view = () => connectSession(actor.getSnapshot());
  /** Another tab of the app, as the tab channel reports it. */
  const fromAnotherTab = (event: SessionEvent) => {
    if (!otherTabs) throw new Error('the chart is not listening to the other tabs');
    otherTabs(event);
  };
  /** Lets `ms` pass on the simulated clock, and the chart take what that brought. */
  const wait = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, calls, done, clock, view, fromAnotherTab, wait };
}
type Started = ReturnType<typeof startSession>;

async function signedIn(started: Started, user = alice) {
  started.calls.restoreSession.resolve({ kind: 'user', user });
  await flush();
  expect(started.view().status).toBe('signedIn');
}

async function signedOut(started: Started) {
  started.calls.restoreSession.resolve({ kind: 'none' });
  await flush();
  expect(started.view().status).toBe('signedOut');
}

describe('session: restoring at start', () => {
  it('is pending until restored, with the home page as where sign-in would come back to', () => {
    const { view } = startSession();
    expect(view()).toMatchObject({ status: 'pending', returnTo: HOME, accessToken: null, isSignInFailed: false });
  });

  it('a stored session signs the patient in with its token', async () => {
    const started = startSession();
    await signedIn(started);
    expect(started.view()).toMatchObject({ subject: 'patient1', accessToken: 'token-1', expiresAt: 600, returnTo: HOME });
    expect(started.calls.completeSignIn.inputs).toHaveLength(0);
    expect(started.done.count('goTo')).toBe(0);
  });

  it('no stored session: signed out, and nothing starts by itself', async () => {
    const started = startSession();
    await signedOut(started);
    expect(started.calls.startSignIn.inputs).toEqual([]);
    expect(started.view().accessToken).toBeNull();
  });

  it('a restore that failed is signed out, not pending for ever', async () => {
    const started = startSession();
    started.calls.restoreSession.reject(new Error('storage unavailable'));
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedOut', isSignInFailed: false });
  });
});

describe('session: the provider’s callback', () => {
  async function onCallbackPage() {
    const started = startSession();
    started.calls.restoreSession.resolve({ kind: 'callback' });
    await flush();
    expect(started.calls.completeSignIn.inputs).toHaveLength(1);
    expect(started.view().status).toBe('pending');
    return started;
  }

  it('signed in: the token is there, and the patient goes to the exact address asked for', async () => {
    const started = await onCallbackPage();
    started.calls.completeSignIn.resolve({ kind: 'signedIn', user: alice, returnTo: '/aiOrder?tab=2' });
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedIn', accessToken: 'token-1', returnTo: '/aiOrder?tab=2', error: null });
    expect(started.done.paramsOf('goTo')).toEqual([{ path: '/aiOrder?tab=2' }]);
  });

  it('a stale callback with no session starts sign-in again, for the address it was for', async () => {
    const started = await onCallbackPage();
    started.calls.completeSignIn.resolve({ kind: 'restart', returnTo: '/aiOrder?tab=2' });
    await flush();
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/aiOrder?tab=2' }]);
    expect(started.done.count('goTo')).toBe(0);
    expect(started.view()).toMatchObject({ status: 'pending', accessToken: null });
  });

  it('refused by the provider: the sign-in error page, with the reason', async () => {
    const started = await onCallbackPage();
    started.calls.completeSignIn.reject(new Error('access_denied'));
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedOut', isSignInFailed: true, error: 'access_denied', accessToken: null });
    expect(started.done.count('showSignInError')).toBe(1);
  });

  it('a reason that is not an Error still reads as text', async () => {
    const started = await onCallbackPage();
    started.calls.completeSignIn.reject('login_required');
    await flush();
    expect(started.view().error).toBe('login_required');
  });

  it('"try again" after a failed callback starts sign-in, and a later success clears the reason', async () => {
    const started = await onCallbackPage();
    started.calls.completeSignIn.reject(new Error('access_denied'));
    await flush();
    started.actor.send({ type: 'RETRY' });
    expect(started.view().isSignInFailed).toBe(false);
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: HOME }]);
  });
});

describe('session: a sign-in the patient cancelled at the provider', () => {
  async function cancelled(from: string | null = '/filmDetail?id=7') {
    const started = startSession();
    started.calls.restoreSession.resolve({ kind: 'callback' });
    await flush();
    started.calls.completeSignIn.resolve({ kind: 'cancelled', returnTo: '/aiOrder?tab=2', from });
    await flush();
    return started;
  }

  it('the calm "cancelled" page, not the error page: signed out, where it was going and where it began, nothing started', async () => {
    const started = await cancelled();
    expect(started.view()).toMatchObject({
      status: 'signedOut',
      isSignInCancelled: true,
      isSignInFailed: false,
      cancelledFrom: '/filmDetail?id=7',
      returnTo: '/aiOrder?tab=2',
      error: null,
      accessToken: null,
    });
    expect(started.done.paramsOf('showSignInCancelled')).toEqual([{ returnTo: '/aiOrder?tab=2' }]);
    expect(started.done.count('showSignInError')).toBe(0);
    expect(started.done.count('goTo')).toBe(0);
    expect(started.calls.startSignIn.inputs).toEqual([]);
  });

  it('a sign-in whose first page is not known: cancelled, from nowhere', async () => {
    const started = await cancelled(null);
    expect(started.view()).toMatchObject({ isSignInCancelled: true, cancelledFrom: null });
  });

  it('"sign in again" starts sign-in for the page it was going to; the cancel is no longer shown', async () => {
    const started = await cancelled();
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/aiOrder?tab=2' }]);
    expect(started.view()).toMatchObject({ status: 'pending', isSignInCancelled: false, cancelledFrom: null });
  });

  it.each(['SIGN_IN', 'UNAUTHORIZED'] as const)('a login-required page (%s) after a cancel starts sign-in for that page', async (type) => {
    const started = await cancelled();
    started.actor.send({ type, returnTo: '/personal' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/personal' }]);
    expect(started.view()).toMatchObject({ status: 'pending', returnTo: '/personal', isSignInCancelled: false, cancelledFrom: null });
    expect(started.done.count('clearSessionStorage')).toBe(0);
  });

  it('before any cancel, nothing is said of one', async () => {
    const started = startSession();
    expect(started.view()).toMatchObject({ isSignInCancelled: false, cancelledFrom: null });
    await signedOut(started);
    expect(started.view()).toMatchObject({ isSignInCancelled: false, cancelledFrom: null });
  });
});

describe('session: starting sign-in', () => {
  it('a login-required page starts sign-in for its own address', async () => {
    const started = startSession();
    await signedOut(started);
    started.actor.send({ type: 'SIGN_IN', returnTo: '/personal?from=menu' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/personal?from=menu' }]);
    expect(started.view()).toMatchObject({ status: 'pending', returnTo: '/personal?from=menu' });
  });

  it('a 401 while signed out starts sign-in for that page, and clears nothing (there is no token)', async () => {
    const started = startSession();
    await signedOut(started);
    started.actor.send({ type: 'UNAUTHORIZED', returnTo: '/aiOrder' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/aiOrder' }]);
    expect(started.done.count('clearSessionStorage')).toBe(0);
  });

  it('the provider cannot be reached: the error page with the reason; "try again" goes to the same address', async () => {
    const started = startSession();
    await signedOut(started);
    started.actor.send({ type: 'SIGN_IN', returnTo: '/personal' });
    started.calls.startSignIn.reject(new Error('Failed to fetch'));
    await flush();
    expect(started.view()).toMatchObject({ isSignInFailed: true, error: 'Failed to fetch' });
    expect(started.done.count('showSignInError')).toBe(1);
    started.actor.send({ type: 'RETRY' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/personal' }, { returnTo: '/personal' }]);
  });

  it('another login-required page on the error page starts sign-in for that page', async () => {
    const started = startSession();
    await signedOut(started);
    started.actor.send({ type: 'SIGN_IN', returnTo: '/personal' });
    started.calls.startSignIn.reject(new Error('Failed to fetch'));
    await flush();
    started.actor.send({ type: 'SIGN_IN', returnTo: '/aiOrder' });
    expect(started.calls.startSignIn.inputs.at(-1)).toEqual({ returnTo: '/aiOrder' });
    expect(started.view()).toMatchObject({ returnTo: '/aiOrder', isSignInFailed: false });
  });
});

describe('session: leaving a signed-in session', () => {
  it.each(['done', 'failed'] as const)('signing out (%s at the provider) leaves no token', async (how) => {
    const started = startSession();
    await signedIn(started);
    started.actor.send({ type: 'SIGN_OUT' });
    expect(started.calls.signOut.inputs).toHaveLength(1);
    expect(started.view().status).toBe('pending');
    if (how === 'done') started.calls.signOut.resolve(undefined);
    else started.calls.signOut.reject(new Error('offline'));
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedOut', accessToken: null, subject: null });
  });

  it('a 401 while signed in clears session storage once, forgets the token and signs in again for that page', async () => {
    const started = startSession();
    await signedIn(started);
    started.actor.send({ type: 'UNAUTHORIZED', returnTo: '/aiOrder?tab=1' });
    expect(started.done.count('clearSessionStorage')).toBe(1);
    expect(started.view()).toMatchObject({ accessToken: null, returnTo: '/aiOrder?tab=1' });
    expect(started.calls.startSignIn.inputs).toEqual([{ returnTo: '/aiOrder?tab=1' }]);
  });

  it('another tab signed out: signed out here too, no token', async () => {
    const started = startSession();
    await signedIn(started);
    started.fromAnotherTab({ type: 'USER_REMOVED' });
    expect(started.view()).toMatchObject({ status: 'signedOut', accessToken: null });
    expect(started.calls.startSignIn.inputs).toEqual([]);
  });
});

describe('session: the token’s timers', () => {
  it('renews 60 s before the token expires, not earlier, and runs on the fresh token', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS - 1);
    expect(started.calls.renewSilently.inputs).toHaveLength(0);
    await started.wait(1);
    expect(started.calls.renewSilently.inputs).toHaveLength(1);
    expect(started.view()).toMatchObject({ isRenewing: true, status: 'signedIn', accessToken: 'token-1' });
    started.calls.renewSilently.resolve(renewed);
    await flush();
    expect(started.view()).toMatchObject({ isRenewing: false, accessToken: 'token-2', expiresAt: 1_200 });
    // The next renewal follows the fresh token.
    await started.wait(renewed.expiresAt * 1000 - NOTICE_MS - started.clock.now() - 1);
    expect(started.calls.renewSilently.inputs).toHaveLength(1);
    await started.wait(1);
    expect(started.calls.renewSilently.inputs).toHaveLength(2);
  });

  it('a renewal the provider refuses for good (session over) signs the patient out', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS);
    started.calls.renewSilently.reject(new SessionEndedError('invalid_grant'));
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedOut', accessToken: null, isRenewing: false });
  });

  it('a renewal that failed for a passing reason is tried again 15 s later, keeping the token meanwhile', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS);
    started.calls.renewSilently.reject(new Error('Failed to fetch'));
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedIn', accessToken: 'token-1', isRenewing: false });
    await started.wait(RENEW_RETRY_MS - 1);
    expect(started.calls.renewSilently.inputs).toHaveLength(1);
    await started.wait(1);
    expect(started.calls.renewSilently.inputs).toHaveLength(2);
    expect(started.view().isRenewing).toBe(true);
  });

  it('a renewal with no answer is given up after 10 s, and tried again 15 s after that', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS);
    await started.wait(RENEW_TIMEOUT_MS - 1);
    expect(started.view().isRenewing).toBe(true);
    await started.wait(1);
    expect(started.calls.renewSilently.stoppedRuns).toBe(1);
    expect(started.view()).toMatchObject({ isRenewing: false, status: 'signedIn' });
    await started.wait(RENEW_RETRY_MS);
    expect(started.calls.renewSilently.inputs).toHaveLength(2);
  });

  it('a token another tab renewed restarts the timer from that token, instead of renewing on the old one', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(100_000);
    started.fromAnotherTab({ type: 'USER_UPDATED', user: renewed });
    expect(started.view().accessToken).toBe('token-2');
    // The old token's notice (540 s) passes with no renewal.
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS - started.clock.now());
    expect(started.calls.renewSilently.inputs).toHaveLength(0);
    await started.wait(renewed.expiresAt * 1000 - NOTICE_MS - started.clock.now());
    expect(started.calls.renewSilently.inputs).toHaveLength(1);
  });

  it.each([
    ['while renewing', 0],
    ['while waiting to try again', 1],
  ] as const)('a token another tab renewed %s is adopted, and this tab stops its own attempt', async (_label, failedFirst) => {
    const started = startSession();
    await signedIn(started);
    await started.wait(alice.expiresAt * 1000 - NOTICE_MS);
    if (failedFirst) {
      started.calls.renewSilently.reject(new Error('Failed to fetch'));
      await flush();
    }
    started.fromAnotherTab({ type: 'USER_UPDATED', user: renewed });
    expect(started.view()).toMatchObject({ accessToken: 'token-2', isRenewing: false });
    // Nothing else runs until the fresh token's own notice.
    await started.wait(RENEW_RETRY_MS + RENEW_TIMEOUT_MS);
    expect(started.calls.renewSilently.inputs).toHaveLength(1);
  });
});

describe('session: the session check', () => {
  it('checks every 2 s while signed in; a session found gone signs the patient out', async () => {
    const started = startSession();
    await signedIn(started);
    await started.wait(CHECK_MS - 1);
    expect(started.calls.checkSession.inputs).toHaveLength(0);
    await started.wait(1);
    expect(started.calls.checkSession.inputs).toHaveLength(1);
    started.calls.checkSession.resolve('active');
    await flush();
    await started.wait(CHECK_MS);
    expect(started.calls.checkSession.inputs).toHaveLength(2);
    started.calls.checkSession.resolve('ended');
    await flush();
    expect(started.view()).toMatchObject({ status: 'signedOut', accessToken: null });
  });

  it('no check runs while signed out', async () => {
    const started = startSession();
    await signedOut(started);
    await started.wait(10 * CHECK_MS);
    expect(started.calls.checkSession.inputs).toHaveLength(0);
  });
});

describe('session: the other tabs', () => {
  it('are listened to from the start, whatever the state', async () => {
    const started = startSession();
    await signedOut(started);
    // A token renewed elsewhere means nothing to a signed-out tab.
    started.fromAnotherTab({ type: 'USER_UPDATED', user: renewed });
    expect(started.view().status).toBe('signedOut');
  });
});

describe('session: an app that forgot to provide a call', () => {
  it.each([
    ['completeSignIn', { kind: 'callback' } as const],
    ['startSignIn', { kind: 'none' } as const],
  ])('%s: the sign-in error page names the missing call', async (missing, restored) => {
    const restoreSession = controllablePromise<RestoreResult, unknown>();
    const done = effects(['goTo', 'showSignInError', 'clearSessionStorage'] as const);
    const actor = createActor(sessionMachine.provide({ actors: { restoreSession: restoreSession.logic }, actions: done.spies }), { input: { homePath: HOME } }).start();
    restoreSession.resolve(restored);
    await flush();
    if (missing === 'startSignIn') actor.send({ type: 'SIGN_IN', returnTo: '/personal' });
    await flush();
    expect(connectSession(actor.getSnapshot())).toMatchObject({ isSignInFailed: true, error: `session: no ${missing} actor provided`, accessToken: null });
    expect(done.count('showSignInError')).toBe(1);
  });
});

describe('session: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startSession();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});

