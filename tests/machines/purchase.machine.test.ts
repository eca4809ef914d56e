// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { purchaseEvents } from '../../machines/purchase/purchase.model';
import { purchaseOracle } from '../../machines/purchase/purchase.oracle';
import { controllablePromise, describeModel, flush, startChart } from './modelHarness';

const purchaseMachine = createPurchaseMachine();

describeModel({
  name: 'purchase',
  machine: purchaseMachine,
  events: purchaseEvents as never,
  pinnedPaths: 44,
  oracle: purchaseOracle,
  start: () =>
    startChart(purchaseMachine, {
      fake: ['submitOrder'],
      provide: () => ({
        actions: {
          startPayment: vi.fn<() => void>(),
          resumePayment: vi.fn<() => void>(),
          orderChanged: vi.fn<() => void>(),
          reload: vi.fn<() => void>(),
          reportFailure: vi.fn<() => void>(),
        },
      }),
    }),
});

describe('purchase: the payment chart runs as its child', () => {
  const order = { kind: 'aiOrder' as const, orderId: 'AI1', checkRecordId: 41, amount: 19.9, status: 2 };
  function startScreen() {
    const fakes = { submitOrder: controllablePromise<unknown>(), getPayParams: controllablePromise<unknown>(), queryPayResult: controllablePromise<unknown>() };
    const orderChanged = vi.fn();
    const machine = createPurchaseMachine(
      paymentMachine.provide({ actors: { getPayParams: fakes.getPayParams.logic as never, queryPayResult: fakes.queryPayResult.logic as never } }),
    ).provide({ actors: { submitOrder: fakes.submitOrder.logic as never }, actions: { orderChanged: (_, params) => orderChanged(params) } });
    const actor = createActor(machine).start();
    return { actor, fakes, orderChanged, payment: () => actor.getSnapshot().children.payment! };
  }

  it('an order to be paid goes to the payment child the way confirmed; the server saying paid is the order changed', async () => {
    const { actor, fakes, orderChanged, payment } = startScreen();
    actor.send({ type: 'BUY', choice: 'lung' });
    actor.send({ type: 'CONFIRM', payWay: 2, returnUrl: paymentFixtures.returnUrl });
    actor.send({ type: 'CONFIRM', payWay: 2, returnUrl: paymentFixtures.returnUrl });
    expect(fakes.submitOrder.inputs).toEqual([{ choice: 'lung' }]);
    fakes.submitOrder.resolve({ ok: true, purchase: order });
    await flush();
    expect(fakes.getPayParams.inputs).toEqual([{ purchase: order, payWay: 2, returnUrl: paymentFixtures.returnUrl }]);
    fakes.getPayParams.resolve(paymentFixtures.h5);
    await flush();
    actor.send({ type: 'RESUME_H5', purchase: order });
    payment().send({ type: 'H5_PAID' });
    fakes.queryPayResult.resolve(1);
    await flush();
    expect(orderChanged).toHaveBeenCalledWith({ orderId: 'AI1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('a payment the server calls not paid changes nothing, and frees the screen', async () => {
    const { actor, fakes, orderChanged, payment } = startScreen();
    actor.send({ type: 'RESUME_H5', purchase: order });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    payment().send({ type: 'H5_NOT_PAID' });
    fakes.queryPayResult.resolve(0);
    await flush();
    expect(orderChanged).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('pay parameters that cannot be had end the payment with no answer: the screen takes taps again', async () => {
    const { actor, fakes } = startScreen();
    actor.send({ type: 'PAY', purchase: order, payWay: 2, returnUrl: paymentFixtures.returnUrl });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    fakes.getPayParams.reject(new Error('offline'));
    await flush();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
