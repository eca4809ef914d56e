import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { paymentMachine, type PaymentMachine } from '../payment/payment.machine';
import { isPayable, type PaymentEvent, type PayTap, type Purchase, type Settlement } from '../payment/payment.types';
import { present } from '../present';
import { MONEY_MAY_HAVE_MOVED, type PurchaseContext, type PurchaseEvent, type SubmitOutcome } from './purchase.types';

/** The payment chart as the purchase chart's child: its endings come back as events. */
function paymentChild(payment: PaymentMachine) {
  return payment.provide({
    actions: {
      settled: sendParent((_, settlement: Settlement) => ({ type: 'SETTLED', ...settlement })),
      unsettled: sendParent({ type: 'UNSETTLED' }),
    },
  });
}

type Ordered = { event: { output: SubmitOutcome } };
const orderOf = ({ event }: Ordered): Purchase => present(event.output.ok ? event.output.purchase : null, 'order', 'purchase');

/**
 * The purchase chart, for every screen that sells. The app hands in the payment chart with its
 * side effects provided (the payment port) and, where something new is bought, `submitOrder`.
 * Its effects: `orderChanged` (an order needs no money now or was paid or is being confirmed:
 * the screen loads again or moves on), `reload` (a refusal: what is for sale may have changed),
 * `reportFailure`.
 */
export function createPurchaseMachine(payment: PaymentMachine = paymentMachine) {
  return setup({
    types: {
      context: {} as PurchaseContext,
      events: {} as PurchaseEvent,
      children: {} as { payment: 'payment' },
    },
    actors: {
      submitOrder: fromPromise<SubmitOutcome, { choice: string }>(() => Promise.reject(new Error('purchase: no submitOrder actor provided'))),
      payment: paymentChild(payment),
    },
    actions: {
      choose: assign((_, choice: string) => ({ choice, problem: null })),
      keepHow: assign((_, how: PurchaseContext['how']) => ({ how })),
      refuse: assign((_, problem: string) => ({ problem })),
      /** The way to pay is for the order being made only. */
      forgetHow: assign({ how: null }),
      /** Pay an order with the payment child. */
      startPayment: sendTo('payment', (_, tap: PayTap): PaymentEvent => ({ type: 'PAY', ...tap })),
      /** Hand the payment child the purchase back from the H5 page. */
      resumePayment: sendTo('payment', (_, purchase: Purchase): PaymentEvent => ({ type: 'RESUME_H5', purchase })),
      orderChanged: (_, _params: { orderId: string }) => {},
      reload: () => {},
      reportFailure: (_, _params: { error: unknown }) => {},
    },
    guards: {
      payable: (_, purchase: Purchase) => isPayable(purchase),
      submitted: (_, outcome: SubmitOutcome) => outcome.ok,
      toBePaid: (_, outcome: SubmitOutcome) => outcome.ok && isPayable(outcome.purchase),
      moneyMayHaveMoved: (_, settlement: Settlement) => MONEY_MAY_HAVE_MOVED.includes(settlement.outcome),
    },
  }).createMachine({
    id: 'purchase',
    context: { choice: null, how: null, problem: null },
    invoke: { id: 'payment', src: 'payment' },
    initial: 'ready',
    states: {
      ready: {
        entry: 'forgetHow',
        on: {
          CHOOSE: { actions: { type: 'choose', params: ({ event }) => event.choice } },
          BUY: { target: 'confirming', actions: { type: 'choose', params: ({ event }) => event.choice } },
          PAY: {
            guard: { type: 'payable', params: ({ event }) => event.purchase },
            target: 'paying',
            actions: { type: 'startPayment', params: ({ event }) => ({ purchase: event.purchase, payWay: event.payWay, returnUrl: event.returnUrl }) },
          },
          RESUME_H5: {
            target: 'paying',
            actions: { type: 'resumePayment', params: ({ event }) => event.purchase },
          },
        },
      },
      confirming: {
        description: 'The price is shown once more; nothing is ordered until the patient confirms.',
        on: {
          CONFIRM: { target: 'submitting', actions: { type: 'keepHow', params: ({ event }) => ({ payWay: event.payWay, returnUrl: event.returnUrl }) } },
          DISMISS: 'ready',
        },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submitOrder',
          src: 'submitOrder',
          input: ({ context }) => ({ choice: present(context.choice, 'choice', 'purchase') }),
          onDone: [
            {
              guard: { type: 'toBePaid', params: ({ event }) => event.output },
              target: 'paying',
              actions: { type: 'startPayment', params: ({ context, event }) => ({ purchase: orderOf({ event }), ...present(context.how, 'pay way', 'purchase') }) },
            },
            {
              guard: { type: 'submitted', params: ({ event }) => event.output },
              target: 'ready',
              description: 'Free, or already paid: nothing to pay; the order changed.',
              actions: { type: 'orderChanged', params: ({ event }) => ({ orderId: orderOf({ event }).orderId }) },
            },
            {
              target: 'ready',
              description: 'Refused: say why, and load what is for sale again.',
              actions: [{ type: 'refuse', params: ({ event }) => (event.output as Extract<SubmitOutcome, { ok: false }>).problem }, 'reload'],
            },
          ],
          onError: {
            target: 'ready',
            description: 'No answer: the error catalogue says where that goes; the choice stays.',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      paying: {
        tags: ['busy'],
        entry: 'forgetHow',
        // Entered on "go to pay", on the way back from the H5 page, and with an order made that waits for its money; no outcome yet, so a flow goes on to the server's answer.
        description: 'The payment chart pays the order (WeChat pay, or the H5 page and "is payment complete?") and asks the server how it ended.',
        on: {
          // The back button from the H5 page can restore this very page (back-forward cache).
          RESUME_H5: { actions: { type: 'resumePayment', params: ({ event }) => event.purchase } },
          SETTLED: [
            {
              guard: { type: 'moneyMayHaveMoved', params: ({ event }) => event },
              target: 'ready',
              description: 'The server says paid, or the payer said paid and it is being confirmed: the order changed.',
              actions: { type: 'orderChanged', params: ({ event }) => ({ orderId: event.purchase.orderId }) },
            },
            { target: 'ready', description: 'The server says not paid (cancelled or failed): nothing changed.' },
          ],
          UNSETTLED: { target: 'ready', description: 'No answer from the server: nothing is concluded; the order stays as the server holds it.' },
        },
      },
    },
  });
}

export type PurchaseMachine = ReturnType<typeof createPurchaseMachine>;
