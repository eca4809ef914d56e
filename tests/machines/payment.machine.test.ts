// @vitest-environment node
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { MAX_QUERIES } from '../../machines/payment/payment.types';
import { paymentEvents, paymentFixtures } from '../../machines/payment/payment.model';
import { paymentOracle } from '../../machines/payment/payment.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const { purchase, alreadyPaid, returnUrl, inApp, h5 } = paymentFixtures;
const events = paymentEvents;

function startPayment() {
  const actions = {
    openH5Page: vi.fn(),
    forgetPendingPayment: vi.fn(),
    showOutcome: vi.fn(),
    settled: vi.fn(),
    unsettled: vi.fn(),
    logToAnalytics: vi.fn(),
    reportFailure: vi.fn(),
  };
  const started = startChart(paymentMachine, { provide: () => ({ actions }) });
  return { ...started, fakes: started.fakes as Record<'getPayParams' | 'payInApp' | 'queryPayResult', ControllablePromise<unknown>>, actions };
}

describeModel({
  name: 'payment',
  machine: paymentMachine,
  events: events as never,
  pinnedPaths: 132,
  oracle: paymentOracle,
  start: startPayment,
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
