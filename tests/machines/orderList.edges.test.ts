// @vitest-environment node
/**
 * Edges of the AI order screen's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the list opens on the screen's tab and page size, a payment that is
 * being confirmed reloads the list too, and the QA panel finds the chart's diagram.
 */
import { existsSync } from 'node:fs';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import { createOrderListMachine } from '../../machines/orderList/orderList.machine';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { createPagedListMachine } from '../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../machines/pagedList/pagedList.types';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import type { ClientOutcome, InAppPayParams, PayParams, PayRequest, Purchase } from '../../machines/payment/payment.types';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

type Row = { id: number };
const { purchase, returnUrl } = paymentFixtures;

function startScreen(input = { filter: 2, pageSize: 8 }) {
  const load = controllablePromise<ListPage<Row>, LoadRequest<number>>();
  const calls = { getPayParams: controllablePromise<PayParams, PayRequest>(), payInApp: controllablePromise<ClientOutcome, InAppPayParams>(), queryPayResult: controllablePromise<number, Purchase>() };
  const clock = new SimulatedClock();
  const machine = createOrderListMachine({
    list: createPagedListMachine<Row, number>().provide({ actors: { load: load.logic } }),
    order: aiOrderMachine,
    purchase: createPurchaseMachine(
      paymentMachine.provide({
        actors: { getPayParams: calls.getPayParams.logic, payInApp: calls.payInApp.logic, queryPayResult: calls.queryPayResult.logic },
        actions: { showOutcome: () => {}, forgetPendingPayment: () => {}, logToAnalytics: () => {}, openH5Page: () => {}, reportFailure: () => {} },
      }),
    ),
  });
  const actor = createActor(machine, { input, clock }).start();
  const payment = () => {
    const child = actor.getSnapshot().children.purchase;
    if (!child) throw new Error('no purchase child');
    return child;
  };
  return { actor, load, calls, clock, payment };
}

describe('AI order screen: the list', () => {
  it("opens on the screen's tab with its page size", () => {
    const { load } = startScreen({ filter: 5, pageSize: 8 });
    expect(load.inputs).toEqual([{ filter: 5, page: 1, pageSize: 8 }]);
  });

  it('a payment the server has not confirmed after the payer said paid ("being confirmed") reloads page 1 once', async () => {
    const started = startScreen();
    started.load.resolve({ rows: [{ id: 1 }], totals: 1 });
    await flush();
    started.payment().send({ type: 'PAY', purchase, payWay: 1, returnUrl });
    started.calls.getPayParams.resolve(paymentFixtures.inApp as PayParams);
    await flush();
    started.calls.payInApp.resolve('ok');
    await flush();
    for (let asked = 0; asked < 3; asked++) {
      started.calls.queryPayResult.resolve(0);
      await flush();
      started.clock.increment(2_000);
      await flush();
    }
    expect(started.load.inputs).toEqual([
      { filter: 2, page: 1, pageSize: 8 },
      { filter: 2, page: 1, pageSize: 8 },
    ]);
  });
});

describe('AI order screen: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startScreen();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
