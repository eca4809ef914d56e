import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectAiApply } from './aiApply.connect';
import type { AiApplyMachine } from './aiApply.machine';

const ISSUE = 'issue 14 §2 (aiApply): choose a channel, confirm with the price, submit; status 2 pays through the payment feature, then aiStatus; 0 (free) straight to aiStatus; refusals said plainly';
const ONCE = 'decisions.md: one request per intent; a pay action cannot be started twice';
const MONEY = 'decisions.md: the client never decides that an order is paid';

/** What applying for AI analysis must do. */
export const aiApplyOracle: Oracle<SnapshotFrom<AiApplyMachine>> = {
  chart: 'aiApply',
  view: (snapshot) => {
    const view = connectAiApply(snapshot, () => {});
    return { channelId: view.channelId, ordering: view.ordering, confirming: view.isConfirming, submitting: view.isSubmitting, problem: view.problem };
  },
  promises: [
    {
      id: 'price-confirmed-first',
      says: 'Nothing is ordered before the patient saw the price and confirmed it.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'submitOrder' }, then: { all: [{ input: 'CONFIRM' }, { saw: { confirming: true } }] } },
    },
    {
      id: 'one-order-per-confirmation',
      says: 'One confirmation submits one order; a second tap while it is under way sends nothing.',
      source: ONCE,
      rule: { kind: 'needs', what: { call: 'submitOrder' }, each: { input: 'CONFIRM' } },
    },
    {
      id: 'orders-the-confirmed-channel',
      says: 'The order is for the study and the channel the patient confirmed.',
      source: ISSUE,
      rule: { kind: 'always', if: { call: 'submitOrder' }, then: { call: 'submitOrder', with: { collectFilmId: '8', channelId: { sameAs: 'saw.ordering' } } } },
    },
    {
      id: 'pays-the-order-the-server-made',
      says: 'An order to be paid (new, or the same one again) is paid with the server’s order number, record and amount.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: true, purchase: { status: 2 } } } },
        then: {
          effect: 'startPayment',
          with: {
            purchase: {
              kind: 'aiOrder',
              orderId: { sameAs: 'input.output.purchase.orderId' },
              checkRecordId: { sameAs: 'input.output.purchase.checkRecordId' },
              amount: { sameAs: 'input.output.purchase.amount' },
              status: 2,
            },
            payWay: 2,
          },
        },
      },
    },
    {
      id: 'pays-only-a-server-order',
      says: 'A payment starts only for an order the server says waits for its money.',
      source: MONEY,
      rule: { kind: 'needs', what: { effect: 'startPayment' }, each: { input: 'answer:submitOrder', with: { output: { ok: true, purchase: { status: 2 } } } } },
    },
    {
      id: 'free-goes-to-progress',
      says: 'A free order, or one already under way, goes straight to its progress, with nothing to pay.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: true, purchase: { status: { not: 2 } } } } },
        then: { all: [{ effect: 'openStatus', with: { orderId: { sameAs: 'input.output.purchase.orderId' } } }, { not: { effect: 'startPayment' } }] },
      },
    },
    {
      id: 'paid-goes-to-progress',
      says: 'When the server says the order is paid, its progress is next.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'PAID' }, then: { effect: 'openStatus', with: { orderId: { sameAs: 'input.orderId' } } } },
    },
    {
      id: 'progress-of-a-known-order',
      says: 'The progress page opens only for an order the server answered or the payment settled.',
      source: MONEY,
      rule: { kind: 'needs', what: { effect: 'openStatus' }, each: { input: ['PAID', 'answer:submitOrder'] } },
    },
    {
      id: 'refusal-said',
      says: 'A refusal is said in plain words, nothing is paid, and the channels are loaded again.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:submitOrder', with: { output: { ok: false } } },
        then: { all: [{ sees: { problem: { sameAs: 'input.output.problem' } } }, { effect: 'reload' }, { not: { effect: 'startPayment' } }, { not: { effect: 'openStatus' } }] },
      },
    },
  ],
};
