import { assign, setup } from 'xstate';
import type { FoundShareLike, ShareEntryContext, ShareEntryEvent } from './shareEntry.types';

/** The share code entry: what was pasted or typed, then the share it names opens (or "enter the code"). */
export const shareEntryMachine = setup({
  types: { context: {} as ShareEntryContext, events: {} as ShareEntryEvent },
  actions: {
    /** What is in the box now; a new text clears the last problem. */
    keepText: assign((_, text: string) => ({ text, problem: null })),
    sayMissing: assign({ problem: 'codeMissing' as const }),
    /** Open the share page of this code, handing it the access code found beside it (the app's router). */
    openShare: (_, _found: FoundShareLike) => {},
  },
  guards: {
    /** The rule found a share code (it never finds an empty one: src/shared/rules/shareText.ts). */
    found: (_, found: FoundShareLike | null) => found !== null,
  },
}).createMachine({
  id: 'shareEntry',
  context: { text: '', problem: null },
  initial: 'entering',
  states: {
    entering: {
      on: {
        TYPE: { actions: { type: 'keepText', params: ({ event }) => event.text } },
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
