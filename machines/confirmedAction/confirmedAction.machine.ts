import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import type { ActionAnswer, ActionItem, ConfirmedActionContext, ConfirmedActionEvent } from './confirmedAction.types';

const current = (item: ActionItem | null) => present(item, 'item', 'confirmedAction');

/** The chart of an action done after confirmation; the app provides `act` and the effects. */
export const confirmedActionMachine = setup({
  types: { context: {} as ConfirmedActionContext, events: {} as ConfirmedActionEvent },
  actors: {
    act: fromPromise<ActionAnswer, ActionItem>(() => Promise.reject(new Error('confirmedAction: no act actor provided'))),
  },
  actions: {
    remember: assign((_, item: ActionItem) => ({ item })),
    forget: assign({ item: null }),
    markDone: assign(({ context }) => ({ lastDoneId: current(context.item).id })),
    showToast: (_, _params: { message: 'done' | 'refused'; serverMessage?: string }) => {},
    refreshList: () => {},
    reportFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    accepted: (_, answer: ActionAnswer) => answer.ok,
  },
}).createMachine({
  id: 'confirmedAction',
  context: { item: null, lastDoneId: null },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forget',
      on: { ASK: { target: 'confirming', actions: { type: 'remember', params: ({ event }) => event.item } } },
    },
    confirming: {
      on: {
        CONFIRM: 'acting',
        DISMISS: { target: 'idle', description: 'The patient thought again: nothing is sent.' },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => current(context.item),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'idle',
            description: 'Done: said so, the item shows as done at once, and the list is loaded again.',
            actions: ['markDone', { type: 'showToast', params: { message: 'done' } }, 'refreshList'],
          },
          {
            target: 'idle',
            description: 'Refused: the server\'s message is shown; nothing changed.',
            actions: { type: 'showToast', params: ({ event }) => ({ message: 'refused' as const, serverMessage: event.output.ok ? undefined : event.output.message }) },
          },
        ],
        onError: {
          target: 'idle',
          description: 'No answer: the error catalogue says where that goes; the list, loaded anew, shows what happened.',
          actions: [{ type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }, 'refreshList'],
        },
      },
    },
  },
});

export type ConfirmedActionMachine = typeof confirmedActionMachine;
