import { assign, fromPromise, setup } from 'xstate';
import type { OpenOutcome, OpenedLike, PreviewLike, PreviewOutcome, ShareOpenContext, ShareOpenEvent, ShareOpenInput, ShareRefusal } from './shareOpen.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`shareOpen: no ${name} actor provided`));

/** The refusal of an answer the guards found refused (a preview that is not ok always is). */
const refusalOf = (outcome: PreviewOutcome | OpenOutcome) => (outcome as { refusal: ShareRefusal }).refusal;

/** The shareCode page's chart: preview, access code, open (read-only pass) or a plain refusal. */
export const shareOpenMachine = setup({
  types: { context: {} as ShareOpenContext, events: {} as ShareOpenEvent, input: {} as ShareOpenInput },
  actors: {
    preview: fromPromise<PreviewOutcome, { code: string }>(unprovided('preview')),
    open: fromPromise<OpenOutcome, { code: string; accessCode: string }>(unprovided('open')),
  },
  actions: {
    keepPreview: assign((_, preview: PreviewLike) => ({ preview })),
    refuse: assign((_, refusal: ShareRefusal) => ({ refusal })),
    enter: assign((_, accessCode: string) => ({ accessCode, problem: null })),
    problem: assign((_, problem: ShareOpenContext['problem']) => ({ problem })),
    wrongCode: assign((_, attemptsLeft: number) => ({ problem: 'codeWrong' as const, attemptsLeft, accessCode: '' })),
    lock: assign((_, retryAfterSeconds: number) => ({ retryAfterSeconds, accessCode: '', problem: null })),
    unlock: assign({ retryAfterSeconds: null, attemptsLeft: null }),
    /** Keep the read-only pass and open the shared study (the app's study-pass store and router). */
    openStudy: (_, _opened: OpenedLike) => {},
  },
  guards: {
    previewed: (_, outcome: PreviewOutcome) => outcome.ok,
    opened: (_, outcome: OpenOutcome) => outcome.ok,
    refused: (_, outcome: OpenOutcome) => 'refusal' in outcome,
    locked: (_, outcome: OpenOutcome) => !outcome.ok && 'locked' in outcome,
    formFine: (_, problem: 'codeIncomplete' | null) => problem === null,
    /** Found, and an access code came with the code: it is checked at once. */
    previewedWithCode: ({ context }, outcome: PreviewOutcome) => outcome.ok && context.accessCode !== '',
  },
  delays: {
    lockDelay: ({ context }) => (context.retryAfterSeconds ?? 0) * 1000,
  },
}).createMachine({
  id: 'shareOpen',
  context: ({ input }) => ({ code: input.code, preview: null, accessCode: input.accessCode ?? '', refusal: null, problem: null, attemptsLeft: null, retryAfterSeconds: null }),
  initial: 'previewing',
  states: {
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'previewedWithCode', params: ({ event }) => event.output },
            target: 'opening',
            description: 'The access code came with the code (pasted together): it is checked at once.',
            actions: { type: 'keepPreview', params: ({ event }) => (event.output as { preview: PreviewLike }).preview },
          },
          { guard: { type: 'previewed', params: ({ event }) => event.output }, target: 'entering', actions: { type: 'keepPreview', params: ({ event }) => (event.output as { preview: PreviewLike }).preview } },
          { target: 'refused', actions: { type: 'refuse', params: ({ event }) => refusalOf(event.output) } },
        ],
        onError: 'previewFailed',
      },
    },
    previewFailed: { on: { RETRY: 'previewing' } },
    entering: {
      on: {
        ENTER: { actions: { type: 'enter', params: ({ event }) => event.accessCode } },
        OPEN: [
          { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: 'opening' },
          { actions: { type: 'problem', params: 'codeIncomplete' } },
        ],
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ code: context.code, accessCode: context.accessCode }),
        onDone: [
          { guard: { type: 'opened', params: ({ event }) => event.output }, target: 'opened', actions: { type: 'openStudy', params: ({ event }) => (event.output as { opened: OpenedLike }).opened } },
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'refused', description: 'Expired or revoked since the page opened.', actions: { type: 'refuse', params: ({ event }) => refusalOf(event.output) } },
          { guard: { type: 'locked', params: ({ event }) => event.output }, target: 'locked', actions: { type: 'lock', params: ({ event }) => ('retryAfterSeconds' in event.output ? event.output.retryAfterSeconds : 0) } },
          { target: 'entering', actions: { type: 'wrongCode', params: ({ event }) => ('attemptsLeft' in event.output ? event.output.attemptsLeft : 0) } },
        ],
        onError: { target: 'entering', actions: { type: 'problem', params: 'offline' } },
      },
    },
    locked: {
      description: 'Too many wrong codes: the share refuses for a while; then the patient may try again.',
      after: { lockDelay: { target: 'entering', actions: 'unlock' } },
    },
    refused: {
      description: 'Expired, revoked or never made: said plainly; nothing more to do here.',
    },
    opened: {},
  },
});

export type ShareOpenMachine = typeof shareOpenMachine;
