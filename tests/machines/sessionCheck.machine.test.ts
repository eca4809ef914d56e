// @vitest-environment node
import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { reportingToSession } from '../../machines/session/session.machine';
import { sessionCheckMachine } from '../../machines/sessionCheck/sessionCheck.machine';
import type { SessionCheck } from '../../machines/session/session.types';
import { sessionCheckEvents } from '../../machines/sessionCheck/sessionCheck.model';
import { sessionCheckOracle } from '../../machines/sessionCheck/sessionCheck.oracle';
import { describeModel, flush, startChart } from './modelHarness';

const events = sessionCheckEvents;

const startCheck = () => startChart(sessionCheckMachine, { provide: () => ({ actions: { reportEnded: vi.fn<() => void>() } }) });

describeModel({
  name: 'sessionCheck',
  machine: sessionCheckMachine,
  events: events as never,
  pinnedPaths: 4,
  oracle: sessionCheckOracle,
  start: startCheck,
});

describe('session check, inside the session chart', () => {
  it('tells its parent when the session is gone', async () => {
    const received: string[] = [];
    const clock = new SimulatedClock();
    const parent = setup({
      actors: { check: reportingToSession(sessionCheckMachine.provide({ actors: { checkSession: fromPromise<SessionCheck>(async () => 'ended') }, delays: { checkInterval: 0 } })) },
    }).createMachine({
      invoke: { src: 'check' },
      on: { '*': { actions: ({ event }) => received.push(event.type) } },
    });
    createActor(parent, { clock }).start();
    clock.increment(0);
    await flush();
    expect(received).toContain('SESSION_ENDED');
  });
});
