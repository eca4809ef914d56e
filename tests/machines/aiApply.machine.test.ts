// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createAiApplyMachine } from '../../machines/aiApply/aiApply.machine';
import { aiApplyEvents, aiApplyInput } from '../../machines/aiApply/aiApply.model';
import { aiApplyOracle } from '../../machines/aiApply/aiApply.oracle';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import { controllablePromise, describeModel, flush, startChart } from './modelHarness';

const aiApplyMachine = createAiApplyMachine();

describeModel({
  name: 'aiApply',
  machine: aiApplyMachine,
  events: aiApplyEvents as never,
  input: aiApplyInput,
  pinnedPaths: 17,
  oracle: aiApplyOracle,
  start: () =>
    startChart(aiApplyMachine, {
      input: aiApplyInput,
      fake: ['submitOrder'],
      provide: () => ({
        actions: { startPayment: vi.fn<() => void>(), openStatus: vi.fn<() => void>(), reload: vi.fn<() => void>(), reportFailure: vi.fn<() => void>() },
      }),
    }),
});

describe('aiApply: the payment chart runs as its child', () => {
  function startScreen() {
    const fakes = { submitOrder: controllablePromise<unknown>(), getPayParams: controllablePromise<unknown>(), queryPayResult: controllablePromise<unknown>() };
    const openStatus = vi.fn();
    const machine = createAiApplyMachine(
      paymentMachine.provide({ actors: { getPayParams: fakes.getPayParams.logic as never, queryPayResult: fakes.queryPayResult.logic as never } }),
    ).provide({ actors: { submitOrder: fakes.submitOrder.logic as never }, actions: { openStatus: (_, params) => openStatus(params) } });
    const actor = createActor(machine, { input: { collectFilmId: '8' } }).start();
    return { actor, fakes, openStatus };
  }

  it('an order to be paid is handed to the payment chart with the way confirmed; the server saying paid opens its progress', async () => {
    const { actor, fakes, openStatus } = startScreen();
    actor.send({ type: 'APPLY', channelId: 'lung' });
    actor.send({ type: 'CONFIRM', payWay: 2, returnUrl: paymentFixtures.returnUrl });
    actor.send({ type: 'CONFIRM', payWay: 2, returnUrl: paymentFixtures.returnUrl });
    expect(fakes.submitOrder.inputs).toEqual([{ collectFilmId: '8', channelId: 'lung' }]);
    fakes.submitOrder.resolve({ ok: true, purchase: { kind: 'aiOrder', orderId: 'AI1', checkRecordId: 41, amount: 19.9, status: 2 } });
    await flush();
    expect(fakes.getPayParams.inputs).toEqual([
      { purchase: { kind: 'aiOrder', orderId: 'AI1', checkRecordId: 41, amount: 19.9, status: 2 }, payWay: 2, returnUrl: paymentFixtures.returnUrl },
    ]);
    fakes.getPayParams.resolve(paymentFixtures.h5);
    await flush();
    const payment = actor.getSnapshot().children.payment;
    payment?.send({ type: 'RESUME_H5', purchase: { kind: 'aiOrder', orderId: 'AI1', checkRecordId: 41, amount: 19.9, status: 2 } });
    payment?.send({ type: 'H5_PAID' });
    fakes.queryPayResult.resolve(1);
    await flush();
    expect(openStatus).toHaveBeenCalledWith({ orderId: 'AI1' });
  });

  it('a payment the server calls not paid opens nothing', async () => {
    const { actor, fakes, openStatus } = startScreen();
    const payment = actor.getSnapshot().children.payment;
    payment?.send({ type: 'RESUME_H5', purchase: { kind: 'aiOrder', orderId: 'AI1', checkRecordId: 41, amount: 19.9, status: 2 } });
    payment?.send({ type: 'H5_NOT_PAID' });
    fakes.queryPayResult.resolve(0);
    await flush();
    expect(openStatus).not.toHaveBeenCalled();
  });
});
