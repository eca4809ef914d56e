// @vitest-environment node
/**
 * Edges of the session check chart (every 2 s while signed in) that the model-based suite leaves
 * open (found by mutation testing, docs/testing.md): its rhythm on a simulated clock, what a
 * failed check concludes (nothing), and that a session found gone is reported once.
 */
import { existsSync } from 'node:fs';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SessionCheck } from '../../machines/session/session.types';
import { sessionCheckMachine } from '../../machines/sessionCheck/sessionCheck.machine';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

const CHECK_MS = 2_000;

function startCheck() {
  const checkSession = controllablePromise<SessionCheck, unknown>();
  const done = effects(['reportEnded'] as const);
  const clock = new SimulatedClock();
  const actor = createActor(sessionCheckMachine.provide({ actors: { checkSession: checkSession.logic }, actions: done.spies }), { clock }).start();
  const wait = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, checkSession, done, wait };
}

describe('session check', () => {
  it('checks 2 s after it starts, not before, and again 2 s after each "active"', async () => {
    const { checkSession, done, wait } = startCheck();
    await wait(CHECK_MS - 1);
    expect(checkSession.inputs).toHaveLength(0);
    await wait(1);
    expect(checkSession.inputs).toHaveLength(1);
    checkSession.resolve('active');
    await flush();
    await wait(CHECK_MS - 1);
    expect(checkSession.inputs).toHaveLength(1);
    await wait(1);
    expect(checkSession.inputs).toHaveLength(2);
    expect(done.count('reportEnded')).toBe(0);
  });

  it('a check that could not be made concludes nothing, and the next comes 2 s later', async () => {
    const { checkSession, done, wait } = startCheck();
    await wait(CHECK_MS);
    checkSession.reject(new Error('Failed to fetch'));
    await flush();
    expect(done.count('reportEnded')).toBe(0);
    await wait(CHECK_MS);
    expect(checkSession.inputs).toHaveLength(2);
  });

  it('a session found gone is reported once, and checking stops', async () => {
    const { actor, checkSession, done, wait } = startCheck();
    await wait(CHECK_MS);
    checkSession.resolve('ended');
    await flush();
    expect(done.count('reportEnded')).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
    await wait(10 * CHECK_MS);
    expect(checkSession.inputs).toHaveLength(1);
  });

  it("the QA panel finds the chart's diagram by the chart's id", () => {
    const { actor } = startCheck();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
