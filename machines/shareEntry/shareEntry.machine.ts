import { assign, setup } from 'xstate';
import type { FoundShareLike, ShareEntryContext, ShareEntryEvent } from './shareEntry.types';

/** The share code entry: what was pasted or typed, then the share it names opens (or "enter the code"). */
export const shareEntryMachine = setup({
  types: { context: {} as ShareEntryContext, events: {} as ShareEntryEvent },
  actions: {
    keepText: assign(({ event }) => (event.type === 'TYPE' ? { text: event.text, problem: null } : {})),
    sayMissing: assign({ problem: 'codeMissing' as const }),
    /** Open the share page of this code, handing it the access code found beside it (the app's router). */
    openShare: (_, _found: FoundShareLike) => {},
  },
  guards: {
    found: (_, found: FoundShareLike | null) => found !== null && found.code !== '',
  },
}).createMachine({
  id: 'shareEntry',
  context: { text: '', problem: null },
  initial: 'entering',
  states: {
    entering: {
      on: {
        TYPE: { actions: 'keepText' },
        GO: [
          {
            guard: { type: 'found', params: ({ event }) => event.found },
            target: 'opening',
            actions: { type: 'openShare', params: ({ event }) => event.found! },
          },
          { description: 'No share code in what was given: say what to enter.', actions: 'sayMissing' },
        ],
      },
    },
    opening: {
      description: 'The share page of the code takes over (another address, another chart).',
    },
  },
});

export type ShareEntryMachine = typeof shareEntryMachine;
