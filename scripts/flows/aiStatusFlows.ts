import type { EventObject } from 'xstate';
import { AI_ORDER_STATUS } from '../../machines/aiOrder/aiOrder.types';
import { createAiStatusMachine } from '../../machines/aiStatus/aiStatus.machine';
import { aiStatusEvents, aiStatusInput } from '../../machines/aiStatus/aiStatus.model';
import { aiStatusOracle } from '../../machines/aiStatus/aiStatus.oracle';
import { pollDelayMs, type InfoOutcome } from '../../machines/aiStatus/aiStatus.types';
import { outcomeStep, type Flow, type FlowSpec, type Snapshot } from './flowCatalogue';
import { NO_ANSWER_WORDS, PAID_WORDS, PURCHASE_CHILD } from './purchaseWords';

type Event = EventObject & { payWay?: number; output?: unknown };

const STATUS_NAME: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(AI_ORDER_STATUS).map(([name, status]) => [status, name]));

/** What an answered status says of the order (2, to be paid, is the payment's to follow). */
const STATUS_MEANS: Readonly<Record<number, string>> = {
  [AI_ORDER_STATUS.queued]: 'Under way: queued.',
  [AI_ORDER_STATUS.analysing]: 'Under way: analysing.',
  [AI_ORDER_STATUS.succeeded]: 'Over: succeeded.',
  [AI_ORDER_STATUS.failed]: 'Over: failed, for the reason shown.',
  [AI_ORDER_STATUS.closed]: 'Over: closed.',
};

const answerWords = (output: InfoOutcome) => {
  if (!output.found) return 'server: no such order ("application message lost")';
  const { status, progress } = output.info;
  return `server: status ${status} (${STATUS_NAME[status] ?? 'unknown'})${progress === null ? '' : `, ${progress}% done`}`;
};

const wording: Record<string, (event: Event, before: Snapshot) => string> = {
  PAY: (e) => (e.payWay === 1 ? 'tap "pay", WeChat pay (pay way 1)' : 'tap "pay", H5 pay page (pay way 2)'),
  RETRY: () => 'patient taps "try again"',
  PAUSE: () => 'the page is hidden (another tab, the phone locked)',
  RESUME: () => 'the page shows again',
  PAID: () => PAID_WORDS,
  'xstate.done.actor.loadInfo': (e) => answerWords(e.output as InfoOutcome),
  'xstate.error.actor.loadInfo': () => NO_ANSWER_WORDS,
  'xstate.after.pollDelay.aiStatus.following.waiting': (_, before) => `wait ${pollDelayMs(before.context.idlePolls) / 1000} s`,
};

function consequence(flow: Flow): string {
  const { event } = outcomeStep(flow) as { event: Event };
  switch (event.type) {
    case 'xstate.done.actor.loadInfo': {
      const output = event.output as InfoOutcome;
      if (!output.found) return 'Unknown: the server has no such order.';
      return STATUS_MEANS[output.info.status] ?? 'As the server says.';
    }
    case 'xstate.error.actor.loadInfo':
      return 'Unknown for now: the analysis goes on on the server; the page asks again after the wait.';
    case 'PAID':
      return 'Paid: the order is asked about again and followed.';
    default:
      throw new Error(`aiStatus flows: what does an outcome on ${event.type} say of the order?`);
  }
}

export const aiStatusFlowSpec: FlowSpec = {
  name: 'aiStatus',
  title: 'AI order progress',
  idPrefix: 'G',
  machine: createAiStatusMachine(),
  input: aiStatusInput,
  children: PURCHASE_CHILD,
  sources: { machine: 'machines/aiStatus/aiStatus.machine.ts', events: 'machines/aiStatus/aiStatus.model.ts' },
  events: () => aiStatusEvents as readonly EventObject[],
  constraints: ['PAID comes from the purchase chart, the page\'s child, once the server says the order is paid; a PAY on an order to be paid is handed to it.'],
  wording,
  links: { startPayment: 'The purchase chart is sent PAY with the order shown: [the purchase flows](purchase.md), then [the payment flows](payment.md).' },
  oracle: aiStatusOracle,
  consequence: { heading: 'Where does the order stand?', of: consequence },
};
