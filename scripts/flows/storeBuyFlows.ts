import type { EventObject } from 'xstate';
import { storeBuyMachine } from '../../machines/storeBuy/storeBuy.machine';
import { storeBuyEvents } from '../../machines/storeBuy/storeBuy.model';
import { storeBuyOracle } from '../../machines/storeBuy/storeBuy.oracle';
import type { SubmitOutcome } from '../../machines/storeBuy/storeBuy.types';
import { outcomeStep, type Flow, type FlowSpec } from './flowCatalogue';
import { FAILURE_LINK, NO_ANSWER_WORDS, PAYMENT_LINK, UNANSWERED_ORDER } from './purchaseWords';

type Event = EventObject & { planId?: string; output?: unknown };

const wording: Record<string, (event: Event) => string> = {
  CHOOSE: (e) => `patient picks plan ${e.planId}`,
  BUY: (e) => `tap "buy" with plan ${e.planId}`,
  CONFIRM: () => 'patient confirms the price',
  DISMISS: () => 'patient taps "think again"',
  'xstate.done.actor.submitOrder': (e) => {
    const answer = e.output as SubmitOutcome;
    return answer.ok ? `server makes the order (or gives the same one back), ¥${answer.purchase.amount} to be paid` : `server refuses the order (${answer.problem})`;
  },
  'xstate.error.actor.submitOrder': () => NO_ANSWER_WORDS,
};

function consequence(flow: Flow): string {
  const { event } = outcomeStep(flow) as { event: Event };
  switch (event.type) {
    case 'xstate.done.actor.submitOrder':
      return (event.output as SubmitOutcome).ok ? 'Not yet: the order goes to the payment chart.' : 'No: no order was made.';
    case 'xstate.error.actor.submitOrder':
      return UNANSWERED_ORDER;
    default:
      throw new Error(`storeBuy flows: what does an outcome on ${event.type} mean for money?`);
  }
}

export const storeBuyFlowSpec: FlowSpec = {
  name: 'storeBuy',
  title: 'Storage purchase',
  idPrefix: 'S',
  machine: storeBuyMachine,
  sources: { machine: 'machines/storeBuy/storeBuy.machine.ts', events: 'machines/storeBuy/storeBuy.model.ts' },
  events: () => storeBuyEvents,
  constraints: [],
  wording,
  links: {
    startPayment: PAYMENT_LINK,
    reload: "The storage page loads the study's storage and plans again.",
    reportFailure: FAILURE_LINK,
  },
  oracle: storeBuyOracle,
  consequence: { heading: 'Does money move?', of: consequence },
};
