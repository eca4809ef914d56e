// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createAiStatusMachine } from '../../machines/aiStatus/aiStatus.machine';
import { aiStatusEvents, aiStatusInput } from '../../machines/aiStatus/aiStatus.model';
import { aiStatusOracle } from '../../machines/aiStatus/aiStatus.oracle';
import { pollDelayMs } from '../../machines/aiStatus/aiStatus.types';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import { controllablePromise, describeModel, flush, startChart } from './modelHarness';

const aiStatusMachine = createAiStatusMachine();

describeModel({
  name: 'aiStatus',
  machine: aiStatusMachine,
  events: aiStatusEvents as never,
  input: aiStatusInput,
  pinnedPaths: 409,
  oracle: aiStatusOracle,
  start: () => startChart(aiStatusMachine, { input: aiStatusInput, fake: ['loadInfo'], provide: () => ({ actions: { startPayment: vi.fn<() => void>() } }) }),
});

describe('aiStatus', () => {
  it('waits 2, 4, 8, then 15 s', () => {
    expect([0, 1, 2, 3].map(pollDelayMs)).toEqual([2000, 4000, 8000, 15_000]);
  });

  it('pays the order shown through its payment child, and asks again once the server says paid', async () => {
    const fakes = { loadInfo: controllablePromise<unknown>(), getPayParams: controllablePromise<unknown>(), queryPayResult: controllablePromise<unknown>() };
    const machine = createAiStatusMachine(
      createPurchaseMachine(paymentMachine.provide({ actors: { getPayParams: fakes.getPayParams.logic as never, queryPayResult: fakes.queryPayResult.logic as never } })),
    ).provide({ actors: { loadInfo: fakes.loadInfo.logic as never } });
    const actor = createActor(machine, { input: aiStatusInput }).start();
    const info = { orderId: 'AI2026112300001', id: 41, collectFilmId: '8', status: 2, charge: 19.9, progress: null, secondsLeft: null, failureReason: null };
    fakes.loadInfo.resolve({ found: true, info });
    await flush();
    actor.send({ type: 'PAY', payWay: 1, returnUrl: 'http://localhost/aiStatus?orderId=AI2026112300001' });
    expect(fakes.getPayParams.inputs).toEqual([
      { purchase: { kind: 'aiOrder', orderId: 'AI2026112300001', checkRecordId: 41, amount: 19.9, status: 2 }, payWay: 1, returnUrl: 'http://localhost/aiStatus?orderId=AI2026112300001' },
    ]);
    fakes.getPayParams.resolve(paymentFixtures.h5);
    await flush();
    const purchase = actor.getSnapshot().children.purchase;
    purchase?.send({ type: 'RESUME_H5', purchase: { kind: 'aiOrder', orderId: 'AI2026112300001', checkRecordId: 41, amount: 19.9, status: 2 } });
    purchase?.getSnapshot().children.payment?.send({ type: 'H5_PAID' });
    fakes.queryPayResult.resolve(1);
    await flush();
    expect(fakes.loadInfo.inputs).toHaveLength(2);
  });
});
