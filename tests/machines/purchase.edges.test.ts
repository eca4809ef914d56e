// @vitest-environment node
/**
 * Edges of the purchase chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md), with the real payment chart as its child and every call faked: the event each
 * tap of a selling screen sends, what the screen is shown, exactly what the server is asked (the
 * order call, the pay call, the pay result), when the H5 "is payment complete?" question is asked,
 * and what the screen loads again after each outcome.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectPayment } from '../../machines/payment/payment.connect';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import type { ClientOutcome, InAppPayParams, PayParams, PayRequest, Purchase } from '../../machines/payment/payment.types';
import { connectPurchase } from '../../machines/purchase/purchase.connect';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import type { SubmitOutcome } from '../../machines/purchase/purchase.types';
import { controllablePromise } from '../../machines/replay';
import { effects } from './edgeFakes';
import { flush } from './modelHarness';

const { purchase: toBePaid, alreadyPaid, returnUrl } = paymentFixtures;
const h5 = paymentFixtures.h5 as PayParams;
const inApp = paymentFixtures.inApp as PayParams;
const free: Purchase = { ...toBePaid, orderId: 'AI-FREE', amount: 0, status: 0 };

const PURCHASE_EFFECTS = ['orderChanged', 'reload', 'reportFailure'] as const;
const PAYMENT_EFFECTS = ['openH5Page', 'forgetPendingPayment', 'showOutcome', 'logToAnalytics', 'reportFailure'] as const;

function startScreen() {
  const calls = {
    submitOrder: controllablePromise<SubmitOutcome, { choice: string }>(),
    getPayParams: controllablePromise<PayParams, PayRequest>(),
    payInApp: controllablePromise<ClientOutcome, InAppPayParams>(),
    queryPayResult: controllablePromise<number, Purchase>(),
    prepareWechatPay: controllablePromise<void>(),
  };
  const screen = effects(PURCHASE_EFFECTS);
  const payer = effects(PAYMENT_EFFECTS);
  const machine = createPurchaseMachine(
    paymentMachine.provide({
      actors: { getPayParams: calls.getPayParams.logic, payInApp: calls.payInApp.logic, queryPayResult: calls.queryPayResult.logic, prepareWechatPay: calls.prepareWechatPay.logic },
      actions: payer.spies,
    }),
  ).provide({ actors: { submitOrder: calls.submitOrder.logic }, actions: screen.spies });
  const actor = createActor(machine).start();
  const view = () => connectPurchase(actor.getSnapshot(), actor.send);
  /** The pay dialogs, connected to the payment child as the app connects them. */
  const dialogs = () => {
    const child = actor.getSnapshot().children.payment;
    if (!child) throw new Error('no payment child');
    return connectPayment(child.getSnapshot(), child.send);
  };
  return { actor, calls, screen, payer, view, dialogs };
}
type Screen = ReturnType<typeof startScreen>;

/** "Buy", "confirm" at the price the H5 way, and the server's answer to the order. */
async function order(started: Screen, answer: SubmitOutcome) {
  started.view().buy('lung');
  started.view().confirm({ payWay: 2, returnUrl });
  started.calls.submitOrder.resolve(answer);
  await flush();
}

/** Paid on the H5 page: the pay call answered, the page came back, the patient said `said`, the server answered `result`. */
async function payOnH5(started: Screen, said: 'paid' | 'notPaid', result: number) {
  started.calls.getPayParams.resolve(h5);
  await flush();
  started.view().resumeH5(toBePaid);
  if (said === 'paid') started.dialogs().paid();
  else started.dialogs().notPaid();
  started.calls.queryPayResult.resolve(result);
  await flush();
}

describe('purchase: what each tap sends', () => {
  it('choose, buy, confirm, dismiss, pay and the way back from H5 each send their event, with what the tap carries', () => {
    const { actor } = startScreen();
    const send = vi.fn();
    const view = connectPurchase(actor.getSnapshot(), send);
    view.choose('lung');
    view.buy('heart');
    view.confirm({ payWay: 1, returnUrl });
    view.dismiss();
    view.pay(toBePaid, { payWay: 2, returnUrl });
    view.resumeH5(toBePaid);
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'CHOOSE', choice: 'lung' },
      { type: 'BUY', choice: 'heart' },
      { type: 'CONFIRM', payWay: 1, returnUrl },
      { type: 'DISMISS' },
      { type: 'PAY', purchase: toBePaid, payWay: 2, returnUrl },
      { type: 'RESUME_H5', purchase: toBePaid },
    ]);
  });
});

describe('purchase: what the screen shows', () => {
  it('the item being ordered only while its price is confirmed or it is ordered; submitting only while ordered', () => {
    const started = startScreen();
    started.view().choose('lung');
    expect(started.view()).toMatchObject({ choice: 'lung', ordering: null, isConfirming: false, isSubmitting: false, isBusy: false, state: 'ready' });
    started.view().buy('heart');
    expect(started.view()).toMatchObject({ choice: 'heart', ordering: 'heart', isConfirming: true, isSubmitting: false, isBusy: false, state: 'confirming' });
    started.view().confirm({ payWay: 2, returnUrl });
    expect(started.view()).toMatchObject({ ordering: 'heart', isConfirming: false, isSubmitting: true, isBusy: true, state: 'submitting' });
  });

  it('while an order is paid the screen is busy, and nothing is being ordered', async () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    expect(started.view()).toMatchObject({ ordering: null, isConfirming: false, isSubmitting: false, isBusy: true, state: 'paying' });
  });

  it('a pay button belongs only on an order to be paid', () => {
    const { view } = startScreen();
    expect(view().canPay(toBePaid)).toBe(true);
    expect(view().canPay(alreadyPaid)).toBe(false);
  });

  it("a refusal is said in the screen's words until the patient chooses again; the choice stays", async () => {
    const started = startScreen();
    await order(started, { ok: false, problem: 'notForSale' });
    expect(started.view()).toMatchObject({ problem: 'notForSale', choice: 'lung', isBusy: false, isConfirming: false });
    started.view().choose('heart');
    expect(started.view()).toMatchObject({ problem: null, choice: 'heart' });
  });
});

describe('purchase: what the server is asked', () => {
  it('an order is asked for exactly the confirmed choice, once, and paid the way confirmed', async () => {
    const started = startScreen();
    started.view().buy('lung');
    started.view().confirm({ payWay: 1, returnUrl });
    started.view().confirm({ payWay: 1, returnUrl });
    expect(started.calls.submitOrder.inputs).toEqual([{ choice: 'lung' }]);
    started.calls.submitOrder.resolve({ ok: true, purchase: toBePaid });
    await flush();
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase: toBePaid, payWay: 1, returnUrl }]);
    started.calls.getPayParams.resolve(inApp);
    await flush();
    expect(started.calls.payInApp.inputs).toEqual([inApp.params]);
  });

  it('"go to pay" on a list asks for the pay parameters of that order, the way the tap said, and nothing else', () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase: toBePaid, payWay: 2, returnUrl }]);
    expect(started.calls.submitOrder.inputs).toEqual([]);
    expect(started.calls.queryPayResult.inputs).toEqual([]);
  });

  it('inside WeChat before WeChat pay is ready, "go to pay" and a confirmed order wait for it, then ask for WeChat pay, never the H5 page (issue 24 §12)', async () => {
    const listed = startScreen();
    listed.view().pay(toBePaid, { payWay: 'wechatNotReady', returnUrl });
    expect(listed.calls.prepareWechatPay.inputs).toHaveLength(1);
    expect(listed.calls.getPayParams.inputs).toEqual([]);
    expect(listed.view().isBusy).toBe(true);
    expect(listed.dialogs().isPreparingWechat).toBe(true);
    listed.calls.prepareWechatPay.resolve(undefined);
    await flush();
    expect(listed.calls.getPayParams.inputs).toEqual([{ purchase: toBePaid, payWay: 1, returnUrl }]);

    const bought = startScreen();
    bought.view().buy('lung');
    bought.view().confirm({ payWay: 'wechatNotReady', returnUrl });
    bought.calls.submitOrder.resolve({ ok: true, purchase: toBePaid });
    await flush();
    expect(bought.calls.prepareWechatPay.inputs).toHaveLength(1);
    expect(bought.calls.getPayParams.inputs).toEqual([]);
    bought.calls.prepareWechatPay.resolve(undefined);
    await flush();
    expect(bought.calls.getPayParams.inputs).toEqual([{ purchase: toBePaid, payWay: 1, returnUrl }]);
  });

  it('WeChat pay that cannot be made ready, then "not now": nothing paid, nothing loads again, the screen takes taps again', async () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 'wechatNotReady', returnUrl });
    started.calls.prepareWechatPay.reject(new Error('wx.config failed'));
    await flush();
    expect(started.dialogs().isWechatNotReady).toBe(true);
    started.dialogs().later();
    expect(started.view().isBusy).toBe(false);
    expect(started.screen.count('orderChanged')).toBe(0);
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.payer.count('openH5Page')).toBe(0);
    started.view().pay(toBePaid, { payWay: 1, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase: toBePaid, payWay: 1, returnUrl }]);
  });

  it('"go to pay" on an order that is not to be paid asks nothing', () => {
    const started = startScreen();
    started.view().pay(alreadyPaid, { payWay: 2, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.view().isBusy).toBe(false);
  });

  it('a new order waiting for its money is paid as the server made it (its number, record, amount)', async () => {
    const started = startScreen();
    const made: Purchase = { ...toBePaid, orderId: 'AI-NEW', checkRecordId: 7007, amount: 29.9 };
    await order(started, { ok: true, purchase: made });
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase: made, payWay: 2, returnUrl }]);
  });

  it('a free order (or one already paid) asks for no payment: the order changed', async () => {
    const started = startScreen();
    await order(started, { ok: true, purchase: free });
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.screen.paramsOf('orderChanged')).toEqual([{ orderId: 'AI-FREE' }]);
    expect(started.screen.count('reload')).toBe(0);
    expect(started.view()).toMatchObject({ isBusy: false, problem: null });
  });

  it('a refusal asks for no payment and loads what is for sale again, once', async () => {
    const started = startScreen();
    await order(started, { ok: false, problem: 'notForSale' });
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.screen.count('reload')).toBe(1);
    expect(started.screen.count('orderChanged')).toBe(0);
  });

  it('no answer to the order: the error goes to the error catalogue, nothing is paid or loaded again', async () => {
    const started = startScreen();
    const offline = new Error('offline');
    started.view().buy('lung');
    started.view().confirm({ payWay: 2, returnUrl });
    started.calls.submitOrder.reject(offline);
    await flush();
    expect(started.screen.paramsOf('reportFailure')).toEqual([{ error: offline }]);
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.screen.count('reload')).toBe(0);
    expect(started.view()).toMatchObject({ choice: 'lung', isBusy: false, isConfirming: false, problem: null });
  });

  it('an app with no order call: the error page names it', async () => {
    const done = effects(PURCHASE_EFFECTS);
    const actor = createActor(createPurchaseMachine().provide({ actions: done.spies })).start();
    actor.send({ type: 'BUY', choice: 'lung' });
    actor.send({ type: 'CONFIRM', payWay: 2, returnUrl });
    await flush();
    const [reported] = done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe('purchase: no submitOrder actor provided');
  });

  it('"dismiss" at the price orders nothing and frees the screen', () => {
    const started = startScreen();
    started.view().buy('lung');
    started.view().dismiss();
    started.view().confirm({ payWay: 2, returnUrl });
    expect(started.calls.submitOrder.inputs).toEqual([]);
    expect(started.view()).toMatchObject({ isConfirming: false, ordering: null, choice: 'lung' });
  });
});

describe('purchase: the H5 "is payment complete?" question', () => {
  it('is asked only once the page is back from the H5 page, and the server is asked about that order', async () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    expect(started.dialogs().isAskingH5Result).toBe(false);
    started.calls.getPayParams.resolve(h5);
    await flush();
    expect(started.payer.paramsOf('openH5Page')).toEqual([{ params: h5, purchase: toBePaid }]);
    expect(started.dialogs().isAskingH5Result).toBe(false);
    started.view().resumeH5(toBePaid);
    expect(started.dialogs().isAskingH5Result).toBe(true);
    expect(started.calls.queryPayResult.inputs).toEqual([]);
    started.dialogs().paid();
    expect(started.calls.queryPayResult.inputs).toEqual([toBePaid]);
  });

  it('a page load back from H5 with nothing under way asks the question about the remembered order', () => {
    const started = startScreen();
    started.view().resumeH5(toBePaid);
    expect(started.view().isBusy).toBe(true);
    expect(started.dialogs().isAskingH5Result).toBe(true);
    expect(started.calls.getPayParams.inputs).toEqual([]);
    started.dialogs().notPaid();
    expect(started.calls.queryPayResult.inputs).toEqual([toBePaid]);
  });

  it('the back button restoring the page while paying asks about the order it came back for', async () => {
    const started = startScreen();
    const remembered: Purchase = { ...toBePaid, orderId: 'AI-REMEMBERED', checkRecordId: 9001 };
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    started.calls.getPayParams.resolve(h5);
    await flush();
    started.view().resumeH5(remembered);
    expect(started.dialogs().isAskingH5Result).toBe(true);
    started.dialogs().paid();
    expect(started.calls.queryPayResult.inputs).toEqual([remembered]);
  });
});

describe('purchase: what loads again after each outcome', () => {
  it.each([
    ['paid', 'paid', 1, ['succeeded']],
    ['paid by the server whatever the patient said', 'notPaid', 1, ['succeeded']],
  ] as const)('the server says %s: the order changed, once, and the screen takes taps again', async (_, said, result, told) => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    await payOnH5(started, said, result);
    expect(started.payer.paramsOf('showOutcome').map((p) => (p as { message: string }).message)).toEqual(told);
    expect(started.screen.paramsOf('orderChanged')).toEqual([{ orderId: toBePaid.orderId }]);
    expect(started.screen.count('reload')).toBe(0);
    expect(started.view()).toMatchObject({ isBusy: false, state: 'ready' });
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    expect(started.calls.getPayParams.inputs).toHaveLength(2);
  });

  it('the order changed is the one the server answered about (the back button can bring another)', async () => {
    const started = startScreen();
    const remembered: Purchase = { ...toBePaid, orderId: 'AI-REMEMBERED', checkRecordId: 9001 };
    started.view().resumeH5(remembered);
    started.dialogs().paid();
    started.calls.queryPayResult.resolve(1);
    await flush();
    expect(started.screen.paramsOf('orderChanged')).toEqual([{ orderId: 'AI-REMEMBERED' }]);
  });

  it('the payer said paid and the server has not confirmed it after three asks ("being confirmed"): the order changed', async () => {
    vi.useFakeTimers();
    try {
      const started = startScreen();
      started.view().pay(toBePaid, { payWay: 1, returnUrl });
      started.calls.getPayParams.resolve(inApp);
      await vi.advanceTimersByTimeAsync(0);
      started.calls.payInApp.resolve('ok');
      for (let asked = 0; asked < 3; asked++) {
        await vi.advanceTimersByTimeAsync(0);
        started.calls.queryPayResult.resolve(0);
        await vi.advanceTimersByTimeAsync(2_000);
      }
      expect(started.calls.queryPayResult.inputs).toEqual([toBePaid, toBePaid, toBePaid]);
      expect(started.screen.paramsOf('orderChanged')).toEqual([{ orderId: toBePaid.orderId }]);
      expect(started.view().isBusy).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['the patient said not paid and the server heard nothing', 'notPaid', 0],
    ['the provider says cancelled', 'paid', -1],
    ['the provider says failed', 'paid', -2],
  ] as const)('not paid (%s): nothing changed, nothing loads again, the screen takes taps again', async (_, said, result) => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    await payOnH5(started, said, result);
    expect(started.screen.count('orderChanged')).toBe(0);
    expect(started.screen.count('reload')).toBe(0);
    expect(started.view()).toMatchObject({ isBusy: false, state: 'ready' });
  });

  it('the pay result could not be asked and the patient said "later": nothing concluded, nothing loads again', async () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    started.calls.getPayParams.resolve(h5);
    await flush();
    started.view().resumeH5(toBePaid);
    started.dialogs().paid();
    started.calls.queryPayResult.reject(new Error('offline'));
    await flush();
    expect(started.dialogs().isQueryFailed).toBe(true);
    expect(started.view().isBusy).toBe(true);
    started.dialogs().later();
    expect(started.screen.count('orderChanged')).toBe(0);
    expect(started.payer.count('forgetPendingPayment')).toBe(0);
    expect(started.view()).toMatchObject({ isBusy: false, state: 'ready' });
  });

  it('the pay parameters could not be had: nothing changed, the screen takes taps again', async () => {
    const started = startScreen();
    started.view().pay(toBePaid, { payWay: 2, returnUrl });
    started.calls.getPayParams.reject(new Error('offline'));
    await flush();
    expect(started.screen.count('orderChanged')).toBe(0);
    expect(started.view()).toMatchObject({ isBusy: false, state: 'ready' });
    started.view().pay(toBePaid, { payWay: 1, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([
      { purchase: toBePaid, payWay: 2, returnUrl },
      { purchase: toBePaid, payWay: 1, returnUrl },
    ]);
  });

  it('after a paid order, the next one is paid the way its own confirmation said', async () => {
    const started = startScreen();
    await order(started, { ok: true, purchase: toBePaid });
    await payOnH5(started, 'paid', 1);
    started.view().buy('heart');
    started.view().confirm({ payWay: 1, returnUrl: 'http://localhost/other' });
    started.calls.submitOrder.resolve({ ok: true, purchase: toBePaid });
    await flush();
    expect(started.calls.getPayParams.inputs.at(-1)).toEqual({ purchase: toBePaid, payWay: 1, returnUrl: 'http://localhost/other' });
  });
});

describe('purchase: a screen just opened', () => {
  it('shows nothing chosen, nothing being ordered and no refusal', () => {
    const { view } = startScreen();
    expect(view().choice).toBeNull();
    expect(view().ordering).toBeNull();
    expect(view().problem).toBeNull();
    expect(view()).toMatchObject({ isConfirming: false, isSubmitting: false, isBusy: false, state: 'ready' });
  });

  it("the QA panel finds the chart's diagram by the chart's id", () => {
    const { actor } = startScreen();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
