// @vitest-environment node
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { MAX_QUERIES } from '../../machines/payment/payment.types';
import { paymentEvents, paymentFixtures } from '../../machines/payment/payment.model';
import { controllablePromise, describeModel, flush, replayPath, type ModelPath } from './modelHarness';

const { purchase, alreadyPaid, returnUrl, inApp, h5 } = paymentFixtures;
const events = paymentEvents;

function startPayment() {
  const fakes = { getPayParams: controllablePromise<unknown>(), payInApp: controllablePromise<unknown>(), queryPayResult: controllablePromise<unknown>() };
  const actions = {
    openH5Page: vi.fn(),
    forgetPendingPayment: vi.fn(),
    showOutcome: vi.fn(),
    refreshList: vi.fn(),
    logToAnalytics: vi.fn(),
    reportFailure: vi.fn(),
  };
  const machine = paymentMachine.provide({
    actors: { getPayParams: fakes.getPayParams.logic as never, payInApp: fakes.payInApp.logic as never, queryPayResult: fakes.queryPayResult.logic as never },
    actions,
  });
  return { actor: createActor(machine, { clock: new SimulatedClock() }).start(), fakes, actions };
}

/** What the path says the patient was told, in order. */
function outcomesOf(path: ModelPath): string[] {
  return path.steps.flatMap((step, i) => {
    const before = path.steps[i - 1]?.state;
    if (!before?.matches('querying') || !step.state.matches('idle') || step.event.type !== 'xstate.done.actor.queryPayResult') return [];
    if ((step.event as unknown as { output: number }).output > 0) return ['succeeded'];
    const said = before.context.clientOutcome;
    return [said === 'ok' ? 'unconfirmed' : said === 'cancel' ? 'cancelled' : 'failed'];
  });
}

describeModel({
  name: 'payment',
  machine: paymentMachine,
  events: events as never,
  pinnedPaths: 155,
  async run(path) {
    const { actor, fakes, actions } = startPayment();
    await replayPath(path, actor, fakes, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
    });
    const told = outcomesOf(path);
    expect(actions.showOutcome.mock.calls.map(([, p]) => (p as { message: string }).message)).toEqual(told);
    // The list follows the server: refreshed when it says paid, or when a "done" payer is unconfirmed.
    expect(actions.refreshList).toHaveBeenCalledTimes(told.filter((m) => m === 'succeeded' || m === 'unconfirmed').length);
    expect(actions.logToAnalytics).toHaveBeenCalledTimes(told.filter((m) => m === 'cancelled' || m === 'failed').length);
    // Every outcome forgets the pending H5 payment; nothing else does.
    expect(actions.forgetPendingPayment).toHaveBeenCalledTimes(told.length);
    actor.stop();
  },
});

describe('payment, details', () => {
  it('one purchase intent makes exactly one pay request: taps while it is under way are ignored', () => {
    const { actor, fakes } = startPayment();
    actor.send({ type: 'PAY', purchase, payWay: 1, returnUrl });
    actor.send({ type: 'PAY', purchase, payWay: 1, returnUrl });
    actor.send({ type: 'PAY', purchase, payWay: 2, returnUrl });
    expect(fakes.getPayParams.pendingRuns).toBe(1);
  });

  it('refuses to pay an order that is not to be paid, and asks the server nothing', () => {
    const { actor, fakes } = startPayment();
    actor.send({ type: 'PAY', purchase: alreadyPaid, payWay: 2, returnUrl });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fakes.getPayParams.pendingRuns).toBe(0);
  });

  it('asks the getPayParams call for exactly the purchase, pay way and return address of the tap', async () => {
    const requests: unknown[] = [];
    const machine = paymentMachine.provide({
      actors: { getPayParams: fromPromise(async ({ input }) => (requests.push(input), h5 as never)) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'PAY', purchase, payWay: 2, returnUrl });
    await flush();
    expect(requests).toEqual([{ purchase, payWay: 2, returnUrl }]);
  });

  it('asks the server even when WeChat says paid, and believes the server', async () => {
    const { actor, fakes, actions } = startPayment();
    actor.send({ type: 'PAY', purchase, payWay: 1, returnUrl });
    fakes.getPayParams.resolve(inApp);
    await flush();
    fakes.payInApp.resolve('ok');
    await flush();
    for (let i = 0; i < MAX_QUERIES; i++) {
      fakes.queryPayResult.resolve(0);
      await flush();
      if (i < MAX_QUERIES - 1) actor.send({ type: 'xstate.after.requeryDelay.payment.waitingToQuery' } as never);
    }
    expect(actions.showOutcome).toHaveBeenCalledWith(expect.anything(), { message: 'unconfirmed' });
    expect(actions.showOutcome).not.toHaveBeenCalledWith(expect.anything(), { message: 'succeeded' });
  });

  it('reports success when the server says paid although the payer said cancel', async () => {
    const { actor, fakes, actions } = startPayment();
    actor.send({ type: 'RESUME_H5', purchase });
    actor.send({ type: 'H5_NOT_PAID' });
    fakes.queryPayResult.resolve(1);
    await flush();
    expect(actions.showOutcome).toHaveBeenCalledWith(expect.anything(), { message: 'succeeded' });
    expect(actions.logToAnalytics).not.toHaveBeenCalled();
  });

  it('hands the H5 page its parameters and the purchase to remember', async () => {
    const { actor, fakes, actions } = startPayment();
    actor.send({ type: 'PAY', purchase, payWay: 2, returnUrl });
    fakes.getPayParams.resolve(h5);
    await flush();
    expect(actions.openH5Page).toHaveBeenCalledWith(expect.anything(), { params: h5, purchase });
    expect(actor.getSnapshot().value).toBe('awaitingH5');
  });
});
