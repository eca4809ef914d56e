import { fromPromise, setup } from 'xstate';
import type { LinkTokenContext, LinkTokenInput } from './linkToken.types';

/**
 * A download link's token: one found in the query leaves it for the fragment at once. It takes no
 * events of its own: what it does follows from the address it opened on.
 */
export const linkTokenMachine = setup({
  types: { context: {} as LinkTokenContext, input: {} as LinkTokenInput },
  actors: {
    /** Rewrite this address (replacing its history entry) with the token in the fragment, not the query (the wiring's navigation). */
    moveToFragment: fromPromise<void, { token: string }>(() => Promise.reject(new Error('linkToken: no moveToFragment actor provided'))),
  },
  guards: {
    inQuery: ({ context }) => context.inQuery,
  },
}).createMachine({
  id: 'linkToken',
  context: ({ input }) => input,
  initial: 'reading',
  states: {
    reading: {
      always: [{ guard: 'inQuery', target: 'hiding' }, { target: 'shown' }],
    },
    hiding: {
      description: 'The token leaves the query for the fragment; the download is asked for with it meanwhile.',
      invoke: {
        id: 'moveToFragment',
        src: 'moveToFragment',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'shown',
        onError: { target: 'shown', description: 'The address could not be rewritten: the download shows all the same.' },
      },
    },
    shown: {},
  },
});

export type LinkTokenMachine = typeof linkTokenMachine;
