import type { SnapshotFrom } from 'xstate';
import type { Oracle, Trace } from '../oracle';
import { connectPurchase } from './purchase.connect';
import type { PurchaseMachine } from './purchase.machine';

const SELL = 'issue 14 §1–2: choose, confirm with the price, submit one order; an order to be paid goes to the payment; a free one to its progress; refusals said plainly';
const ONE_WAY = 'issue 23 §1: one purchase chart for every screen that sells; the payment chart its child; the parent decides what to load again';
const ONCE = 'decisions.md: one request per intent; a pay action cannot be started twice for the same order while one is under way';
const MONEY = 'decisions.md: the client never decides that an order is paid';
const PAY = 'spec §4, transitions from to-be-paid';

const toBePaid = { output: { ok: true, purchase: { status: 2 } } };
/** A payment is under way (the payment child settles only then): busy, and no order being made. */
const paying = { all: [{ saw: { busy: true } }, { not: { pending: 'submitOrder' } }] };
const moneyMoved = { outcome: { oneOf: ['succeeded', 'unconfirmed'] } };

/** The way to pay of the latest confirmation the chart took (the one that made the order call), as the onlooker saw it. */
function confirmedWay(trace: Trace) {
  const confirmation = trace.findLast((step) => step.input.type === 'CONFIRM' && step.calls.some((call) => call.name === 'submitOrder'));
  return { confirmedWay: confirmation?.input.payWay ?? null };
}

/** What selling must do, on every screen. The view is the chart's own (the payment child's dialogs are the payment oracle's). */
export const purchaseOracle: Oracle<SnapshotFrom<PurchaseMachine>> = {
  chart: 'purchase',
  view: (snapshot) => {
    const view = connectPurchase(snapshot, () => {});
    return { choice: view.choice, ordering: view.ordering, confirming: view.isConfirming, busy: view.isBusy, problem: view.problem };
  },
  derive: confirmedWay,
  promises: [
    {
      id: 'price-confirmed-first',
      says: 'Nothing is ordered before the patient saw the price and confirmed it.',
      source: SELL,
      rule: { kind: 'always', if: { call: 'submitOrder' }, then: { all: [{ input: 'CONFIRM' }, { saw: { confirming: true } }] } },
    },
    {
      id: 'one-order-per-confirmation',
      says: 'One confirmation submits one order; a tap while it is under way sends nothing.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'submitOrder' }, each: { input: 'CONFIRM' } },
    },
    {
      id: 'orders-the-confirmed-choice',
      says: 'The order is for what the patient confirmed.',
      source: SELL,
      rule: { kind: 'always', if: { call: 'submitOrder' }, then: { call: 'submitOrder', with: { choice: { sameAs: 'saw.ordering' } } } },
    },
    {
      id: 'pays-the-order-the-server-made',
      says: 'An order to be paid (new, or the same one again) is paid with the server’s order number, record and amount, the way confirmed (inside WeChat before WeChat pay is ready, that too: never turned into the H5 page).',
      source: SELL,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: toBePaid },
        then: {
          effect: 'startPayment',
          with: {
            purchase: {
              orderId: { sameAs: 'input.output.purchase.orderId' },
              checkRecordId: { sameAs: 'input.output.purchase.checkRecordId' },
              amount: { sameAs: 'input.output.purchase.amount' },
              status: 2,
            },
            payWay: { sameAs: 'saw.confirmedWay' },
          },
        },
      },
    },
    {
      id: 'pays-the-tapped-order',
      says: '"Go to pay" on an order to be paid, with nothing under way, pays exactly that order, the way and return address of the tap.',
      source: PAY,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PAY', with: { purchase: { status: 2 } } }, { saw: { busy: false, confirming: false } }] },
        then: { effect: 'startPayment', with: { purchase: { sameAs: 'input.purchase' }, payWay: { sameAs: 'input.payWay' }, returnUrl: { sameAs: 'input.returnUrl' } } },
      },
    },
    {
      id: 'pays-only-what-waits-for-money',
      says: 'A payment starts only for an order the server says waits for its money, or a tap on such an order: one each.',
      source: MONEY,
      rule: {
        kind: 'needs',
        what: { effect: 'startPayment' },
        each: { any: [{ input: 'answer:submitOrder', with: toBePaid }, { input: 'PAY', with: { purchase: { status: 2 } } }] },
      },
    },
    {
      id: 'no-second-payment-while-busy',
      says: 'While an order is being made or paid, "go to pay" starts nothing.',
      source: ONCE,
      rule: { kind: 'always', if: { all: [{ input: 'PAY' }, { saw: { busy: true } }] }, then: { not: { effect: 'startPayment' } } },
    },
    {
      id: 'h5-return-is-asked',
      says: 'Back from the H5 pay page (a page load, or the page restored while paying), the payment is handed back to be asked about.',
      source: 'spec §5, H5 pay',
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RESUME_H5' }, { not: { pending: 'submitOrder' } }, { saw: { confirming: false } }] },
        then: { effect: 'resumePayment', with: { sameAs: 'input.purchase' } },
      },
    },
    {
      id: 'settled-paid-changes-the-order',
      says: 'When the server says paid, or the payer said paid and it is being confirmed, the screen hears the order changed (to load it again or show its progress).',
      source: ONE_WAY,
      rule: { kind: 'always', if: { all: [{ input: 'SETTLED', with: moneyMoved }, paying] }, then: { effect: 'orderChanged', with: { orderId: { sameAs: 'input.purchase.orderId' } } } },
    },
    {
      id: 'not-paid-changes-nothing',
      says: 'A payment the server calls cancelled or failed changes no order.',
      source: MONEY,
      rule: { kind: 'always', if: { input: 'SETTLED', with: { outcome: { oneOf: ['cancelled', 'failed'] } } }, then: { not: { effect: 'orderChanged' } } },
    },
    {
      id: 'free-order-changes-the-order',
      says: 'A free order, or one already paid, needs no payment: the screen hears the order changed.',
      source: SELL,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: true, purchase: { status: { not: 2 } } } } },
        then: { all: [{ effect: 'orderChanged', with: { orderId: { sameAs: 'input.output.purchase.orderId' } } }, { not: { effect: 'startPayment' } }] },
      },
    },
    {
      id: 'order-changes-for-a-reason',
      says: 'The screen hears an order changed only from the server: an order answered, or a payment settled.',
      source: MONEY,
      rule: { kind: 'needs', what: { effect: 'orderChanged' }, each: { input: ['SETTLED', 'answer:submitOrder'] } },
    },
    {
      id: 'ended-payment-frees-the-screen',
      says: 'When the payment ends, answered or not, the screen takes taps again.',
      source: ONCE,
      rule: { kind: 'always', if: { all: [{ input: ['SETTLED', 'UNSETTLED'] }, paying] }, then: { sees: { busy: false } } },
    },
    {
      id: 'refusal-said',
      says: 'A refusal is said in plain words, nothing is paid, and what is for sale is loaded again.',
      source: SELL,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: false } } },
        then: { all: [{ sees: { problem: { sameAs: 'input.output.problem' } } }, { effect: 'reload' }, { not: { effect: 'startPayment' } }, { not: { effect: 'orderChanged' } }] },
      },
    },
    {
      id: 'dismiss-orders-nothing',
      says: 'Thinking again at the price orders nothing.',
      source: SELL,
      rule: { kind: 'always', if: { input: 'DISMISS' }, then: { all: [{ not: { call: 'submitOrder' } }, { sees: { confirming: false } }] } },
    },
    {
      id: 'failure-goes-to-catalogue',
      says: 'No answer to the order: the failure goes where the error catalogue says; nothing is paid.',
      source: 'spec §8',
      rule: { kind: 'always', if: { input: 'failure:submitOrder' }, then: { all: [{ effect: 'reportFailure' }, { not: { effect: 'startPayment' } }] } },
    },
  ],
};
