import type { EventObject } from 'xstate';
import { createAiApplyMachine } from '../../machines/aiApply/aiApply.machine';
import { aiApplyEvents, aiApplyInput } from '../../machines/aiApply/aiApply.model';
import { aiApplyOracle } from '../../machines/aiApply/aiApply.oracle';
import type { SubmitOutcome } from '../../machines/aiApply/aiApply.types';
import { isPayable } from '../../machines/payment/payment.types';
import { outcomeStep, type Flow, type FlowSpec } from './flowCatalogue';
import { FAILURE_LINK, NO_ANSWER_WORDS, PAID_WORDS, PAYMENT_CHILD, PAYMENT_LINK, UNANSWERED_ORDER } from './purchaseWords';

type Event = EventObject & { channelId?: string; payWay?: number; orderId?: string; output?: unknown };

const wording: Record<string, (event: Event) => string> = {
  CHOOSE: (e) => `patient picks the ${e.channelId} channel`,
  APPLY: (e) => `tap "apply" with the ${e.channelId} channel`,
  CONFIRM: (e) => (e.payWay === 1 ? 'patient confirms the price (WeChat pay, pay way 1)' : 'patient confirms the price (H5 pay page, pay way 2)'),
  DISMISS: () => 'patient taps "think again"',
  PAID: () => PAID_WORDS,
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
    case 'PAID':
      return 'It has: the payment chart heard so from the server.';
    default:
      throw new Error(`aiApply flows: what does an outcome on ${event.type} mean for money?`);
  }
}

export const aiApplyFlowSpec: FlowSpec = {
  name: 'aiApply',
  title: 'AI application',
  idPrefix: 'A',
  machine: createAiApplyMachine(),
  input: aiApplyInput,
  children: PAYMENT_CHILD,
  sources: { machine: 'machines/aiApply/aiApply.machine.ts', events: 'machines/aiApply/aiApply.model.ts' },
  events: () => aiApplyEvents as readonly EventObject[],
  constraints: ['PAID comes from the payment chart, the application\'s child, once the server says the order is paid.'],
  wording,
  links: {
    startPayment: PAYMENT_LINK,
    openStatus: 'The order\'s progress page opens (aiStatus, [diagram](../statecharts/aiStatus.md)).',
    reload: "The application page loads the study's channels and orders again.",
    reportFailure: FAILURE_LINK,
  },
  oracle: aiApplyOracle,
  consequence: { heading: 'Does money move?', of: consequence },
};
