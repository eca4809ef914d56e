import { assign, fromPromise, setup } from 'xstate';
import type { ConsultationContext, ConsultationEvent, ConsultationInput, ConsultationJump } from './consultation.types';

/** The consultation page's address: `ready`, `going` and `back` are entered only on an answer that goes there. */
const urlOf = (context: ConsultationContext) => (context.jump as Extract<ConsultationJump, { kind: 'go' }>).url;

/**
 * The diagnose chart: ask for the consultation page; when its origin is allowed, say what opening
 * it sends and to whom, and go only when the patient continues; back from it, wait for the
 * patient before going again, so back never bounces out of the app.
 */
const chart = setup({
  types: { context: {} as ConsultationContext, events: {} as ConsultationEvent, input: {} as ConsultationInput },
  actors: {
    ask: fromPromise<ConsultationJump, { collectFilmId: string | null }>(() => Promise.reject(new Error('consultation: no ask actor provided'))),
  },
  actions: {
    keepJump: assign((_, jump: ConsultationJump) => ({ jump })),
    forgetJump: assign({ jump: null }),
    markCameBack: assign({ cameBack: true }),
    /** Open the consultation page, remembering that this page went there (the wiring's navigation). */
    goTo: (_, _params: { url: string }) => {},
  },
  guards: {
    goes: (_, jump: ConsultationJump) => jump.kind === 'go',
    goesAgain: ({ context }, jump: ConsultationJump) => jump.kind === 'go' && context.cameBack,
    refused: (_, jump: ConsultationJump) => jump.kind === 'refused',
    notOffered: (_, jump: ConsultationJump) => jump.kind === 'notOffered',
  },
});

/** Told what opening the address sends and to whom: continue goes; cancel closes it where the patient was. */
const CONFIRMING = {
  tags: ['confirming'],
  on: { CONFIRM: '#consultation.going', CANCEL: 'closed' },
} as const;

export const consultationMachine = chart.createMachine({
  id: 'consultation',
  context: ({ input }) => ({ ...input, jump: null }),
  initial: 'asking',
  on: { CAME_BACK: { actions: 'markCameBack' } },
  states: {
    asking: {
      entry: 'forgetJump',
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
        onDone: [
          {
            guard: { type: 'goesAgain', params: ({ event }) => event.output },
            target: 'back',
            description: 'Back on this page from the consultation page (back, a reload): wait for the patient before going again.',
            actions: { type: 'keepJump', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'goes', params: ({ event }) => event.output },
            target: 'ready',
            description: 'An allowed address: what it sends is said before anything goes.',
            actions: { type: 'keepJump', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'refused', params: ({ event }) => event.output },
            target: 'refused',
            description: 'The address is not on the allowed list: not opened, its origin said.',
            actions: { type: 'keepJump', params: ({ event }) => event.output },
          },
          { guard: { type: 'notOffered', params: ({ event }) => event.output }, target: 'notOffered', actions: { type: 'keepJump', params: ({ event }) => event.output } },
          { target: 'declined', description: "The server's refusal, in its words.", actions: { type: 'keepJump', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', description: 'No answer (offline, timed out): said, with a retry.' },
      },
    },
    failed: {
      on: { RETRY: 'asking' },
    },
    ready: {
      description: 'Not gone yet: the patient is told what the address sends, and to whom, and decides.',
      initial: 'confirming',
      states: {
        confirming: CONFIRMING,
        closed: { description: 'Cancelled: nothing sent, and the page says so.', on: { OPEN_AGAIN: 'confirming' } },
      },
    },
    going: {
      entry: { type: 'goTo', params: ({ context }) => ({ url: urlOf(context) }) },
      on: { CAME_BACK: { target: 'back', actions: 'markCameBack' } },
    },
    back: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_AGAIN: 'confirming' } },
        confirming: CONFIRMING,
      },
    },
    refused: {},
    notOffered: {},
    declined: {
      on: { ASK_AGAIN: 'asking' },
    },
  },
});

export type ConsultationMachine = typeof consultationMachine;
