import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import { ORDER_ALLOWS, type AiOrderContext, type AiOrderEvent, type CancelAnswer, type OrderRef, type ResultLookup, type ViewerParams } from './aiOrder.types';

/** The order the current flow is about. */
const current = (order: OrderRef | null) => present(order, 'order', 'aiOrder');

/** The lookup the transition's guard has just recognised; anything else is a bug in the chart. */
function found<K extends ResultLookup['kind']>(lookup: ResultLookup, kind: K): Extract<ResultLookup, { kind: K }> {
  if (lookup.kind !== kind) throw new Error(`aiOrder: expected a ${kind} result, got ${lookup.kind}`);
  return lookup as Extract<ResultLookup, { kind: K }>;
}

/**
 * The AI order chart. The app provides the calls (`cancelOrder`, `lookUpResult`) and the effects:
 * navigation, toasts, the list refresh and the audit of every cancel step.
 */
export const aiOrderMachine = setup({
  types: {
    context: {} as AiOrderContext,
    events: {} as AiOrderEvent,
  },
  actors: {
    cancelOrder: fromPromise<CancelAnswer, OrderRef>(() => Promise.reject(new Error('aiOrder: no cancelOrder actor provided'))),
    lookUpResult: fromPromise<ResultLookup, OrderRef>(() => Promise.reject(new Error('aiOrder: no lookUpResult actor provided'))),
  },
  actions: {
    rememberOrder: assign({
      order: ({ event }) => {
        assertEvent(event, ['OPEN_RESULT', 'CANCEL']);
        return event.order;
      },
    }),
    forgetOrder: assign({ order: null }),
    /** Film detail: index with the film id. */
    openFilm: (_, _params: { order: OrderRef }) => {},
    /** Apply progress and view reason both go to aiResult with the film id. */
    openProgress: (_, _params: { order: OrderRef }) => {},
    openExternalResult: (_, _params: { url: string }) => {},
    openViewer: (_, _params: { viewer: ViewerParams }) => {},
    showToast: (_, _params: { message: 'cancelSucceeded' | 'messageLost' | 'resultRefused' | 'failed'; serverMessage?: string }) => {},
    refreshList: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isToBePaid: (_, order: OrderRef) => ORDER_ALLOWS.CANCEL(order),
    isAtMostToBePaid: (_, order: OrderRef) => ORDER_ALLOWS.OPEN_PROGRESS(order),
    hasFailed: (_, order: OrderRef) => ORDER_ALLOWS.VIEW_REASON(order),
    hasSucceeded: (_, order: OrderRef) => ORDER_ALLOWS.OPEN_RESULT(order),
    cancelAccepted: (_, answer: CancelAnswer) => answer.ok,
    isExternal: (_, lookup: ResultLookup) => lookup.kind === 'external',
    isViewer: (_, lookup: ResultLookup) => lookup.kind === 'viewer',
    isRefused: (_, lookup: ResultLookup) => lookup.kind === 'refused',
  },
}).createMachine({
  id: 'aiOrder',
  context: { order: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetOrder',
      on: {
        OPEN_FILM: { actions: { type: 'openFilm', params: ({ event }) => ({ order: event.order }) } },
        OPEN_PROGRESS: { guard: { type: 'isAtMostToBePaid', params: ({ event }) => event.order }, actions: { type: 'openProgress', params: ({ event }) => ({ order: event.order }) } },
        VIEW_REASON: { guard: { type: 'hasFailed', params: ({ event }) => event.order }, actions: { type: 'openProgress', params: ({ event }) => ({ order: event.order }) } },
        OPEN_RESULT: { guard: { type: 'hasSucceeded', params: ({ event }) => event.order }, target: 'lookingUpResult', actions: 'rememberOrder' },
        CANCEL: { guard: { type: 'isToBePaid', params: ({ event }) => event.order }, target: 'confirmingCancel', actions: 'rememberOrder' },
      },
    },
    confirmingCancel: {
      on: {
        CONFIRM_CANCEL: 'cancelling',
        THINK_AGAIN: { target: 'idle', description: 'Kept: the patient thought again; nothing was sent.' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => current(context.order),
        onDone: [
          {
            guard: { type: 'cancelAccepted', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Cancelled: the server accepted; the order closes and the list is refreshed.',
            actions: [{ type: 'showToast', params: { message: 'cancelSucceeded' } }, 'refreshList'],
          },
          {
            target: 'idle',
            description: 'Not cancelled: the server refused and its message is shown; the order stays to be paid.',
            actions: {
              type: 'showToast',
              params: ({ event }) => ({ message: 'failed' as const, serverMessage: event.output.ok ? undefined : event.output.message }),
            },
          },
        ],
        onError: {
          target: 'idle',
          description: 'Unknown: the cancel got no answer and the error page says so; the list, loaded anew, shows whether the order closed.',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    lookingUpResult: {
      tags: ['busy'],
      invoke: {
        id: 'lookUpResult',
        src: 'lookUpResult',
        input: ({ context }) => current(context.order),
        onDone: [
          {
            guard: { type: 'isExternal', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Result: the AI service\'s own page (check way 1, an allowed origin).',
            actions: { type: 'openExternalResult', params: ({ event }) => ({ url: found(event.output, 'external').url }) },
          },
          {
            guard: { type: 'isViewer', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Result: the film viewer with the AI layer.',
            actions: {
              type: 'openViewer',
              params: ({ event }) => ({ viewer: found(event.output, 'viewer').viewer }),
            },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'idle',
            description: 'No result: its address is not an allowed origin.',
            actions: { type: 'showToast', params: { message: 'resultRefused' } },
          },
          { target: 'idle', description: 'No result: "application message lost".', actions: { type: 'showToast', params: { message: 'messageLost' } } },
        ],
        onError: {
          target: 'idle',
          description: 'No result: the lookup failed and the error page says why.',
          actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type AiOrderMachine = typeof aiOrderMachine;
