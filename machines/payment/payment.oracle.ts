import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern, Trace } from '../oracle';
import { connectPayment } from './payment.connect';
import type { PaymentMachine } from './payment.machine';

const MONEY = 'decisions.md, Money and orders';
const PAY = 'spec §4, transitions from to-be-paid';
const CATALOGUE = 'spec §8, error catalogue';

const IN_WECHAT = 'issue 24 §12: inside WeChat payment never falls back to the H5 page (WeChat cannot start H5 pay); if the JS-SDK is not ready, say so and offer to retry';

const outcome = (message: string) => ({ effect: 'showOutcome', with: { message } });
const serverSaysPaid = { input: 'answer:queryPayResult', with: { output: { above: 0 } } };
/** The answer to the pay parameters request is for the pay way asked. */
const answerFor = (way: 1 | 2): Pattern => ({ all: [{ input: 'answer:getPayParams', with: { output: { way } } }, { answered: 'getPayParams', with: { payWay: way } }] });
/** The answer to the pay parameters request is for another pay way than the one asked. */
const answerAgainst = (asked: 1 | 2, got: 1 | 2): Pattern => ({ all: [{ input: 'answer:getPayParams', with: { output: { way: got } } }, { answered: 'getPayParams', with: { payWay: asked } }] });
const noDialog = { isBusy: false, isAskingH5Result: false, isQueryFailed: false, isWechatNotReady: false };

/** The latest pay tap the chart took (one that asked for pay parameters or for WeChat pay to be ready), as the onlooker saw it. */
function takenTap(trace: Trace) {
  const tap = trace.findLast((step) => step.input.type === 'PAY' && step.calls.some((call) => call.name === 'getPayParams' || call.name === 'prepareWechatPay'));
  return { tap: tap ? { purchase: tap.input.purchase, payWay: tap.input.payWay, returnUrl: tap.input.returnUrl } : null };
}

/**
 * What paying must do, from the specification and decisions.md. The calls and effects are the
 * chart's contract with the app (`getPayParams`, `payInApp`, `queryPayResult`; `showOutcome`, ...).
 */
export const paymentOracle: Oracle<SnapshotFrom<PaymentMachine>> = {
  chart: 'payment',
  view: (snapshot) => {
    const { isBusy, isAskingH5Result, isQueryFailed, isPreparingWechat, isWechatNotReady } = connectPayment(snapshot, () => {});
    return { isBusy, isAskingH5Result, isQueryFailed, isPreparingWechat, isWechatNotReady };
  },
  derive: takenTap,
  promises: [
    {
      id: 'paid-only-from-server',
      says: '"Payment succeeded" shows only when the server\'s pay result is above 0.',
      source: MONEY,
      rule: { kind: 'always', if: outcome('succeeded'), then: serverSaysPaid },
    },
    {
      id: 'server-paid-is-told',
      says: 'When the server\'s pay result is above 0, the patient is told "payment succeeded", and the purchase chart hears it settled as paid.',
      source: PAY,
      rule: { kind: 'always', if: serverSaysPaid, then: { all: [outcome('succeeded'), { effect: 'settled', with: { outcome: 'succeeded' } }] } },
    },
    {
      id: 'server-cancelled-is-cancelled',
      says: 'When the server heard from the provider that the payer cancelled (pay result -1), the patient is told "you cancelled the payment", whatever was said here: never "being confirmed".',
      source: 'issue 24 §3: a cancelled payment the server knows about is not "being confirmed"; ' + MONEY,
      rule: { kind: 'always', if: { input: 'answer:queryPayResult', with: { output: -1 } }, then: outcome('cancelled') },
    },
    {
      id: 'server-failed-is-failed',
      says: 'When the server heard from the provider that the payment failed (pay result -2), the patient is told "payment failed", whatever was said here: never "you cancelled".',
      source: 'issue 24 §3: a failed payment is never called "you cancelled"; ' + MONEY,
      rule: { kind: 'always', if: { input: 'answer:queryPayResult', with: { output: -2 } }, then: outcome('failed') },
    },
    {
      id: 'settled-as-told',
      says: 'Every ending the patient is told is settled with the same words, the order paid and the server\'s pay result, for the parent to decide what to load again.',
      source: 'issue 23 §1: the payment chart\'s outcome event says what happened, with the server\'s answer',
      rule: {
        kind: 'always',
        if: { effect: 'showOutcome' },
        then: { all: [{ input: 'answer:queryPayResult' }, { effect: 'settled', with: { payResult: { sameAs: 'input.output' }, purchase: { present: true } } }] },
      },
    },
    {
      id: 'settled-only-on-an-answer',
      says: 'A payment is settled only on the server\'s answer, once.',
      source: MONEY,
      rule: { kind: 'needs', what: { effect: 'settled' }, each: { input: 'answer:queryPayResult' } },
    },
    {
      id: 'h5-return-asks-the-question',
      says: 'Back from the H5 pay page with nothing else under way, the patient is asked "is payment complete?".',
      source: 'spec §5, H5 pay',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RESUME_H5' }, { saw: noDialog }] },
        then: { sees: { isAskingH5Result: true } },
      },
    },
    {
      id: 'h5-question-once-per-return',
      says: 'The "is payment complete?" question opens at most once per return from the H5 page.',
      source: 'spec §5, H5 pay',
      rule: { kind: 'atMost', what: { all: [{ sees: { isAskingH5Result: true } }, { not: { saw: { isAskingH5Result: true } } }] }, times: 1, per: { input: 'RESUME_H5' } },
    },
    {
      id: 'ends-with-server-answer',
      says: 'A payment ends only with the server\'s pay-result answer: no outcome is shown before it, whatever WeChat or the patient said.',
      source: MONEY,
      rule: { kind: 'always', if: { effect: 'showOutcome' }, then: { input: 'answer:queryPayResult' } },
    },
    {
      id: 'wechat-answer-asks-server',
      says: 'Whatever WeChat pay answers (ok, cancel, fail, or no answer at all), the app asks the server for the pay result next.',
      source: MONEY,
      rule: { kind: 'always', if: { input: ['answer:payInApp', 'failure:payInApp'] }, then: { call: 'queryPayResult' } },
    },
    {
      id: 'h5-answer-asks-server',
      says: 'Whatever the patient answers to "is payment complete?" after the H5 pay page ("paid" or "not paid"), the app asks the server for the pay result.',
      source: 'spec §5, H5 pay; ' + MONEY,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['H5_PAID', 'H5_NOT_PAID'] }, { saw: { isAskingH5Result: true } }] },
        then: { call: 'queryPayResult' },
      },
    },
    {
      id: 'no-second-start',
      says: 'A pay tap while a payment is under way asks the server nothing.',
      source: MONEY,
      rule: { kind: 'always', if: { all: [{ input: 'PAY' }, { saw: { isBusy: true } }] }, then: { not: { call: 'getPayParams' } } },
    },
    {
      id: 'pay-request-needs-tap',
      says: 'Every pay request to the server comes from a pay tap of its own.',
      source: MONEY,
      rule: { kind: 'needs', what: { call: 'getPayParams' }, each: { input: 'PAY' } },
    },
    {
      id: 'only-to-be-paid',
      says: 'Only an order to be paid (status 2) is paid: the pay request carries exactly the tapped order, pay way and return address (WeChat pay, pay way 1, for a tap that waited for it).',
      source: PAY,
      rule: {
        kind: 'always',
        if: { call: 'getPayParams' },
        then: {
          any: [
            {
              all: [
                { input: 'PAY', with: { purchase: { status: 2 } } },
                { call: 'getPayParams', with: { purchase: { sameAs: 'input.purchase' }, payWay: { sameAs: 'input.payWay' }, returnUrl: { sameAs: 'input.returnUrl' } } },
              ],
            },
            {
              all: [
                { input: 'answer:prepareWechatPay' },
                { saw: { tap: { payWay: 'wechatNotReady', purchase: { status: 2 } } } },
                { call: 'getPayParams', with: { purchase: { sameAs: 'saw.tap.purchase' }, payWay: 1, returnUrl: { sameAs: 'saw.tap.returnUrl' } } },
              ],
            },
          ],
        },
      },
    },
    {
      id: 'wechat-gets-server-params',
      says: 'With pay way 1, WeChat pay is called with the server\'s pay parameters as they are.',
      source: 'spec §3, in-app pay response',
      rule: { kind: 'always', if: answerFor(1), then: { call: 'payInApp', with: { sameAs: 'input.output.params' } } },
    },
    {
      id: 'h5-page-gets-server-params',
      says: 'With pay way 2, the H5 pay page opens with the server\'s parameters, and the order is remembered for the way back.',
      source: 'spec §3, H5 pay response',
      rule: {
        kind: 'always',
        if: answerFor(2),
        then: { effect: 'openH5Page', with: { params: { sameAs: 'input.output' }, purchase: { present: true } } },
      },
    },
    {
      id: 'in-wechat-never-h5',
      says: 'The H5 pay page opens only for a tap outside WeChat (pay way 2): never for WeChat pay, nor for a tap made inside WeChat before WeChat pay was ready.',
      source: IN_WECHAT,
      rule: { kind: 'always', if: { effect: 'openH5Page' }, then: { all: [{ saw: { tap: { payWay: 2 } } }, { answered: 'getPayParams', with: { payWay: 2 } }] } },
    },
    {
      id: 'answer-for-another-way-starts-nothing',
      says: 'Pay parameters for another pay way than the one asked (H5 parameters for WeChat pay, or the reverse) start no payment: the failure is shown and the screen is free again.',
      source: `${IN_WECHAT}; decisions.md, a malformed response is an error the user is told about`,
      rule: {
        kind: 'always',
        if: { any: [answerAgainst(1, 2), answerAgainst(2, 1)] },
        then: { all: [{ not: { effect: 'openH5Page' } }, { not: { call: 'payInApp' } }, { effect: 'reportFailure' }, { effect: 'unsettled' }, { sees: { isBusy: false } }] },
      },
    },
    {
      id: 'not-ready-waits-for-wechat',
      says: 'A tap inside WeChat before WeChat pay is ready asks the server for nothing and opens no page: the patient sees "preparing WeChat pay" while it waits.',
      source: IN_WECHAT,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PAY', with: { payWay: 'wechatNotReady', purchase: { status: 2 } } }, { saw: noDialog }] },
        then: { all: [{ call: 'prepareWechatPay' }, { not: { call: 'getPayParams' } }, { not: { effect: 'openH5Page' } }, { sees: { isPreparingWechat: true, isBusy: true } }] },
      },
    },
    {
      id: 'wechat-ready-pays-in-wechat',
      says: 'Once WeChat pay is ready, the waiting tap goes on by itself, with WeChat pay (pay way 1).',
      source: IN_WECHAT,
      rule: { kind: 'always', if: { input: 'answer:prepareWechatPay' }, then: { call: 'getPayParams', with: { payWay: 1 } } },
    },
    {
      id: 'not-ready-is-said',
      says: 'When WeChat pay cannot be made ready, the patient is told so, with "try again": nothing is asked of the server, no page opens, no outcome is claimed.',
      source: IN_WECHAT,
      rule: {
        kind: 'always',
        if: { input: 'failure:prepareWechatPay' },
        then: { all: [{ sees: { isWechatNotReady: true, isBusy: false } }, { not: { call: 'getPayParams' } }, { not: { effect: 'openH5Page' } }, { not: { effect: 'showOutcome' } }] },
      },
    },
    {
      id: 'try-again-configures-again',
      says: '"Try again" configures WeChat\'s JS-SDK anew and waits for it ("preparing WeChat pay"), asking the server nothing until it is ready.',
      source: IN_WECHAT,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY_WECHAT' }, { saw: { isWechatNotReady: true } }] },
        then: { all: [{ effect: 'retryWechatSdk' }, { call: 'prepareWechatPay' }, { not: { call: 'getPayParams' } }, { sees: { isPreparingWechat: true } }] },
      },
    },
    {
      id: 'configures-again-only-on-try-again',
      says: 'WeChat\'s JS-SDK is configured anew only on the patient\'s "try again" when WeChat pay was not ready, never while a payment is under way.',
      source: IN_WECHAT,
      rule: { kind: 'always', if: { effect: 'retryWechatSdk' }, then: { all: [{ input: 'RETRY_WECHAT' }, { saw: { isWechatNotReady: true } }] } },
    },
    {
      id: 'try-again-never-pays-twice',
      says: 'A "try again" while a payment is under way asks for no second payment.',
      source: `${IN_WECHAT}; ${MONEY}: a pay action cannot be started twice for the same order`,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY_WECHAT' }, { saw: { isBusy: true } }] }, then: { all: [{ not: { call: 'getPayParams' } }, { not: { call: 'payInApp' } }] } },
    },
    {
      id: 'not-now-moves-no-money',
      says: '"Not now" when WeChat pay is not ready ends the payment with nothing asked and nothing paid: the screen is free again.',
      source: `${IN_WECHAT}; ${MONEY}`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'DISMISS' }, { saw: { isWechatNotReady: true } }] },
        then: { all: [{ effect: 'unsettled' }, { not: { call: 'getPayParams' } }, { not: { effect: 'showOutcome' } }, { sees: noDialog }] },
      },
    },
    {
      id: 'params-failure-moves-no-money',
      says: 'When the pay parameters cannot be had, the failure is shown and no payment starts.',
      source: CATALOGUE,
      rule: {
        kind: 'always',
        if: { input: 'failure:getPayParams' },
        then: { all: [{ effect: 'reportFailure' }, { not: { call: 'payInApp' } }, { not: { effect: 'openH5Page' } }, { sees: { isBusy: false } }] },
      },
    },
    {
      id: 'cancelled-is-logged',
      says: '"You cancelled the payment" is logged to analytics as a cancel.',
      source: CATALOGUE,
      rule: { kind: 'always', if: outcome('cancelled'), then: { effect: 'logToAnalytics', with: { outcome: 'cancel' } } },
    },
    {
      id: 'failed-is-logged',
      says: '"Payment failed" is logged to analytics as a failure.',
      source: CATALOGUE,
      rule: { kind: 'always', if: outcome('failed'), then: { effect: 'logToAnalytics', with: { outcome: 'fail' } } },
    },
    {
      id: 'only-unpaid-is-logged',
      says: 'Only cancelled and failed payments are logged to analytics.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { effect: 'logToAnalytics' }, then: { any: [outcome('cancelled'), outcome('failed')] } },
    },
    {
      id: 'not-paid-only-when-server-says-zero',
      says: '"Cancelled", "failed" and "being confirmed" show only when the server\'s pay result is 0.',
      source: MONEY,
      rule: {
        kind: 'always',
        if: { any: [outcome('cancelled'), outcome('failed'), outcome('unconfirmed')] },
        then: { input: 'answer:queryPayResult', with: { output: { not: { above: 0 } } } },
      },
    },
    {
      id: 'server-unreachable-concludes-nothing',
      says: 'When the server cannot be asked, nothing is concluded: no outcome, and the patient can check again or come back later.',
      source: MONEY,
      rule: {
        kind: 'always',
        if: { input: 'failure:queryPayResult' },
        then: { all: [{ not: { effect: 'showOutcome' } }, { sees: { isQueryFailed: true } }] },
      },
    },
    {
      id: 'remembered-until-outcome',
      says: 'A remembered H5 payment is forgotten when, and only when, the patient is told its outcome.',
      source: MONEY,
      rule: {
        kind: 'always',
        if: { any: [{ effect: 'forgetPendingPayment' }, { effect: 'showOutcome' }] },
        then: { all: [{ effect: 'forgetPendingPayment' }, { effect: 'showOutcome' }] },
      },
    },
    {
      id: 'asks-again-after-2s',
      says: 'When the payer said paid and the server has not heard of it yet, the app asks again 2 s later.',
      source: 'this project (docs/testing.md): the server may hear of a payment a moment after the payer',
      rule: { kind: 'timing', what: { call: 'queryPayResult' }, when: [{ since: { input: 'answer:queryPayResult' }, ms: 2_000 }] },
    },
    {
      id: 'at-most-three-answers',
      says: 'The server is asked at most three times per payment before the patient is told it is being confirmed.',
      source: 'this project (docs/testing.md)',
      rule: { kind: 'atMost', what: { input: 'answer:queryPayResult' }, times: 3, per: { input: ['PAY', 'RESUME_H5'] } },
    },
  ],
};
