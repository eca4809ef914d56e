import { assign, fromPromise, setup } from 'xstate';
import { STATUS, type AiOrderContext, type AiOrderEvent, type CancelAnswer, type OrderRef, type ResultLookup } from './aiOrder.types';

const statusOf = (event: AiOrderEvent) => ('order' in event ? event.order.status : -1);

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
    rememberOrder: assign({ order: ({ event }) => ('order' in event ? event.order : null) }),
    forgetOrder: assign({ order: null }),
    /** Film detail: index with the film id. */
    openFilm: (_, _params: { order: OrderRef }) => {},
    /** Apply progress and view reason both go to aiResult with the film id. */
    openProgress: (_, _params: { order: OrderRef }) => {},
    openExternalResult: (_, _params: { url: string }) => {},
    openViewer: (_, _params: { lookup: Extract<ResultLookup, { kind: 'viewer' }> }) => {},
    showToast: (_, _params: { message: 'cancelSucceeded' | 'messageLost' | 'resultRefused' | 'failed'; serverMessage?: string }) => {},
    refreshList: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isToBePaid: ({ event }) => statusOf(event) === STATUS.toBePaid,
    isAtMostToBePaid: ({ event }) => statusOf(event) >= 0 && statusOf(event) <= STATUS.toBePaid,
    hasFailed: ({ event }) => statusOf(event) === STATUS.failed,
    hasSucceeded: ({ event }) => statusOf(event) === STATUS.succeeded,
    cancelAccepted: ({ event }) => (event as { output?: CancelAnswer }).output?.ok === true,
    isExternal: ({ event }) => (event as { output?: ResultLookup }).output?.kind === 'external',
    isViewer: ({ event }) => (event as { output?: ResultLookup }).output?.kind === 'viewer',
    isRefused: ({ event }) => (event as { output?: ResultLookup }).output?.kind === 'refused',
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
        OPEN_PROGRESS: { guard: 'isAtMostToBePaid', actions: { type: 'openProgress', params: ({ event }) => ({ order: event.order }) } },
        VIEW_REASON: { guard: 'hasFailed', actions: { type: 'openProgress', params: ({ event }) => ({ order: event.order }) } },
        OPEN_RESULT: { guard: 'hasSucceeded', target: 'lookingUpResult', actions: 'rememberOrder' },
        CANCEL: { guard: 'isToBePaid', target: 'confirmingCancel', actions: 'rememberOrder' },
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
        input: ({ context }) => context.order!,
        onDone: [
          {
            guard: 'cancelAccepted',
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
        input: ({ context }) => context.order!,
        onDone: [
          {
            guard: 'isExternal',
            target: 'idle',
            description: 'Result: the AI service\'s own page (check way 1, an allowed origin).',
            actions: { type: 'openExternalResult', params: ({ event }) => ({ url: event.output.kind === 'external' ? event.output.url : '' }) },
          },
          {
            guard: 'isViewer',
            target: 'idle',
            description: 'Result: the film viewer with the AI layer.',
            actions: {
              type: 'openViewer',
              params: ({ event }) => ({ lookup: event.output as Extract<ResultLookup, { kind: 'viewer' }> }),
            },
          },
          {
            guard: 'isRefused',
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
