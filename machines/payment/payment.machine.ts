import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import {
  isPayable,
  MAX_QUERIES,
  PAY_RESULT,
  PAY_WAY,
  WECHAT_NOT_READY,
  type ClientOutcome,
  type InAppPayParams,
  type PaymentContext,
  type PaymentEvent,
  type PaymentMessage,
  type PayParams,
  type PayRequest,
  type PayTap,
  type PayWay,
  type Purchase,
  type Settlement,
} from './payment.types';

const need = <T>(value: T | null, what: string) => present(value, what, 'payment');

const fresh = { clientOutcome: null, queries: 0, payParams: null } as const;

/** The way the server will be asked for: inside WeChat before the SDK is ready, WeChat pay once it is. */
const wayToAsk = (tap: PayTap): PayWay => (tap.payWay === WECHAT_NOT_READY ? PAY_WAY.inApp : tap.payWay);

/** Not paid: the remembered payment forgotten, the patient told, analytics told, the parent told. */
const notPaid = (message: 'cancelled' | 'failed') =>
  [
    'forgetPendingPayment',
    { type: 'showOutcome', params: { message } },
    { type: 'logToAnalytics', params: ({ context }: { context: PaymentContext }) => ({ outcome: message === 'cancelled' ? ('cancel' as const) : ('fail' as const), purchase: context.purchase }) },
    settle(message),
  ] as const;

/** The `settled` effect of an answered query: the outcome told, for the order paid, on the server's pay result. */
const settle = (outcome: PaymentMessage) =>
  ({
    type: 'settled',
    params: ({ context, event }: { context: PaymentContext; event: { output: number } }): Settlement => ({ outcome, purchase: need(context.purchase, 'purchase'), payResult: event.output }),
  }) as const;

/**
 * The payment chart, the same for every kind of order. The app provides the calls
 * (`getPayParams`, `payInApp`, `queryPayResult`; `prepareWechatPay`, settled when WeChat's JS-SDK
 * is ready or has failed, and `retryWechatSdk`, which configures it again), the H5 hand-over
 * (`openH5Page`, which also remembers the purchase for the page load that comes back), and the
 * effects: the outcome message and analytics. It always runs as the purchase chart's child: `settled` tells it the
 * server's answer, `unsettled` that the payment ended with none; the parent decides what follows.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: {
    getPayParams: fromPromise<PayParams, PayRequest>(() => Promise.reject(new Error('payment: no getPayParams'))),
    payInApp: fromPromise<ClientOutcome, InAppPayParams>(() => Promise.reject(new Error('payment: no payInApp'))),
    queryPayResult: fromPromise<number, Purchase>(() => Promise.reject(new Error('payment: no queryPayResult'))),
    /** Settles when WeChat pay can start (the JS-SDK is ready); fails when the SDK could not be configured. */
    prepareWechatPay: fromPromise<void>(() => Promise.reject(new Error('payment: no prepareWechatPay'))),
  },
  actions: {
    /** Configure WeChat's JS-SDK again, after it failed. */
    retryWechatSdk: () => {},
    openH5Page: (_, _params: { params: PayParams; purchase: Purchase }) => {},
    forgetPendingPayment: () => {},
    showOutcome: (_, _params: { message: PaymentMessage }) => {},
    /** The server answered how the payment ended (its pay result, and what the patient is told). */
    settled: (_, _params: Settlement) => {},
    /** The payment ended with no answer from the server: no pay parameters, or "later" after a failed query. */
    unsettled: () => {},
    /** Cancelled and failed payments are logged to analytics (spec section 8). */
    logToAnalytics: (_, _params: { outcome: 'cancel' | 'fail'; purchase: Purchase | null }) => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isPayable: (_, purchase: Purchase) => isPayable(purchase),
    /** A payable tap inside WeChat before its JS-SDK is ready. */
    payableOnceWechatIsReady: (_, tap: PayTap) => isPayable(tap.purchase) && tap.payWay === WECHAT_NOT_READY,
    answersAnotherWay: ({ context }, params: PayParams) => params.way !== context.payWay,
    isInApp: (_, params: PayParams) => params.way === PAY_WAY.inApp,
    serverSaysPaid: (_, result: number) => result > 0,
    serverSaysCancelled: (_, result: number) => result === PAY_RESULT.cancelled,
    serverSaysFailed: (_, result: number) => result === PAY_RESULT.failed,
    payerSaidOkAndMayAskAgain: ({ context }) => context.clientOutcome === 'ok' && context.queries < MAX_QUERIES - 1,
    payerSaidOk: ({ context }) => context.clientOutcome === 'ok',
    payerCancelled: ({ context }) => context.clientOutcome === 'cancel',
  },
  delays: {
    /** The server may hear of a payment a moment after the payer says it is done. */
    requeryDelay: 2_000,
  },
}).createMachine({
  id: 'payment',
  context: { purchase: null, payWay: null, returnUrl: null, ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PAY: [
          {
            guard: { type: 'payableOnceWechatIsReady', params: ({ event }) => event },
            target: 'preparingWechat',
            actions: assign(({ event }) => ({ purchase: event.purchase, payWay: wayToAsk(event), returnUrl: event.returnUrl, ...fresh })),
          },
          {
            guard: { type: 'isPayable', params: ({ event }) => event.purchase },
            target: 'requestingParams',
            actions: assign(({ event }) => ({ purchase: event.purchase, payWay: wayToAsk(event), returnUrl: event.returnUrl, ...fresh })),
          },
        ],
        RESUME_H5: {
          target: 'askingH5Result',
          actions: assign(({ event }) => ({ purchase: event.purchase, payWay: PAY_WAY.h5, returnUrl: null, ...fresh })),
        },
      },
    },
    preparingWechat: {
      tags: ['busy'],
      description:
        'Inside WeChat before its JS-SDK is ready: WeChat pay waits for it ("preparing WeChat pay"), then the server is asked for WeChat pay (pay way 1); never the H5 page, which WeChat cannot pay on.',
      invoke: {
        id: 'prepareWechatPay',
        src: 'prepareWechatPay',
        onDone: 'requestingParams',
        onError: 'wechatNotReady',
      },
    },
    wechatNotReady: {
      description: 'WeChat pay could not be made ready: nothing was asked of the server and no money moved; "try again" configures the JS-SDK anew, "not now" leaves.',
      on: {
        RETRY_WECHAT: { target: 'preparingWechat', actions: 'retryWechatSdk' },
        DISMISS: {
          target: 'idle',
          description: 'Not now: no payment started; the order stays as the server holds it.',
          actions: [assign({ returnUrl: null }), 'unsettled'],
        },
      },
    },
    requestingParams: {
      tags: ['busy'],
      // The return address is for the pay call only.
      exit: assign({ returnUrl: null }),
      invoke: {
        id: 'getPayParams',
        src: 'getPayParams',
        input: ({ context }) => ({
          purchase: need(context.purchase, 'purchase'),
          payWay: need(context.payWay, 'pay way'),
          returnUrl: need(context.returnUrl, 'return address'),
        }),
        onDone: [
          {
            guard: { type: 'answersAnotherWay', params: ({ event }) => event.output },
            target: 'idle',
            description: 'The server answered for another pay way than the one asked (H5 parameters inside WeChat): refused as a malformed answer; no money moved.',
            actions: [{ type: 'reportFailure', params: { error: new Error('payment: the pay parameters are for another pay way than the one asked') } }, 'unsettled'],
          },
          {
            guard: { type: 'isInApp', params: ({ event }) => event.output },
            target: 'payingInApp',
            actions: assign({ payParams: ({ event }) => event.output }),
          },
          {
            target: 'awaitingH5',
            description: 'Handed to the H5 pay page; the payment is remembered and resumes when the patient comes back.',
            actions: {
              type: 'openH5Page',
              params: ({ context, event }) => ({ params: event.output, purchase: need(context.purchase, 'purchase') }),
            },
          },
        ],
        onError: {
          target: 'idle',
          description: 'No payment: the pay parameters could not be had; no money moved.',
          actions: [{ type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }, 'unsettled'],
        },
      },
    },
    payingInApp: {
      tags: ['busy'],
      // WeChat's parameters are for this one call only.
      exit: assign({ payParams: null }),
      invoke: {
        id: 'payInApp',
        src: 'payInApp',
        input: ({ context }) => {
          const params = need(context.payParams, 'pay parameters');
          if (params.way !== PAY_WAY.inApp) throw new Error('payment: in-app pay without in-app parameters');
          return params.params;
        },
        onDone: { target: 'querying', actions: assign({ clientOutcome: ({ event }) => event.output }) },
        onError: { target: 'querying', actions: assign({ clientOutcome: 'fail' }) },
      },
    },
    /** The page is leaving for the H5 pay page; the page load that comes back resumes. */
    awaitingH5: {
      tags: ['busy'],
      // The back button from the H5 page can restore this very page (back-forward cache).
      on: { RESUME_H5: { target: 'askingH5Result', actions: assign({ purchase: ({ event }) => event.purchase }) } },
    },
    askingH5Result: {
      on: {
        H5_PAID: { target: 'querying', actions: assign({ clientOutcome: 'ok' }) },
        H5_NOT_PAID: { target: 'querying', actions: assign({ clientOutcome: 'cancel' }) },
      },
    },
    querying: {
      tags: ['busy'],
      invoke: {
        id: 'queryPayResult',
        src: 'queryPayResult',
        input: ({ context }) => need(context.purchase, 'purchase'),
        onDone: [
          {
            guard: { type: 'serverSaysPaid', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Paid: the server says so (pay result above 0); the purchase chart hears it settled.',
            actions: [
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'succeeded' } },
              settle('succeeded'),
            ],
          },
          {
            guard: { type: 'serverSaysCancelled', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Not paid: the server heard from the provider that the payer cancelled, whatever the payer said here; logged to analytics.',
            actions: notPaid('cancelled'),
          },
          {
            guard: { type: 'serverSaysFailed', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Not paid: the server heard from the provider that the payment failed, whatever the payer said here; logged to analytics.',
            actions: notPaid('failed'),
          },
          {
            guard: 'payerSaidOkAndMayAskAgain',
            target: 'waitingToQuery',
            actions: assign({ queries: ({ context }) => context.queries + 1 }),
          },
          {
            guard: 'payerSaidOk',
            target: 'idle',
            description: 'Being confirmed: the payer said paid, the server has not confirmed it yet; the purchase chart hears it settled as such.',
            actions: [
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'unconfirmed' } },
              settle('unconfirmed'),
            ],
          },
          {
            guard: 'payerCancelled',
            target: 'idle',
            description: 'Not paid: the payer cancelled (or said "not paid") and the server heard nothing else; logged to analytics.',
            actions: notPaid('cancelled'),
          },
          {
            target: 'idle',
            description: 'Not paid: WeChat said the payment failed and the server heard nothing else; logged to analytics.',
            actions: notPaid('failed'),
          },
        ],
        onError: { target: 'queryFailed' },
      },
    },
    waitingToQuery: {
      tags: ['busy'],
      after: { requeryDelay: 'querying' },
    },
    /**
     * The server could not be asked: nothing is concluded. Dismissed, the payment stays
     * remembered, so the next visit asks again.
     */
    queryFailed: {
      on: {
        QUERY_AGAIN: 'querying',
        DISMISS: { target: 'idle', actions: 'unsettled', description: 'Unknown for now: the server could not be asked; the order list shows what the server holds, and an H5 payment stays remembered and is asked about on the next visit.' },
      },
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
