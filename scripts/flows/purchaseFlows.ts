import type { EventObject } from 'xstate';
import { isPayable, type Settlement } from '../../machines/payment/payment.types';
import { createPurchaseMachine } from '../../machines/purchase/purchase.machine';
import { purchaseEvents } from '../../machines/purchase/purchase.model';
import { purchaseOracle } from '../../machines/purchase/purchase.oracle';
import type { SubmitOutcome } from '../../machines/purchase/purchase.types';
import { outcomeStep, type Flow, type FlowSpec } from './flowCatalogue';
import { FAILURE_LINK, NO_ANSWER_WORDS, PAYMENT_LINK, UNANSWERED_ORDER } from './purchaseWords';

type Event = EventObject & { choice?: string; payWay?: number | string; output?: unknown; purchase?: { status: number; amount: number } } & Partial<Settlement>;

const way = (payWay: number | string | undefined) =>
  payWay === 1 ? 'WeChat pay, pay way 1' : payWay === 2 ? 'H5 pay page, pay way 2' : 'inside WeChat, WeChat pay not ready yet';

const SETTLED_WORDS: Readonly<Record<string, string>> = {
  succeeded: 'the payment chart hears from the server: paid (pay result above 0)',
  unconfirmed: 'the payment chart hears from the server: not yet, though the payer said paid (being confirmed)',
  cancelled: 'the payment chart hears from the server: not paid, the payer cancelled',
  failed: 'the payment chart hears from the server: not paid, the payment failed',
};

const wording: Record<string, (event: Event) => string> = {
  CHOOSE: (e) => `patient picks ${e.choice} (a plan or a channel)`,
  BUY: (e) => `tap "buy" / "apply" with ${e.choice}`,
  CONFIRM: (e) => `patient confirms the price (${way(e.payWay)})`,
  DISMISS: () => 'patient taps "think again"',
  PAY: (e) => `tap "go to pay" on an order with status ${e.purchase?.status} (${way(e.payWay)})`,
  RESUME_H5: () => 'the page loads back from the H5 pay page',
  SETTLED: (e) => SETTLED_WORDS[e.outcome ?? ''] ?? `the payment settled: ${e.outcome}`,
  UNSETTLED: () => 'the payment chart ends with no answer (no pay parameters, or "later" after a failed query)',
  'xstate.done.actor.submitOrder': (e) => {
    const answer = e.output as SubmitOutcome;
    if (!answer.ok) return `server refuses the order (${answer.problem})`;
    return isPayable(answer.purchase)
      ? `server makes the order (or gives the same one back), ¥${answer.purchase.amount} to be paid`
      : `server makes the order (or gives the same one back), status ${answer.purchase.status}: nothing to pay`;
  },
  'xstate.error.actor.submitOrder': () => NO_ANSWER_WORDS,
};

function consequence(flow: Flow): string {
  const { event } = outcomeStep(flow) as { event: Event };
  switch (event.type) {
    case 'xstate.done.actor.submitOrder': {
      const answer = event.output as SubmitOutcome;
      if (!answer.ok) return 'No: no order was made.';
      return isPayable(answer.purchase) ? 'Not yet: the order goes to the payment chart.' : 'No: the order is free or already paid.';
    }
    case 'xstate.error.actor.submitOrder':
      return UNANSWERED_ORDER;
    case 'PAY':
    case 'RESUME_H5':
      return 'Not yet: the payment chart pays and asks the server.';
    case 'SETTLED':
      return event.outcome === 'succeeded' ? 'It has: the server says paid.' : event.outcome === 'unconfirmed' ? 'Perhaps: the server has not confirmed it yet; the screen shows what the server holds.' : 'No: the server says not paid.';
    case 'UNSETTLED':
      return 'Unknown for now: nothing is concluded; the order stays as the server holds it.';
    default:
      throw new Error(`purchase flows: what does an outcome on ${event.type} mean for money?`);
  }
}

/** The payment child settles only a payment under way: SETTLED and UNSETTLED come only while paying. */
const payingOnly = new Set(['SETTLED', 'UNSETTLED']);

export const purchaseFlowSpec: FlowSpec = {
  name: 'purchase',
  title: 'Purchase (every screen that sells)',
  idPrefix: 'P',
  machine: createPurchaseMachine(),
  children: { ids: ['payment'], messages: ['startPayment', 'resumePayment'] },
  sources: { machine: 'machines/purchase/purchase.machine.ts', events: 'machines/purchase/purchase.model.ts' },
  events: (snapshot) => (purchaseEvents as Event[]).filter((event) => !payingOnly.has(event.type) || snapshot.matches('paying')),
  constraints: [
    'SETTLED and UNSETTLED come from the payment chart, this chart\'s child, and only while it pays.',
    'Storage plans (imageStore), AI applications (aiApply), "go to pay" on the AI and storage order lists and on the progress page all run this chart.',
  ],
  wording,
  links: {
    startPayment: PAYMENT_LINK,
    resumePayment: 'The payment chart asks "is payment complete?" and then the server: [the payment flows](payment.md).',
    orderChanged:
      'The screen decides what follows: the order lists load page 1 again (`orderList`), the progress page asks about the order again (`aiStatus`), the application page opens the order\'s progress, the storage page loads the study\'s storage again.',
    reload: 'The screen loads what is for sale again (the study\'s plans or channels).',
    reportFailure: FAILURE_LINK,
  },
  oracle: purchaseOracle,
  consequence: { heading: 'Does money move?', of: consequence },
};
