import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import type { CardOutcome, CreateOutcome, ShareContext, ShareEvent, ShareInput, ShareLike } from './share.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`share: no ${name} actor provided`));
const shareOf = (context: ShareContext) => present(context.share, 'share', 'share');

/** The share chart: choose the expiry, create once, then the link, code, QR and WeChat card. */
export const shareMachine = setup({
  types: { context: {} as ShareContext, events: {} as ShareEvent, input: {} as ShareInput },
  actors: {
    createShare: fromPromise<CreateOutcome, { collectFilmId: string; days: ShareContext['days'] }>(unprovided('createShare')),
    prepareCard: fromPromise<CardOutcome, ShareLike>(unprovided('prepareCard')),
  },
  actions: {
    chooseDays: assign((_, days: ShareContext['days']) => ({ days })),
    keepShare: assign((_, share: ShareLike) => ({ share, problem: null, copied: false, card: null })),
    keepCard: assign((_, card: CardOutcome) => ({ card })),
    fail: assign((_, problem: 'offline' | 'refused') => ({ problem })),
    forget: assign({ share: null, card: null, copied: false }),
    markCopied: assign({ copied: true }),
    /** Put the link and the access code on the clipboard (the app's platform adapter). */
    writeClipboard: (_, _share: ShareLike) => {},
    /** The list of my shares shows the new one. */
    refreshList: () => {},
  },
  guards: {
    created: (_, outcome: CreateOutcome) => outcome.ok,
  },
}).createMachine({
  id: 'share',
  context: ({ input }) => ({ collectFilmId: input.collectFilmId, days: 7, share: null, card: null, problem: null, copied: false }),
  initial: 'choosing',
  states: {
    choosing: {
      on: { CHOOSE_DAYS: { actions: { type: 'chooseDays', params: ({ event }) => event.days } }, CREATE: 'creating' },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createShare',
        src: 'createShare',
        input: ({ context }) => ({ collectFilmId: context.collectFilmId, days: context.days }),
        onDone: [
          {
            guard: { type: 'created', params: ({ event }) => event.output },
            target: 'created',
            actions: [{ type: 'keepShare', params: ({ event }) => (event.output as { share: ShareLike }).share }, 'refreshList'],
          },
          { target: 'choosing', description: 'Refused (the study is no longer yours to share): say so.', actions: { type: 'fail', params: 'refused' } },
        ],
        onError: { target: 'choosing', description: 'No answer: the choice stays, to try again.', actions: { type: 'fail', params: 'offline' } },
      },
    },
    created: {
      on: {
        COPY: { actions: [{ type: 'writeClipboard', params: ({ context }) => shareOf(context) }, 'markCopied'] },
        AGAIN: { target: 'choosing', actions: 'forget' },
      },
      initial: 'preparingCard',
      states: {
        preparingCard: {
          description: 'Inside WeChat, "send to a friend" sends this share as a card; elsewhere there is no card.',
          invoke: {
            id: 'prepareCard',
            src: 'prepareCard',
            input: ({ context }) => shareOf(context),
            onDone: { target: 'done', actions: { type: 'keepCard', params: ({ event }) => event.output } },
            onError: { target: 'done', actions: { type: 'keepCard', params: 'failed' } },
          },
        },
        done: {},
      },
    },
  },
});

export type ShareMachine = typeof shareMachine;
