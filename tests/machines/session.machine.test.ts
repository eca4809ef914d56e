// @vitest-environment node

import { describe, expect, it, vi } from 'vitest';
import { sessionMachine } from '../../machines/session/session.machine';
import { sessionEvents, sessionFixtures, sessionInput } from '../../machines/session/session.model';
import { sessionOracle } from '../../machines/session/session.oracle';
import { sessionDelays } from '../../src/features/session/sessionService';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const { alice, renewed } = sessionFixtures;
const events = sessionEvents;
const input = sessionInput;

/** The session chart with the app's delays (the expiry notice read from the simulated clock). */
function startSession() {
  const actions = { goTo: vi.fn(), showSignInError: vi.fn(), showSignInCancelled: vi.fn(), clearSessionStorage: vi.fn() };
  const started = startChart(sessionMachine, {
    input,
    provide: (clock) => ({ actions, delays: { ...sessionDelays(() => clock.now()) } }),
  });
  return { ...started, fakes: started.fakes as Record<string, ControllablePromise<unknown>>, actions };
}

describeModel({
  name: 'session',
  machine: sessionMachine,
  events: events as never,
  input,
  pinnedPaths: 138,
  oracle: sessionOracle,
  start: startSession,
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
    const { actor, fakes, clock } = startSession();
    fakes.restoreSession!.resolve({ kind: 'user', user: alice });
    await flush();
    clock.increment(540_000);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    const ownRenewal = fakes.renewSilently!.lastSignal;
    actor.send({ type: 'USER_UPDATED', user: renewed });
    expect(actor.getSnapshot().context.user).toEqual(renewed);
    expect(ownRenewal?.aborted).toBe(true);
  });
});
