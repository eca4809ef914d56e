import { getInitialSnapshot, type EventObject } from 'xstate';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import type { CancelAnswer, OrderRef, ResultLookup } from '../../machines/aiOrder/aiOrder.types';
import { aiOrderEvents } from '../../machines/aiOrder/aiOrder.model';
import { outcomeStep, type Flow, type FlowSpec, type Snapshot, type Transition } from './flowCatalogue';
import { aiOrderOracle } from '../../machines/aiOrder/aiOrder.oracle';

type Event = EventObject & { order?: OrderRef; output?: unknown };

const STATUS_NAMES = ['analysing', 'analysing', 'to be paid', 'succeeded', 'analysis failed', 'closed'];
const orderWords = (order: OrderRef) => `order of status ${order.status} (${STATUS_NAMES[order.status] ?? 'unknown'})`;

const transitionIds = new Map<Transition, number>();
const idOf = (transition: Transition) => transitionIds.get(transition) ?? transitionIds.set(transition, transitionIds.size).get(transition)!;

/** Of the taps the chart treats alike in this snapshot (same transitions), the first; ignored taps are dropped. */
function oneOrderPerTap(snapshot: Snapshot): Event[] {
  const kept = new Map<string, Event>();
  for (const event of aiOrderEvents as Event[]) {
    if (!event.order) continue;
    const taken = aiOrderMachine.getTransitionData(snapshot as never, event as never);
    if (taken.length === 0) continue;
    const key = `${event.type}|${taken.map(idOf).join(',')}`;
    if (!kept.has(key)) kept.set(key, event);
  }
  return [...kept.values()];
}

const answers = (aiOrderEvents as Event[]).filter((event) => !event.order);
const tapsFromTheList = oneOrderPerTap(getInitialSnapshot(aiOrderMachine))
  .map((event) => `${event.type} on status ${event.order!.status}`)
  .join(', ');

const lookupWords: Record<ResultLookup['kind'], string> = {
  external: "result lookup: the AI service's own page, an allowed origin",
  viewer: 'result lookup: film viewer data with the AI layer',
  refused: 'result lookup: an address that is not an allowed origin',
  missing: 'result lookup: no AI detail came back',
};

const wording: Record<string, (event: Event) => string> = {
  OPEN_FILM: (e) => `tap the film of an ${orderWords(e.order!)}`,
  OPEN_PROGRESS: (e) => `tap "apply progress" on an ${orderWords(e.order!)}`,
  VIEW_REASON: (e) => `tap "view reason" on an ${orderWords(e.order!)}`,
  OPEN_RESULT: (e) => `tap "AI result" on an ${orderWords(e.order!)}`,
  CANCEL: (e) => `tap "cancel order" on an ${orderWords(e.order!)}`,
  CONFIRM_CANCEL: () => 'patient taps "confirm cancel"',
  THINK_AGAIN: () => 'patient taps "think again"',
  'xstate.done.actor.cancelOrder': (e) => {
    const answer = e.output as CancelAnswer;
    return answer.ok ? 'server accepts the cancel' : `server refuses the cancel (${answer.statusCode}: "${answer.message}")`;
  },
  'xstate.error.actor.cancelOrder': () => 'the cancel request gets no answer',
  'xstate.done.actor.lookUpResult': (e) => lookupWords[(e.output as ResultLookup).kind],
  'xstate.error.actor.lookUpResult': () => 'the result lookup fails',
};

function consequence(flow: Flow): string {
  const last = outcomeStep(flow).event as Event;
  switch (last.type) {
    case 'xstate.done.actor.cancelOrder':
      return (last.output as CancelAnswer).ok ? 'Yes: cancelled, the trade is closed.' : 'No: it stays to be paid.';
    case 'xstate.error.actor.cancelOrder':
      return 'Unknown: the list shows what the server holds.';
    case 'THINK_AGAIN':
      return 'No: nothing was sent.';
    case 'xstate.done.actor.lookUpResult':
    case 'xstate.error.actor.lookUpResult':
      return 'No: a result is only looked at.';
    default:
      throw new Error(`AI order flows: does an outcome on ${last.type} close the order?`);
  }
}

export const aiOrderFlowSpec: FlowSpec = {
  name: 'aiOrder',
  title: 'AI order',
  idPrefix: 'O',
  machine: aiOrderMachine,
  sources: { machine: 'machines/aiOrder/aiOrder.machine.ts', events: 'machines/aiOrder/aiOrder.model.ts' },
  events: (snapshot) => [...oneOrderPerTap(snapshot), ...answers],
  constraints: [
    `A tap is tried on one order for each different thing the chart does with it, since statuses the chart treats alike differ only by guard (from the list: ${tapsFromTheList}).`,
  ],
  wording,
  links: {
    refreshList:
      'The AI order list reloads page 1: `refreshList` sends ORDERS_CHANGED to the `orderList` chart, which sends REFRESH to its `list` ([diagram](../statecharts/orderList.md)).',
  },
  oracle: aiOrderOracle,
  consequence: { heading: 'Does the order close?', of: consequence },
};
