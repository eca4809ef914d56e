// @vitest-environment node
/**
 * Edges of the payment chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): exactly what each call is asked, what the patient is told for each answer,
 * when a payment counts as under way, the re-query wait, and the view's intents.
 */
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectPayment } from '../../machines/payment/payment.connect';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { paymentFixtures } from '../../machines/payment/payment.model';
import {
  h5PayParamsSchema,
  inAppPayParamsSchema,
  MAX_QUERIES,
  purchaseSchema,
  type ClientOutcome,
  type InAppPayParams,
  type PayParams,
  type PayRequest,
  type PayWayNow,
  isPayable,
  type Purchase,
} from '../../machines/payment/payment.types';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

/** The dialogs' view, and the purchase chart's part in the payment (its PAY and RESUME_H5), sent straight to the payment chart. */
function payerView(actor: Actor<typeof paymentMachine>) {
  return {
    ...connectPayment(actor.getSnapshot(), actor.send),
    canPay: isPayable,
    pay: (bought: Purchase, how: { payWay: PayWayNow; returnUrl: string }) => actor.send({ type: 'PAY', purchase: bought, ...how }),
    resumeH5: (bought: Purchase) => actor.send({ type: 'RESUME_H5', purchase: bought }),
  };
}

const { purchase, alreadyPaid, returnUrl } = paymentFixtures;
const inApp = paymentFixtures.inApp as PayParams;
const h5 = paymentFixtures.h5 as PayParams;
const REQUERY_MS = 2_000;
const EFFECTS = ['openH5Page', 'forgetPendingPayment', 'showOutcome', 'settled', 'unsettled', 'logToAnalytics', 'reportFailure', 'retryWechatSdk'] as const;

function startPayment() {
  const calls = {
    getPayParams: controllablePromise<PayParams, PayRequest>(),
    payInApp: controllablePromise<ClientOutcome, InAppPayParams>(),
    queryPayResult: controllablePromise<number, Purchase>(),
    prepareWechatPay: controllablePromise<void>(),
  };
  const done = effects(EFFECTS);
  const clock = new SimulatedClock();
  const machine = paymentMachine.provide({
    actors: { getPayParams: calls.getPayParams.logic, payInApp: calls.payInApp.logic, queryPayResult: calls.queryPayResult.logic, prepareWechatPay: calls.prepareWechatPay.logic },
    actions: done.spies,
  });
  const actor = createActor(machine, { clock }).start();
  const view = () => payerView(actor);
  /** What the patient was told, in order. */
  const told = () => done.paramsOf('showOutcome').map((p) => (p as { message: string }).message);
  return { actor, calls, done, clock, view, told };
}
type Started = ReturnType<typeof startPayment>;

async function payInWeChat(started: Started, outcome: ClientOutcome) {
  started.view().pay(purchase, { payWay: 1, returnUrl });
  started.calls.getPayParams.resolve(inApp);
  await flush();
  started.calls.payInApp.resolve(outcome);
  await flush();
}

async function backFromH5(started: Started, said: 'paid' | 'notPaid') {
  started.view().resumeH5(purchase);
  if (said === 'paid') started.view().paid();
  else started.view().notPaid();
  await flush();
}

async function serverSays(started: Started, result: number) {
  started.calls.queryPayResult.resolve(result);
  await flush();
}

/** Over and ready for the next purchase: nothing under way, no question open, a new PAY is taken. */
function expectOverAndReady(started: Started) {
  expect(started.view()).toMatchObject({ isBusy: false, isAskingH5Result: false, isQueryFailed: false });
  const before = started.calls.getPayParams.inputs.length;
  started.view().pay(purchase, { payWay: 2, returnUrl });
  expect(started.calls.getPayParams.inputs).toHaveLength(before + 1);
}

describe('payment: what each call is asked', () => {
  it('WeChat pay gets exactly the parameters the server sent for it', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 1, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase, payWay: 1, returnUrl }]);
    started.calls.getPayParams.resolve(inApp);
    await flush();
    expect(started.calls.payInApp.inputs).toEqual([inApp.params]);
    expect(started.done.count('openH5Page')).toBe(0);
  });

  it("WeChat's pay parameters are kept for the one pay call only, whatever WeChat answers", async () => {
    for (const answer of ['ok', 'bridge gone'] as const) {
      const started = startPayment();
      const kept = () => started.actor.getSnapshot().context.payParams;
      started.view().pay(purchase, { payWay: 1, returnUrl });
      started.calls.getPayParams.resolve(inApp);
      await flush();
      expect(kept()).toEqual(inApp);
      if (answer === 'ok') started.calls.payInApp.resolve('ok');
      else started.calls.payInApp.reject(new Error(answer));
      await flush();
      expect(kept()).toBeNull();
    }
  });

  it('the server is asked about the purchase being paid, after WeChat answers', async () => {
    const started = startPayment();
    await payInWeChat(started, 'ok');
    expect(started.calls.queryPayResult.inputs).toEqual([purchase]);
  });

  it('the server is asked about the purchase the page came back for from the H5 page', async () => {
    const started = startPayment();
    const remembered: Purchase = { ...purchase, orderId: 'AI-REMEMBERED', checkRecordId: 9001 };
    started.view().pay(purchase, { payWay: 2, returnUrl });
    started.calls.getPayParams.resolve(h5);
    await flush();
    // The back button restored this very page; it resumes with the purchase it remembered.
    started.view().resumeH5(remembered);
    started.view().paid();
    await flush();
    expect(started.calls.queryPayResult.inputs).toEqual([remembered]);
  });

  it('a resumed H5 payment with no tap of pay asks the server about the remembered purchase', async () => {
    const started = startPayment();
    await backFromH5(started, 'paid');
    expect(started.calls.queryPayResult.inputs).toEqual([purchase]);
    expect(started.calls.getPayParams.inputs).toEqual([]);
  });
});

describe('payment: what the patient is told', () => {
  it('paid by the server: "payment succeeded", the list refreshed, the pending H5 payment forgotten', async () => {
    const started = startPayment();
    await backFromH5(started, 'paid');
    await serverSays(started, 1);
    expect(started.told()).toEqual(['succeeded']);
    expect(started.done.paramsOf('settled')).toEqual([{ outcome: 'succeeded', purchase, payResult: 1 }]);
    expect(started.done.count('forgetPendingPayment')).toBe(1);
    expect(started.done.count('logToAnalytics')).toBe(0);
    expectOverAndReady(started);
  });

  it('the patient said "not paid" and the server agrees: "cancelled", logged as a cancel with the purchase', async () => {
    const started = startPayment();
    await backFromH5(started, 'notPaid');
    await serverSays(started, 0);
    expect(started.told()).toEqual(['cancelled']);
    expect(started.done.paramsOf('logToAnalytics')).toEqual([{ outcome: 'cancel', purchase }]);
    expect(started.done.paramsOf('settled')).toEqual([{ outcome: 'cancelled', purchase, payResult: 0 }]);
    expectOverAndReady(started);
  });

  it('WeChat said cancel and the server agrees: "cancelled", logged as a cancel', async () => {
    const started = startPayment();
    await payInWeChat(started, 'cancel');
    await serverSays(started, 0);
    expect(started.told()).toEqual(['cancelled']);
    expect(started.done.paramsOf('logToAnalytics')).toEqual([{ outcome: 'cancel', purchase }]);
  });

  it.each(['fail', 'bridge gone'] as const)('WeChat pay failed (%s) and the server agrees: "failed", logged as a failure', async (how) => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 1, returnUrl });
    started.calls.getPayParams.resolve(inApp);
    await flush();
    if (how === 'fail') started.calls.payInApp.resolve('fail');
    else started.calls.payInApp.reject(new Error('bridge gone'));
    await flush();
    await serverSays(started, 0);
    expect(started.told()).toEqual(['failed']);
    expect(started.done.paramsOf('logToAnalytics')).toEqual([{ outcome: 'fail', purchase }]);
    expect(started.done.paramsOf('settled')).toEqual([{ outcome: 'failed', purchase, payResult: 0 }]);
    expectOverAndReady(started);
  });

  it('the pay parameters could not be had: the error page gets the error, nothing is told, no money moved', async () => {
    const started = startPayment();
    const offline = new Error('offline');
    started.view().pay(purchase, { payWay: 1, returnUrl });
    started.calls.getPayParams.reject(offline);
    await flush();
    expect(started.done.paramsOf('reportFailure')).toEqual([{ error: offline }]);
    expect(started.told()).toEqual([]);
    expect(started.calls.payInApp.inputs).toEqual([]);
    expect(started.calls.queryPayResult.inputs).toEqual([]);
    expect(started.done.count('settled')).toBe(0);
    expect(started.done.count('unsettled')).toBe(1);
    expectOverAndReady(started);
  });

  it('the H5 page is opened with its parameters and the purchase, and the payment waits for the patient to come back', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 2, returnUrl });
    started.calls.getPayParams.resolve(h5);
    await flush();
    expect(started.done.paramsOf('openH5Page')).toEqual([{ params: h5, purchase }]);
    expect(started.view()).toMatchObject({ isBusy: true, isAskingH5Result: false });
    started.view().pay(purchase, { payWay: 2, returnUrl });
    expect(started.calls.getPayParams.inputs).toHaveLength(1);
  });
});

/**
 * Every provider outcome against every answer of the payer (issue 24 §3): the message is the
 * server's. The provider's outcome reaches the app only through the pay result: 1 paid, -1
 * cancelled, -2 failed, 0 nothing heard (PAY_RESULT).
 */
/** Issue 24 §12: inside WeChat, never the H5 page; WeChat pay not ready is said, with "try again". */
describe('payment: inside WeChat before WeChat pay is ready', () => {
  it('waits for WeChat pay ("preparing WeChat pay"), asking nothing, then pays that order with WeChat pay by itself', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 'wechatNotReady', returnUrl });
    expect(started.calls.prepareWechatPay.inputs).toHaveLength(1);
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.view()).toMatchObject({ isBusy: true, isPreparingWechat: true, isWechatNotReady: false });
    // Another tap while it waits starts nothing.
    started.view().pay(purchase, { payWay: 'wechatNotReady', returnUrl });
    expect(started.calls.prepareWechatPay.inputs).toHaveLength(1);
    started.calls.prepareWechatPay.resolve(undefined);
    await flush();
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase, payWay: 1, returnUrl }]);
    expect(started.view()).toMatchObject({ isBusy: true, isPreparingWechat: false });
    started.calls.getPayParams.resolve(inApp);
    await flush();
    expect(started.calls.payInApp.inputs).toEqual([inApp.params]);
    expect(started.done.count('openH5Page')).toBe(0);
  });

  it('WeChat pay that cannot be made ready is said, with nothing asked, opened or told; "try again" configures again and then pays in WeChat', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 'wechatNotReady', returnUrl });
    started.calls.prepareWechatPay.reject(new Error('wx.config failed'));
    await flush();
    expect(started.view()).toMatchObject({ isBusy: false, isPreparingWechat: false, isWechatNotReady: true });
    expect(started.calls.getPayParams.inputs).toEqual([]);
    expect(started.done.count('openH5Page')).toBe(0);
    expect(started.told()).toEqual([]);
    expect(started.done.count('retryWechatSdk')).toBe(0);
    started.view().retryWechat();
    expect(started.done.count('retryWechatSdk')).toBe(1);
    expect(started.calls.prepareWechatPay.inputs).toHaveLength(2);
    expect(started.view()).toMatchObject({ isBusy: true, isPreparingWechat: true, isWechatNotReady: false });
    // A second "try again" while it runs does nothing more.
    started.view().retryWechat();
    expect(started.done.count('retryWechatSdk')).toBe(1);
    started.calls.prepareWechatPay.resolve(undefined);
    await flush();
    expect(started.calls.getPayParams.inputs).toEqual([{ purchase, payWay: 1, returnUrl }]);
    // "Try again" while the pay request is under way asks for no second one.
    started.view().retryWechat();
    expect(started.calls.getPayParams.inputs).toHaveLength(1);
    expect(started.done.count('retryWechatSdk')).toBe(1);
  });

  it('"not now" ends it with nothing paid: the parent hears it ended unanswered, and the next tap is taken', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 'wechatNotReady', returnUrl });
    started.calls.prepareWechatPay.reject(new Error('wx.config failed'));
    await flush();
    started.view().later();
    expect(started.done.count('unsettled')).toBe(1);
    expect(started.done.count('settled')).toBe(0);
    expect(started.told()).toEqual([]);
    expect(started.actor.getSnapshot().context.returnUrl).toBeNull();
    expect(started.view()).toMatchObject({ isBusy: false, isWechatNotReady: false });
    expectOverAndReady(started);
  });

  it('an order that is not to be paid is refused there too', () => {
    const started = startPayment();
    started.view().pay(alreadyPaid, { payWay: 'wechatNotReady', returnUrl });
    expect(started.calls.prepareWechatPay.inputs).toEqual([]);
    expect(started.view().isBusy).toBe(false);
  });

  it.each([
    ['H5 parameters for WeChat pay', 1, h5],
    ['WeChat pay parameters for the H5 page', 2, inApp],
  ] as const)('%s start nothing: the failure is shown, the screen is free again', async (_what, payWay, answer) => {
    const started = startPayment();
    started.view().pay(purchase, { payWay, returnUrl });
    started.calls.getPayParams.resolve(answer);
    await flush();
    expect(started.done.count('openH5Page')).toBe(0);
    expect(started.calls.payInApp.inputs).toEqual([]);
    const [reported] = started.done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe('payment: the pay parameters are for another pay way than the one asked');
    expect(started.done.count('unsettled')).toBe(1);
    expectOverAndReady(started);
  });

  it('an app that forgot to provide prepareWechatPay says WeChat pay is not ready, and pays nothing', async () => {
    const done = effects(EFFECTS);
    const actor = createActor(paymentMachine.provide({ actions: done.spies })).start();
    payerView(actor).pay(purchase, { payWay: 'wechatNotReady', returnUrl });
    await flush();
    expect(payerView(actor).isWechatNotReady).toBe(true);
    expect(done.count('reportFailure')).toBe(0);
  });
});

describe('payment: what the patient is told, for every provider outcome and every answer', () => {
  const PROVIDER = { paid: 1, failed: -2, cancelled: -1 } as const;
  const EXPECTED = { paid: 'succeeded', failed: 'failed', cancelled: 'cancelled' } as const;
  const h5Answers = ['paid', 'notPaid'] as const;
  const weChatAnswers = ['ok', 'cancel', 'fail'] as const;

  for (const provider of Object.keys(PROVIDER) as Array<keyof typeof PROVIDER>) {
    it.each(h5Answers)(`H5: the provider says ${provider}, the patient answers "%s": "${EXPECTED[provider]}", at once`, async (said) => {
      const started = startPayment();
      await backFromH5(started, said);
      await serverSays(started, PROVIDER[provider]);
      expect(started.told()).toEqual([EXPECTED[provider]]);
      expect(started.calls.queryPayResult.inputs).toHaveLength(1);
      expectOverAndReady(started);
    });
    it.each(weChatAnswers)(`in-app: the provider says ${provider}, WeChat answers "%s": "${EXPECTED[provider]}", at once`, async (said) => {
      const started = startPayment();
      await payInWeChat(started, said);
      await serverSays(started, PROVIDER[provider]);
      expect(started.told()).toEqual([EXPECTED[provider]]);
      expect(started.calls.queryPayResult.inputs).toHaveLength(1);
    });
  }

  it.each([
    ['H5 "not paid"', 'cancelled'],
    ['WeChat "cancel"', 'cancelled'],
    ['WeChat "fail"', 'failed'],
  ] as const)('no answer from the provider: %s is told as "%s"', async (said, told) => {
    const started = startPayment();
    if (said === 'H5 "not paid"') await backFromH5(started, 'notPaid');
    else await payInWeChat(started, said === 'WeChat "cancel"' ? 'cancel' : 'fail');
    await serverSays(started, 0);
    expect(started.told()).toEqual([told]);
  });
});

describe('payment: asking the server again', () => {
  it('while the payer says paid, the server is asked again 2 s after each "not yet", then "being confirmed"', async () => {
    const started = startPayment();
    await payInWeChat(started, 'ok');
    for (let asked = 1; asked < MAX_QUERIES; asked++) {
      await serverSays(started, 0);
      expect(started.view().isBusy).toBe(true);
      started.clock.increment(REQUERY_MS - 1);
      await flush();
      expect(started.calls.queryPayResult.inputs).toHaveLength(asked);
      started.clock.increment(1);
      await flush();
      expect(started.calls.queryPayResult.inputs).toHaveLength(asked + 1);
    }
    await serverSays(started, 0);
    expect(started.told()).toEqual(['unconfirmed']);
    // The screen shows what the server holds.
    expect(started.done.paramsOf('settled')).toEqual([{ outcome: 'unconfirmed', purchase, payResult: 0 }]);
    expect(started.done.count('forgetPendingPayment')).toBe(1);
    expect(started.done.count('logToAnalytics')).toBe(0);
    expect(started.calls.queryPayResult.inputs).toEqual(Array(MAX_QUERIES).fill(purchase));
    expectOverAndReady(started);
  });

  it('a server that says paid on a later ask ends it as "payment succeeded"', async () => {
    const started = startPayment();
    await payInWeChat(started, 'ok');
    await serverSays(started, 0);
    started.clock.increment(REQUERY_MS);
    await flush();
    await serverSays(started, 1);
    expect(started.told()).toEqual(['succeeded']);
    expect(started.done.count('settled')).toBe(1);
  });

  it('a query that failed concludes nothing; "check again" asks the server again', async () => {
    const started = startPayment();
    await backFromH5(started, 'paid');
    started.calls.queryPayResult.reject(new Error('offline'));
    await flush();
    expect(started.view()).toMatchObject({ isQueryFailed: true, isBusy: false });
    expect(started.told()).toEqual([]);
    started.view().queryAgain();
    expect(started.calls.queryPayResult.inputs).toEqual([purchase, purchase]);
    expect(started.view()).toMatchObject({ isQueryFailed: false, isBusy: true });
    await serverSays(started, 1);
    expect(started.told()).toEqual(['succeeded']);
  });

  it('"later" leaves a failed query: nothing told, the pending payment kept for the next visit', async () => {
    const started = startPayment();
    await backFromH5(started, 'paid');
    started.calls.queryPayResult.reject(new Error('offline'));
    await flush();
    started.view().later();
    expect(started.told()).toEqual([]);
    expect(started.done.count('forgetPendingPayment')).toBe(0);
    expect(started.done.count('settled')).toBe(0);
    expect(started.done.count('unsettled')).toBe(1);
    expectOverAndReady(started);
  });
});

describe('payment: the view', () => {
  it('is busy exactly while a payment is under way', async () => {
    const started = startPayment();
    const busy = () => started.view().isBusy;
    expect(busy()).toBe(false);
    started.view().pay(purchase, { payWay: 2, returnUrl });
    expect(busy()).toBe(true); // asking for the pay parameters
    started.calls.getPayParams.resolve(h5);
    await flush();
    expect(busy()).toBe(true); // gone to the H5 page
    started.view().resumeH5(purchase);
    expect(started.view()).toMatchObject({ isBusy: false, isAskingH5Result: true }); // "is payment complete?"
    started.view().paid();
    expect(busy()).toBe(true); // asking the server
    await serverSays(started, 0);
    expect(busy()).toBe(true); // waiting to ask again
    started.clock.increment(REQUERY_MS);
    await flush();
    expect(busy()).toBe(true);
  });

  it('is busy while WeChat pay is open', async () => {
    const started = startPayment();
    started.view().pay(purchase, { payWay: 1, returnUrl });
    started.calls.getPayParams.resolve(inApp);
    await flush();
    expect(started.calls.payInApp.pendingRuns).toBe(1);
    expect(started.view().isBusy).toBe(true);
  });

  it('offers pay only on an order to be paid, and refuses the tap on another', () => {
    const started = startPayment();
    expect(started.view().canPay(purchase)).toBe(true);
    expect(started.view().canPay(alreadyPaid)).toBe(false);
    started.view().pay(alreadyPaid, { payWay: 2, returnUrl });
    expect(started.calls.getPayParams.inputs).toEqual([]);
  });

  it('"paid" and "not paid" mean nothing unless the H5 question is open', () => {
    const started = startPayment();
    started.view().paid();
    started.view().notPaid();
    started.view().queryAgain();
    started.view().later();
    expect(started.calls.queryPayResult.inputs).toEqual([]);
    expect(started.view().isBusy).toBe(false);
  });
});

describe('payment: an app that forgot to provide a call', () => {
  it('getPayParams: the error page names the missing call, and nothing is paid', async () => {
    const done = effects(EFFECTS);
    const actor = createActor(paymentMachine.provide({ actions: done.spies })).start();
    payerView(actor).pay(purchase, { payWay: 2, returnUrl });
    await flush();
    const [reported] = done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe('payment: no getPayParams');
    expect(done.count('openH5Page')).toBe(0);
  });

  it('queryPayResult: nothing is concluded, the patient is asked to check again', async () => {
    const done = effects(EFFECTS);
    const actor = createActor(paymentMachine.provide({ actions: done.spies })).start();
    const view = () => payerView(actor);
    view().resumeH5(purchase);
    view().notPaid();
    await flush();
    expect(view().isQueryFailed).toBe(true);
    expect(done.count('showOutcome')).toBe(0);
  });
});

describe('payment: what the server sends, as the chart carries it', () => {
  it('WeChat pay parameters keep every field WeChat needs, the time stamp as text', () => {
    const sent = { appId: 'wx1', timeStamp: 1_700_000_000, nonceStr: 'n', package: 'prepay_id=wx1', signType: 'RSA', paySign: 's' };
    expect(inAppPayParamsSchema.parse(sent)).toEqual({ ...sent, timeStamp: '1700000000' });
    expect(inAppPayParamsSchema.parse({ ...sent, timeStamp: '1700000000' }).timeStamp).toBe('1700000000');
    expect(() => inAppPayParamsSchema.parse({ ...sent, timeStamp: null })).toThrow();
    expect(() => inAppPayParamsSchema.parse({ ...sent, paySign: undefined })).toThrow();
  });

  it('H5 pay parameters keep the page address and the record number, and refuse an address that is not one', () => {
    const sent = { h5_url: 'https://pay.example.org/h5/R1', record_no: 'R1' };
    expect(h5PayParamsSchema.parse(sent)).toEqual(sent);
    expect(() => h5PayParamsSchema.parse({ ...sent, h5_url: 'not an address' })).toThrow();
    expect(() => h5PayParamsSchema.parse({ h5_url: sent.h5_url })).toThrow();
  });

  it('a purchase is an AI order or a storage order, with whole-number ids and status', () => {
    expect(purchaseSchema.parse(purchase)).toEqual(purchase);
    expect(purchaseSchema.parse({ ...purchase, kind: 'storageOrder' }).kind).toBe('storageOrder');
    expect(() => purchaseSchema.parse({ ...purchase, kind: 'gift' })).toThrow();
    expect(() => purchaseSchema.parse({ ...purchase, checkRecordId: 1.5 })).toThrow();
    expect(() => purchaseSchema.parse({ ...purchase, status: '2' })).toThrow();
  });
});
