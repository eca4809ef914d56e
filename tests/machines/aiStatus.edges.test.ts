// @vitest-environment node
/**
 * Edges of the AI order progress chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the events the page's taps send, what the page shows at each step,
 * exactly what the server is asked, and what the page asks again after each pay outcome (the
 * payment child real, every call faked).
 */
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectAiStatus } from '../../machines/aiStatus/aiStatus.connect';
import { createAiStatusMachine } from '../../machines/aiStatus/aiStatus.machine';
import type { InfoLike, InfoOutcome } from '../../machines/aiStatus/aiStatus.types';
import { connectPayment } from '../../machines/payment/payment.connect';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import type { ClientOutcome, InAppPayParams, PayParams, PayRequest, Purchase } from '../../machines/payment/payment.types';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

const ORDER_ID = 'AI2026112300001';
const returnUrl = `http://localhost/aiStatus?orderId=${ORDER_ID}`;
const info = (status: number, more: Partial<InfoLike> = {}): InfoLike => ({
  orderId: ORDER_ID,
  id: 41,
  collectFilmId: '8',
  status,
  charge: 19.9,
  progress: null,
  secondsLeft: null,
  failureReason: null,
  ...more,
});
const found = (status: number, more: Partial<InfoLike> = {}): InfoOutcome => ({ found: true, info: info(status, more) });
const asPurchase: Purchase = { kind: 'aiOrder', orderId: ORDER_ID, checkRecordId: 41, amount: 19.9, status: 2 };

function startPage() {
  const calls = {
    loadInfo: controllablePromise<InfoOutcome, { orderId: string }>(),
    getPayParams: controllablePromise<PayParams, PayRequest>(),
    payInApp: controllablePromise<ClientOutcome, InAppPayParams>(),
    queryPayResult: controllablePromise<number, Purchase>(),
  };
  const clock = new SimulatedClock();
  const noop = () => {};
  const machine = createAiStatusMachine(
    createPurchaseMachine(
      paymentMachine.provide({
        actors: { getPayParams: calls.getPayParams.logic, payInApp: calls.payInApp.logic, queryPayResult: calls.queryPayResult.logic },
        actions: { openH5Page: noop, forgetPendingPayment: noop, showOutcome: noop, logToAnalytics: noop, reportFailure: noop },
      }),
    ),
  ).provide({ actors: { loadInfo: calls.loadInfo.logic } });
  const actor = createActor(machine, { input: { orderId: ORDER_ID }, clock }).start();
  const view = () => connectAiStatus<InfoLike>(actor.getSnapshot(), actor.send);
  const dialogs = () => {
    const payment = actor.getSnapshot().children.purchase?.getSnapshot().children.payment;
    if (!payment) throw new Error('no payment child');
    return connectPayment(payment.getSnapshot(), payment.send);
  };
  const resumeH5 = () => actor.getSnapshot().children.purchase?.send({ type: 'RESUME_H5', purchase: asPurchase });
  return { actor, calls, clock, view, dialogs, resumeH5 };
}
type Page = ReturnType<typeof startPage>;

async function answer(page: Page, outcome: InfoOutcome) {
  page.calls.loadInfo.resolve(outcome);
  await flush();
}

describe('aiStatus: what each tap sends', () => {
  it('"pay" sends PAY with how the payment port says to pay; "retry" sends RETRY', () => {
    const { actor } = startPage();
    const send = vi.fn();
    const view = connectAiStatus(actor.getSnapshot(), send);
    view.pay({ payWay: 2, returnUrl });
    view.retry();
    expect(send.mock.calls.map(([event]) => event)).toEqual([{ type: 'PAY', payWay: 2, returnUrl }, { type: 'RETRY' }]);
  });
});

describe('aiStatus: what the page shows', () => {
  it('loading, then the order as the server answered it, at each step', async () => {
    const page = startPage();
    expect(page.view()).toMatchObject({ step: 'loading', info: null, progress: null, secondsLeft: null, failureReason: null, isStalled: false, isPaused: false, problem: null });
    await answer(page, found(1, { progress: 40, secondsLeft: 60 }));
    expect(page.view()).toMatchObject({ step: 'following', progress: 40, secondsLeft: 60, failureReason: null, info: info(1, { progress: 40, secondsLeft: 60 }) });
    expect(page.view().state).toBe(JSON.stringify({ following: 'waiting' }));
  });

  it.each([
    [2, 'toBePaid'],
    [3, 'succeeded'],
    [4, 'failed'],
    [5, 'closed'],
  ] as const)('status %i shows the step %s', async (status, step) => {
    const page = startPage();
    await answer(page, found(status, { failureReason: status === 4 ? '图像层厚不符合要求' : null }));
    expect(page.view().step).toBe(step);
    expect(page.view().failureReason).toBe(status === 4 ? '图像层厚不符合要求' : null);
  });

  it('no such order shows "missing"; no answer shows the connection gone, and "retry" asks again', async () => {
    const page = startPage();
    await answer(page, { found: false });
    expect(page.view().step).toBe('missing');
    const again = startPage();
    again.calls.loadInfo.reject(new Error('offline'));
    await flush();
    expect(again.view()).toMatchObject({ step: 'loadFailed', problem: 'offline' });
    again.view().retry();
    expect(again.view().step).toBe('loading');
    expect(again.calls.loadInfo.inputs).toEqual([{ orderId: ORDER_ID }, { orderId: ORDER_ID }]);
  });

  it('a hidden page is paused; three missed answers in a row are stalled; "retry" asks at once', async () => {
    const page = startPage();
    await answer(page, found(0, { progress: 0 }));
    page.actor.send({ type: 'PAUSE' });
    expect(page.view()).toMatchObject({ step: 'following', isPaused: true, isStalled: false });
    page.actor.send({ type: 'RESUME' });
    expect(page.view().isPaused).toBe(false);
    for (let missed = 0; missed < 3; missed++) {
      page.calls.loadInfo.reject(new Error('offline'));
      await flush();
      page.clock.increment(15_000);
      await flush();
    }
    expect(page.view()).toMatchObject({ isStalled: true, problem: 'offline' });
    const asked = page.calls.loadInfo.inputs.length;
    page.view().retry();
    expect(page.calls.loadInfo.inputs).toHaveLength(asked + 1);
    expect(page.view().isStalled).toBe(false);
  });
});

describe('aiStatus: paying the order shown', () => {
  it('asks for the pay parameters of the order as the server answered it, the way the tap said', async () => {
    const page = startPage();
    await answer(page, found(2));
    page.view().pay({ payWay: 1, returnUrl });
    expect(page.calls.getPayParams.inputs).toEqual([{ purchase: asPurchase, payWay: 1, returnUrl }]);
  });

  it('"pay" on an order that is not to be paid asks nothing', async () => {
    const page = startPage();
    await answer(page, found(3));
    page.view().pay({ payWay: 1, returnUrl });
    expect(page.calls.getPayParams.inputs).toEqual([]);
  });

  it('paid: the page asks about the order again, and follows it', async () => {
    const page = startPage();
    await answer(page, found(2));
    page.view().pay({ payWay: 2, returnUrl });
    page.calls.getPayParams.resolve(paymentFixtures.h5 as PayParams);
    await flush();
    page.resumeH5();
    expect(page.dialogs().isAskingH5Result).toBe(true);
    page.dialogs().paid();
    expect(page.calls.queryPayResult.inputs).toEqual([asPurchase]);
    page.calls.queryPayResult.resolve(1);
    await flush();
    expect(page.calls.loadInfo.inputs).toEqual([{ orderId: ORDER_ID }, { orderId: ORDER_ID }]);
    expect(page.view().step).toBe('loading');
    await answer(page, found(0, { progress: 0 }));
    expect(page.view().step).toBe('following');
  });

  it('not paid: the page asks nothing again and still offers to pay', async () => {
    const page = startPage();
    await answer(page, found(2));
    page.view().pay({ payWay: 2, returnUrl });
    page.calls.getPayParams.resolve(paymentFixtures.h5 as PayParams);
    await flush();
    page.resumeH5();
    page.dialogs().notPaid();
    page.calls.queryPayResult.resolve(0);
    await flush();
    expect(page.calls.loadInfo.inputs).toEqual([{ orderId: ORDER_ID }]);
    expect(page.view().step).toBe('toBePaid');
    page.view().pay({ payWay: 2, returnUrl });
    expect(page.calls.getPayParams.inputs).toHaveLength(2);
  });
});

describe('aiStatus: following an order', () => {
  /** How many asks of AI/info there were after `ms` more on the page's clock. */
  async function after(page: Page, ms: number) {
    page.clock.increment(ms);
    await flush();
    return page.calls.loadInfo.inputs.length;
  }

  it('asks about the same order every time, and sooner again as soon as its status or its progress moves', async () => {
    const page = startPage();
    await answer(page, found(0, { progress: 0 }));
    // Nothing moved yet: 2 s.
    expect(await after(page, 1_999)).toBe(1);
    expect(await after(page, 1)).toBe(2);
    await answer(page, found(0, { progress: 0 }));
    // Still nothing moved: 4 s.
    expect(await after(page, 3_999)).toBe(2);
    expect(await after(page, 1)).toBe(3);
    // Its status moved (queued to analysing), its progress did not: 2 s again.
    await answer(page, found(1, { progress: 0 }));
    expect(await after(page, 1_999)).toBe(3);
    expect(await after(page, 1)).toBe(4);
    await answer(page, found(1, { progress: 0 }));
    expect(await after(page, 3_999)).toBe(4);
    expect(await after(page, 1)).toBe(5);
    // Its progress moved, its status did not: 2 s again.
    await answer(page, found(1, { progress: 40 }));
    expect(await after(page, 1_999)).toBe(5);
    expect(await after(page, 1)).toBe(6);
    expect(page.calls.loadInfo.inputs).toEqual(Array(6).fill({ orderId: ORDER_ID }));
    expect(page.view()).toMatchObject({ step: 'following', progress: 40 });
  });

  it('an app that provides no AI/info call: the page says the connection is gone and offers to try again', async () => {
    const actor = createActor(createAiStatusMachine(), { input: { orderId: ORDER_ID } }).start();
    await flush();
    expect(connectAiStatus(actor.getSnapshot(), actor.send)).toMatchObject({ step: 'loadFailed', problem: 'offline' });
    actor.stop();
  });
});
