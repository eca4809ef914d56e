import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectStoreBuy } from './storeBuy.connect';
import type { StoreBuyMachine } from './storeBuy.machine';

const ISSUE = 'issue 14 §1: buying submits an order and pays it through the payment feature, unchanged';
const ONCE = 'decisions.md: a pay action cannot be started twice for the same order while one is under way';

/** What buying a storage plan must do. */
export const storeBuyOracle: Oracle<SnapshotFrom<StoreBuyMachine>> = {
  chart: 'storeBuy',
  view: (snapshot) => {
    const view = connectStoreBuy(snapshot, () => {});
    return { confirming: view.isConfirming, submitting: view.isSubmitting, problem: view.problem, ordering: view.ordering };
  },
  promises: [
    {
      id: 'order-after-confirming',
      says: 'An order is submitted only after the patient confirmed the price.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'submitOrder' }, then: { all: [{ input: 'CONFIRM' }, { saw: { confirming: true } }] } },
    },
    {
      id: 'one-order-per-intent',
      says: 'One confirmation makes one order: a tap while it is being made sends nothing more.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'submitOrder' }, each: { input: 'CONFIRM' } },
    },
    {
      id: 'no-second-order-while-submitting',
      says: 'While an order is being made, buying again asks nothing.',
      source: ONCE,
      rule: { kind: 'always', if: { all: [{ input: ['BUY', 'CONFIRM'] }, { pending: 'submitOrder' }] }, then: { not: { call: 'submitOrder' } } },
    },
    {
      id: 'order-is-paid-by-payment',
      says: 'The order made is handed to the payment, exactly as the server answered it.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: true } } },
        then: { effect: 'startPayment', with: { orderId: { sameAs: 'input.output.purchase.orderId' }, checkRecordId: { sameAs: 'input.output.purchase.checkRecordId' } } },
      },
    },
    {
      id: 'refusal-said-plans-reloaded',
      says: 'A refused order says why, and the plans are loaded again; nothing is paid.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: false } } },
        then: { all: [{ sees: { problem: { sameAs: 'input.output.problem' } } }, { effect: 'reload' }, { not: { effect: 'startPayment' } }] },
      },
    },
    {
      id: 'dismiss-orders-nothing',
      says: 'Thinking again at the price orders nothing.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'DISMISS' }, then: { all: [{ not: { call: 'submitOrder' } }, { sees: { confirming: false } }] } },
    },
    {
      id: 'failure-goes-to-catalogue',
      says: 'No answer: the failure goes where the error catalogue says; nothing is paid.',
      source: 'spec §8',
      rule: { kind: 'always', if: { input: 'failure:submitOrder' }, then: { all: [{ effect: 'reportFailure' }, { not: { effect: 'startPayment' } }] } },
    },
  ],
};
