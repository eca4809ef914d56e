// @vitest-environment node
/**
 * Does the oracle catch a wrong chart? Each case changes the real money or sign-in chart in one
 * place, the way a slip would (another target, a guard turned round, an action left out, a delay
 * off by a second), generates the paths anew from the changed chart, as a regenerated test suite
 * would, and replays them: the named promise must break. Comparing with the chart itself could
 * not notice any of these; the first two are the slips issue #11 tried by hand.
 * (Stryker's mutants of machines/ are the broad sweep: `npm run test:mutation`, docs/testing.md.)
 */
import { assign, createMachine, not, type AnyStateMachine, type EventObject, type SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { check, type Oracle } from '../../machines/oracle';
import { replayPath, startChart } from '../../machines/replay';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentEvents } from '../../machines/payment/payment.model';
import { paymentOracle } from '../../machines/payment/payment.oracle';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { purchaseEvents } from '../../machines/purchase/purchase.model';
import { purchaseOracle } from '../../machines/purchase/purchase.oracle';
import { sessionMachine } from '../../machines/session/session.machine';
import { sessionEvents, sessionInput } from '../../machines/session/session.model';
import { sessionOracle } from '../../machines/session/session.oracle';
import { sessionCheckMachine } from '../../machines/sessionCheck/sessionCheck.machine';
import { sessionCheckEvents } from '../../machines/sessionCheck/sessionCheck.model';
import { sessionCheckOracle } from '../../machines/sessionCheck/sessionCheck.oracle';
import { sessionDelays } from '../../src/features/session/sessionService';
import { ignoredEventPaths, transitionPaths } from './modelHarness';

type Config = Record<string, unknown>;
type Transition = Config;
type Delays = (clock: SimulatedClock) => Record<string, unknown>;

const isPlain = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A deep copy of a chart's config; functions (assign, params) are shared. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)])) as T;
  return value;
}

/**
 * The chart with one transition changed: the one at `state` (a path of state keys), in `slot`
 * (`on.PAY`, `after.requeryDelay`, `invoke.onDone`, `invoke.onError`), the `index`th if a list.
 */
function changed(machine: AnyStateMachine, where: { state: string[]; slot: string; index?: number }, change: (t: Transition) => Transition): AnyStateMachine {
  const config = copy(machine.config) as Config;
  const node = where.state.reduce<Config>((parent, key) => (parent.states as Config)[key] as Config, config);
  const [group, key] = where.slot.split('.') as [string, string];
  const holder = node[group] as Config;
  const value = holder[key];
  const list = (Array.isArray(value) ? value : [value]).map((t) => (typeof t === 'string' ? { target: t } : (t as Transition)));
  const index = where.index ?? 0;
  list[index] = change(list[index]!);
  holder[key] = list;
  return createMachine(config as never, machine.implementations as never);
}

const withoutAction = (name: string) => (t: Transition) => ({
  ...t,
  actions: (Array.isArray(t.actions) ? t.actions : [t.actions]).filter(
    (action) => action !== name && !(isPlain(action) && action.type === name),
  ),
});

interface Chart {
  oracle: Oracle<never>;
  events: readonly EventObject[];
  input?: unknown;
  /** The delays the app gives the chart, some read from the simulated clock. */
  delays: Delays;
  /** Messages to its children, recorded as effects instead of sent (as in the chart's model test). */
  messages?: readonly string[];
}

/** The promises some path of the (changed) chart breaks. */
async function brokenPromises(machine: AnyStateMachine, chart: Chart): Promise<Set<string>> {
  const { oracle, events, input } = chart;
  const broken = new Set<string>();
  for (const path of [...transitionPaths(machine, { events, input }), ...ignoredEventPaths(machine, { events, input })]) {
    const actions = Object.fromEntries((chart.messages ?? []).map((name) => [name, () => {}]));
    const { actor, fakes, recorder } = startChart(machine, { input, provide: (clock) => ({ delays: chart.delays(clock) as never, actions }) });
    try {
      const trace = await replayPath(path, actor, { fakes, recorder, view: oracle.view, derive: oracle.derive, input, quietMs: oracle.quietMs });
      check(oracle, trace).forEach((violation) => broken.add(violation.promise.id));
    } finally {
      actor.stop();
    }
  }
  return broken;
}

const payment: Chart = { oracle: paymentOracle as Oracle<never>, events: paymentEvents as EventObject[], delays: () => ({}) };
const purchaseMachine = createPurchaseMachine();
const purchase: Chart = { oracle: purchaseOracle as Oracle<never>, events: purchaseEvents as EventObject[], delays: () => ({}), messages: ['startPayment', 'resumePayment'] };
const session: Chart = {
  oracle: sessionOracle as Oracle<never>,
  events: sessionEvents as EventObject[],
  input: sessionInput,
  delays: (clock: SimulatedClock) => sessionDelays(() => clock.now()),
};
const check2s: Chart = { oracle: sessionCheckOracle as Oracle<never>, events: sessionCheckEvents as EventObject[], delays: () => ({}) };
const later = (delays: Delays, name: string, by: number): Delays => (clock) => {
  const given = { ...delays(clock) };
  const delay = given[name];
  given[name] = typeof delay === 'function' ? (args: unknown) => (delay as (a: unknown) => number)(args) + by : by + Number(delay ?? 0);
  return given;
};

const cases: Array<{ slip: string; machine: AnyStateMachine; chart: Chart; breaks: string }> = [
  {
    slip: 'a WeChat bridge error counts as paid',
    machine: changed(paymentMachine, { state: ['payingInApp'], slot: 'invoke.onError' }, () => ({
      target: 'idle',
      actions: [{ type: 'showOutcome', params: { message: 'succeeded' } }],
    })),
    chart: payment,
    breaks: 'paid-only-from-server',
  },
  {
    slip: 'an offline renewal error signs the patient out instead of retrying',
    machine: changed(sessionMachine, { state: ['signedIn', 'renewing'], slot: 'invoke.onError', index: 1 }, (t) => ({ ...t, target: '#session.signedOut' })),
    chart: session,
    breaks: 'passing-failure-keeps-signed-in',
  },
  {
    slip: 'the "server says paid" guard turned round',
    machine: changed(paymentMachine, { state: ['querying'], slot: 'invoke.onDone', index: 0 }, (t) => ({ ...t, guard: not(t.guard as never) })),
    chart: payment,
    breaks: 'paid-only-from-server',
  },
  {
    slip: 'the pay button no longer asks whether the order is to be paid',
    machine: changed(paymentMachine, { state: ['idle'], slot: 'on.PAY', index: 1 }, ({ guard: _guard, ...t }) => t),
    chart: payment,
    breaks: 'only-to-be-paid',
  },
  {
    slip: 'inside WeChat, a tap before WeChat pay is ready falls back to the H5 page',
    machine: changed(paymentMachine, { state: ['idle'], slot: 'on.PAY', index: 0 }, (t) => ({
      ...t,
      target: 'requestingParams',
      actions: assign(({ event }: { event: { purchase: unknown; returnUrl: string } }) => ({ purchase: event.purchase, payWay: 2, returnUrl: event.returnUrl })),
    })),
    chart: payment,
    breaks: 'in-wechat-never-h5',
  },
  {
    slip: 'H5 pay parameters for a WeChat pay request open the H5 page',
    machine: changed(paymentMachine, { state: ['requestingParams'], slot: 'invoke.onDone', index: 0 }, (t) => ({ ...t, guard: () => false })),
    chart: payment,
    breaks: 'in-wechat-never-h5',
  },
  {
    slip: 'WeChat pay that could not be made ready ends silently',
    machine: changed(paymentMachine, { state: ['preparingWechat'], slot: 'invoke.onError' }, (t) => ({ ...t, target: 'idle' })),
    chart: payment,
    breaks: 'not-ready-is-said',
  },
  {
    slip: '"try again" does not configure the JS-SDK again',
    machine: changed(paymentMachine, { state: ['wechatNotReady'], slot: 'on.RETRY_WECHAT' }, withoutAction('retryWechatSdk')),
    chart: payment,
    breaks: 'try-again-configures-again',
  },
  {
    slip: 'a failed re-query concludes "payment failed"',
    machine: changed(paymentMachine, { state: ['querying'], slot: 'invoke.onError' }, () => ({
      target: 'idle',
      actions: ['forgetPendingPayment', { type: 'showOutcome', params: { message: 'failed' } }],
    })),
    chart: payment,
    breaks: 'ends-with-server-answer',
  },
  {
    slip: 'the way back from the H5 page no longer asks "is payment complete?"',
    machine: changed(paymentMachine, { state: ['idle'], slot: 'on.RESUME_H5' }, (t) => ({ ...t, target: 'querying' })),
    chart: payment,
    breaks: 'h5-return-asks-the-question',
  },
  {
    slip: 'a payment the server calls cancelled or failed counts as the order changed',
    machine: changed(purchaseMachine, { state: ['paying'], slot: 'on.SETTLED', index: 0 }, ({ guard: _guard, ...t }) => t),
    chart: purchase,
    breaks: 'not-paid-changes-nothing',
  },
  {
    slip: 'a payment that ended with no answer leaves the screen waiting',
    machine: changed(purchaseMachine, { state: ['paying'], slot: 'on.UNSETTLED' }, ({ target: _target, ...t }) => t),
    chart: purchase,
    breaks: 'ended-payment-frees-the-screen',
  },
  {
    slip: 'a cancelled payment is not logged',
    machine: changed(paymentMachine, { state: ['querying'], slot: 'invoke.onDone', index: 5 }, withoutAction('logToAnalytics')),
    chart: payment,
    breaks: 'cancelled-is-logged',
  },
  {
    slip: 'the re-query waits 3 s instead of 2 s',
    machine: paymentMachine.provide({ delays: { requeryDelay: 3_000 } }),
    chart: payment,
    breaks: 'asks-again-after-2s',
  },
  {
    slip: 'a 401 no longer clears session storage',
    machine: changed(sessionMachine, { state: ['signedIn'], slot: 'on.UNAUTHORIZED' }, withoutAction('clearSessionStorage')),
    chart: session,
    breaks: '401-clears-and-signs-in',
  },
  {
    slip: 'a renewed token is not put to use (its assign left out)',
    machine: changed(sessionMachine, { state: ['signedIn', 'renewing'], slot: 'invoke.onDone' }, ({ actions: _actions, ...t }) => t),
    chart: session,
    breaks: 'renewed-token-used',
  },
  {
    slip: 'the "session over" guard turned round',
    machine: changed(sessionMachine, { state: ['signedIn', 'renewing'], slot: 'invoke.onError', index: 0 }, (t) => ({ ...t, guard: not(t.guard as never) })),
    chart: session,
    breaks: 'session-over-signs-out',
  },
  {
    slip: 'the silent renewal gives up after 11 s instead of 10 s',
    machine: sessionMachine,
    chart: { ...session, delays: later(session.delays, 'renewTimeout', 1_000) },
    breaks: 'renewal-gives-up-after-10s',
  },
  {
    slip: 'the renewal comes 59 s before expiry instead of 60 s',
    machine: sessionMachine,
    chart: { ...session, delays: later(session.delays, 'untilExpiring', 1_000) },
    breaks: 'renews-60s-before-expiry',
  },
  {
    slip: 'a failed renewal is never tried again',
    machine: changed(sessionMachine, { state: ['signedIn', 'retryWaiting'], slot: 'after.renewRetry' }, ({ target: _target, ...t }) => t),
    chart: session,
    breaks: 'time-brings-renewal',
  },
  {
    slip: 'the session check waits 3 s instead of 2 s',
    machine: sessionCheckMachine.provide({ delays: { checkInterval: 3_000 } }),
    chart: check2s,
    breaks: 'checks-every-2s',
  },
  {
    slip: 'a check that finds the session gone is taken for an active one',
    machine: changed(sessionCheckMachine, { state: ['checking'], slot: 'invoke.onDone', index: 0 }, (t) => ({ ...t, guard: not(t.guard as never) })),
    chart: check2s,
    breaks: 'gone-is-reported',
  },
];

describe('the oracles catch a wrong chart that the chart-against-itself checks pass', () => {
  it.each(cases.map((c) => [c.slip, c] as const))('%s', async (_slip, { machine, chart, breaks }) => {
    expect([...(await brokenPromises(machine, chart))]).toContain(breaks);
  });

  it('and the real charts break none', async () => {
    for (const [machine, chart] of [[paymentMachine, payment], [purchaseMachine, purchase], [sessionMachine, session], [sessionCheckMachine, check2s]] as const) {
      expect([...(await brokenPromises(machine, chart))]).toEqual([]);
    }
  });
});
