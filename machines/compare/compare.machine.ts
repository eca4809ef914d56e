import { assign, fromPromise, setup } from 'xstate';
import type { CompareContext, CompareEvent, FoundPrior, PriorRequest } from './compare.types';

const followPrior = { type: 'followOnPrior', params: ({ context }: { context: CompareContext }) => ({ position: context.currentPosition }) } as const;

/**
 * The prior study beside this one (issue 27 §3). It asks for the prior as the viewer opens; without
 * one (or when it cannot be had: an extra, never an error page) there is no control. "Compare with
 * prior" opens it beside the study on screen: once the prior shows its first slice it is taken to
 * the slice nearest the one on screen, and from then on each study the patient moves takes the other
 * to its nearest slice, until the patient unlinks them.
 *
 * The app provides `findPrior` and the two follows, `followOnPrior` and `followOnCurrent` (the
 * viewer chart's FOLLOW_POSITION, which never tells back); each viewer tells this chart where it is
 * (CURRENT_MOVED, PRIOR_MOVED). A position null (a series without positions) moves nothing.
 */
export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as PriorRequest,
  },
  actors: {
    findPrior: fromPromise<FoundPrior | null, PriorRequest>(() => Promise.reject(new Error('compare: no findPrior'))),
  },
  actions: {
    followOnPrior: (_, _params: { position: number | null }) => {},
    followOnCurrent: (_, _params: { position: number | null }) => {},
  },
  guards: {
    found: (_, found: FoundPrior | null) => found !== null,
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => ({ request: input, found: null, currentPosition: null }),
  initial: 'asking',
  on: {
    CURRENT_MOVED: { actions: assign({ currentPosition: ({ event }) => event.position }) },
  },
  states: {
    asking: {
      invoke: {
        id: 'findPrior',
        src: 'findPrior',
        input: ({ context }) => context.request,
        onDone: [
          { guard: { type: 'found', params: ({ event }) => event.output }, target: 'ready', actions: assign({ found: ({ event }) => event.output }) },
          { target: 'alone', description: 'No earlier study of the same modality and body part: no control.' },
        ],
        onError: { target: 'alone', description: 'The prior is an extra: a failure hides the control and says nothing.' },
      },
    },
    alone: { description: 'No prior: the viewer alone, no control.' },
    ready: {
      description: '"Compare with prior" is offered.',
      on: { OPEN_PRIOR: 'comparing' },
    },
    comparing: {
      initial: 'opening',
      on: { CLOSE_PRIOR: { target: 'ready', description: 'Back to the single viewer; the prior is let go.' } },
      states: {
        opening: {
          description: 'The prior is loading; its first slice is then taken to the one nearest the study on screen.',
          on: { PRIOR_MOVED: { target: 'linked', actions: followPrior } },
        },
        linked: {
          description: 'Each study the patient moves takes the other to its nearest slice.',
          on: {
            CURRENT_MOVED: { actions: [assign({ currentPosition: ({ event }) => event.position }), followPrior] },
            PRIOR_MOVED: { actions: { type: 'followOnCurrent', params: ({ event }) => ({ position: event.position }) } },
            UNLINK: 'unlinked',
          },
        },
        unlinked: {
          description: 'Each scrolls alone, with its own window; linking again takes the prior to the study on screen.',
          on: { LINK: { target: 'linked', actions: followPrior } },
        },
      },
    },
  },
});

export type CompareMachine = typeof compareMachine;
