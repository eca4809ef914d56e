// @vitest-environment node
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { sessionMachine } from '../../machines/session/session.machine';
import { SessionEndedError, type SessionUser } from '../../machines/session/session.types';
import { controllablePromise, describeModel, flush, replayPath, type ControllablePromise } from './modelHarness';

const alice: SessionUser = { subject: 'patient1', name: '张伟', accessToken: 'token-1', expiresAt: 2_000_000_000 };
const renewed: SessionUser = { ...alice, accessToken: 'token-2', expiresAt: 2_000_000_600 };
const ended = new SessionEndedError('invalid_grant');
const offline = new Error('Failed to fetch');

const after = (delay: string, state: string) => ({ type: `xstate.after.${delay}.session.${state}` });
const events = [
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'callback' } },
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'user', user: alice } },
  { type: 'xstate.done.actor.restoreSession', output: { kind: 'none' } },
  { type: 'xstate.error.actor.restoreSession', error: offline },
  { type: 'xstate.done.actor.completeSignIn', output: { kind: 'signedIn', user: alice, returnTo: '/aiOrder?tab=2' } },
  { type: 'xstate.done.actor.completeSignIn', output: { kind: 'restart', returnTo: '/aiOrder?tab=2' } },
  { type: 'xstate.error.actor.completeSignIn', error: new Error('access_denied') },
  { type: 'xstate.error.actor.startSignIn', error: offline },
  { type: 'xstate.done.actor.renewSilently', output: renewed },
  { type: 'xstate.error.actor.renewSilently', error: ended },
  { type: 'xstate.error.actor.renewSilently', error: offline },
  { type: 'xstate.done.actor.checkSession', output: 'active' },
  { type: 'xstate.done.actor.checkSession', output: 'ended' },
  { type: 'xstate.error.actor.checkSession', error: offline },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: offline },
  after('untilExpiring', 'signedIn.token.valid'),
  after('renewTimeout', 'signedIn.token.renewing'),
  after('renewRetry', 'signedIn.token.retryWaiting'),
  after('checkInterval', 'signedIn.monitor.watching'),
  { type: 'SIGN_IN', returnTo: '/personal' },
  { type: 'UNAUTHORIZED', returnTo: '/aiOrder' },
  { type: 'SIGN_OUT' },
  { type: 'RETRY' },
  { type: 'USER_UPDATED', user: renewed },
  { type: 'USER_REMOVED' },
];

const input = { homePath: '/Home' };

function startSession() {
  const fakes: Record<string, ControllablePromise<unknown>> = Object.fromEntries(
    ['restoreSession', 'completeSignIn', 'startSignIn', 'renewSilently', 'checkSession', 'signOut'].map((id) => [id, controllablePromise<unknown>()]),
  );
  const actions = { goTo: vi.fn(), showSignInError: vi.fn(), clearSessionStorage: vi.fn() };
  const machine = sessionMachine.provide({
    actors: {
      ...Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [id, fake.logic])),
      watchOtherTabs: fromCallback(() => () => {}),
    } as never,
    actions,
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input }).start();
  return { actor, fakes, actions };
}

describeModel({
  name: 'session',
  machine: sessionMachine,
  events: events as never,
  input,
  pinnedPaths: 230,
  async run(path) {
    const { actor, fakes, actions } = startSession();
    await replayPath(path, actor, fakes, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
    });
    const signedInByCallback = path.steps.filter(
      (step) => step.event.type === 'xstate.done.actor.completeSignIn' && (step.event as unknown as { output: { kind: string } }).output.kind === 'signedIn',
    ).length;
    expect(actions.goTo).toHaveBeenCalledTimes(signedInByCallback);
    const unauthorizedWhileSignedIn = path.steps.filter((step, i) => step.event.type === 'UNAUTHORIZED' && path.steps[i - 1]?.state.matches('signedIn')).length;
    expect(actions.clearSessionStorage).toHaveBeenCalledTimes(unauthorizedWhileSignedIn);
    const failures = path.steps.filter((s, i) => i > 0 && s.state.matches('failed') && !path.steps[i - 1]!.state.matches('failed')).length;
    expect(actions.showSignInError).toHaveBeenCalledTimes(failures);
    actor.stop();
  },
});

describe('session machine, details', () => {
  it('comes back to the exact address after the callback', async () => {
    const { actor, fakes, actions } = startSession();
    fakes.restoreSession!.resolve({ kind: 'callback' });
    await flush();
    fakes.completeSignIn!.resolve({ kind: 'signedIn', user: alice, returnTo: '/aiOrder?tab=2' });
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actions.goTo).toHaveBeenCalledWith(expect.anything(), { path: '/aiOrder?tab=2' });
  });

  it('starts sign-in with the address the guard asked for', async () => {
    const { actor, fakes } = startSession();
    fakes.restoreSession!.resolve({ kind: 'none' });
    await flush();
    actor.send({ type: 'SIGN_IN', returnTo: '/personal?from=menu' });
    expect(actor.getSnapshot().context.returnTo).toBe('/personal?from=menu');
    expect(fakes.startSignIn!.pendingRuns).toBe(1);
  });

  it('adopts another tab\u2019s renewed token instead of renewing again', async () => {
    const { actor, fakes } = startSession();
    fakes.restoreSession!.resolve({ kind: 'user', user: alice });
    await flush();
    actor.send(after('untilExpiring', 'signedIn.token.valid') as never);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    const ownRenewal = fakes.renewSilently!.lastSignal;
    actor.send({ type: 'USER_UPDATED', user: renewed });
    expect(actor.getSnapshot().context.user).toEqual(renewed);
    expect(ownRenewal?.aborted).toBe(true);
  });
});
