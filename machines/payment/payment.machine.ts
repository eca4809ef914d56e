import { assign, fromPromise, setup } from 'xstate';
import {
  MAX_QUERIES,
  type ClientOutcome,
  type PaymentContext,
  type PaymentEvent,
  type PaymentIntent,
  type PayParams,
  type PayWay,
} from './payment.types';

const output = <T>(event: unknown) => (event as { output: T }).output;

/**
 * The payment chart. The app provides the calls (`getPayParams`, `payInApp`, `queryPayResult`),
 * the H5 hand-over (`openH5Page`, which also remembers the payment for the page load that comes
 * back), and the effects: the outcome message, the list refresh, analytics and the audit trail.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: {
    getPayParams: fromPromise<PayParams, { intent: PaymentIntent; payWay: PayWay }>(() => Promise.reject(new Error('payment: no getPayParams'))),
    payInApp: fromPromise<ClientOutcome, PayParams>(() => Promise.reject(new Error('payment: no payInApp'))),
    queryPayResult: fromPromise<number, PaymentIntent>(() => Promise.reject(new Error('payment: no queryPayResult'))),
  },
  actions: {
    openH5Page: (_, _params: { params: PayParams; intent: PaymentIntent }) => {},
    forgetPendingPayment: () => {},
    showOutcome: (_, _params: { message: 'succeeded' | 'cancelled' | 'failed' | 'unconfirmed' }) => {},
    refreshList: () => {},
    /** Cancelled and failed payments are logged to analytics (spec section 8). */
    logToAnalytics: (_, _params: { outcome: 'cancel' | 'fail'; intent: PaymentIntent | null }) => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isInApp: ({ event }) => output<PayParams>(event).way === 1,
    serverSaysPaid: ({ event }) => output<number>(event) > 0,
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
  context: { intent: null, payWay: null, clientOutcome: null, queries: 0, serverResult: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        PAY: {
          target: 'requestingParams',
          actions: assign({ intent: ({ event }) => event.intent, payWay: ({ event }) => event.payWay, clientOutcome: null, queries: 0, serverResult: null }),
        },
        RESUME_H5: {
          target: 'askingH5Result',
          actions: assign({ intent: ({ event }) => event.intent, payWay: 2, clientOutcome: null, queries: 0, serverResult: null }),
        },
      },
    },
    requestingParams: {
      tags: ['busy'],
      invoke: {
        id: 'getPayParams',
        src: 'getPayParams',
        input: ({ context }) => ({ intent: context.intent!, payWay: context.payWay ?? 2 }),
        onDone: [
          { guard: 'isInApp', target: 'payingInApp' },
          {
            target: 'awaitingH5',
            description: 'Handed to the H5 pay page; the payment is remembered and resumes when the patient comes back.',
            actions: { type: 'openH5Page', params: ({ context, event }) => ({ params: event.output, intent: context.intent! }) },
          },
        ],
        onError: {
          target: 'idle',
          description: 'No payment: the pay parameters could not be had; no money moved.',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    payingInApp: {
      tags: ['busy'],
      invoke: {
        id: 'payInApp',
        src: 'payInApp',
        input: ({ event }) => output<PayParams>(event),
        onDone: { target: 'querying', actions: assign({ clientOutcome: ({ event }) => event.output }) },
        onError: { target: 'querying', actions: assign({ clientOutcome: 'fail' }) },
      },
    },
    /** The page is leaving for the H5 pay page; the page load that comes back resumes. */
    awaitingH5: {
      tags: ['busy'],
      // The back button from the H5 page can restore this very page (back-forward cache).
      on: { RESUME_H5: { target: 'askingH5Result', actions: assign({ intent: ({ event }) => event.intent }) } },
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
        input: ({ context }) => context.intent!,
        onDone: [
          {
            guard: 'serverSaysPaid',
            target: 'idle',
            description: 'Paid: the server says so (pay result above 0); the list is refreshed.',
            actions: [
              assign({ serverResult: ({ event }) => event.output }),
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'succeeded' } },
              'refreshList',
            ],
          },
          {
            guard: 'payerSaidOkAndMayAskAgain',
            target: 'waitingToQuery',
            actions: assign({ serverResult: ({ event }) => event.output, queries: ({ context }) => context.queries + 1 }),
          },
          {
            guard: 'payerSaidOk',
            target: 'idle',
            description: 'Being confirmed: the payer said paid, the server has not confirmed it yet; the list shows what the server holds.',
            actions: [
              assign({ serverResult: ({ event }) => event.output }),
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'unconfirmed' } },
              'refreshList',
            ],
          },
          {
            guard: 'payerCancelled',
            target: 'idle',
            description: 'Not paid: the payer cancelled and the server confirms nothing was paid; logged to analytics.',
            actions: [
              assign({ serverResult: ({ event }) => event.output }),
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'cancelled' } },
              { type: 'logToAnalytics', params: ({ context }) => ({ outcome: 'cancel' as const, intent: context.intent }) },
            ],
          },
          {
            target: 'idle',
            description: 'Not paid: the payment failed and the server confirms nothing was paid; logged to analytics.',
            actions: [
              assign({ serverResult: ({ event }) => event.output }),
              'forgetPendingPayment',
              { type: 'showOutcome', params: { message: 'failed' } },
              { type: 'logToAnalytics', params: ({ context }) => ({ outcome: 'fail' as const, intent: context.intent }) },
            ],
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
        DISMISS: { target: 'idle', description: 'Unknown for now: the server could not be asked; the order list shows what the server holds, and an H5 payment stays remembered and is asked about on the next visit.' },
      },
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
