import { assign, fromPromise, setup } from 'xstate';
import { isWritten, type FilmDetailContext, type FilmDetailEvent, type FilmDetailInput, type ReportLike, type SyncLike } from './filmDetail.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`filmDetail: no ${name} actor provided`));

/**
 * The film detail's chart. The study comes first (without it there is nothing to show; its
 * failure goes where the error catalogue says). Then two regions run side by side: the report,
 * with its sync check, and the extras (storage, AI, department names), so a slow report never
 * holds back the images, and a failed extra never hides the report.
 */
export const filmDetailMachine = (() => {
  // Whatever the app's actors answer; the connect object gives it the app's type.
  type Film = object;
  type Report = ReportLike;
  type Extras = object;
  type Context = FilmDetailContext<Film, Report, Extras>;
  return setup({
    types: {
      context: {} as Context,
      events: {} as FilmDetailEvent,
      input: {} as FilmDetailInput,
    },
    actors: {
      loadFilm: fromPromise<Film, FilmDetailInput>(unprovided('loadFilm')),
      loadReport: fromPromise<Report, FilmDetailInput>(unprovided('loadReport')),
      checkSync: fromPromise<SyncLike, FilmDetailInput>(unprovided('checkSync')),
      loadExtras: fromPromise<Extras, FilmDetailInput>(unprovided('loadExtras')),
    },
    actions: {
      keepFilm: assign((_, film: Film) => ({ film })),
      keepReport: assign((_, report: Report) => ({ report })),
      keepSync: assign((_, sync: SyncLike) => ({ sync })),
      keepExtras: assign((_, extras: Extras) => ({ extras })),
      /** The study could not be loaded: the error catalogue decides (spec §8: film detail non-200 → error page). */
      reportFailure: (_, _params: { error: unknown }) => {},
    },
    guards: {
      reportWritten: (_, report: Report) => isWritten(report),
      reportSynced: (_, sync: SyncLike) => sync.synced,
      hospitalSynced: ({ context }) => context.sync?.synced === true,
    },
  }).createMachine({
    id: 'filmDetail',
    context: ({ input }) => ({ collectFilmId: input.collectFilmId, film: null, report: null, sync: null, extras: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'loadFilm',
          src: 'loadFilm',
          input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
          onDone: { target: 'showing', actions: { type: 'keepFilm', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            description: 'The study could not be loaded: the error catalogue says where to go; the page offers to try again.',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      failed: {
        on: { RETRY: 'loading' },
      },
      showing: {
        type: 'parallel',
        states: {
          report: {
            initial: 'loading',
            states: {
              loading: {
                invoke: {
                  id: 'loadReport',
                  src: 'loadReport',
                  input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
                  onDone: [
                    { guard: { type: 'reportWritten', params: ({ event }) => event.output }, target: 'written', actions: { type: 'keepReport', params: ({ event }) => event.output } },
                    {
                      guard: 'hospitalSynced',
                      target: 'notWritten',
                      description: 'The hospital has sent its reports, and this one is still empty: the radiologist has not written it yet.',
                      actions: { type: 'keepReport', params: ({ event }) => event.output },
                    },
                    { target: 'checkingSync', description: 'No report yet: ask whether the hospital has sent it.', actions: { type: 'keepReport', params: ({ event }) => event.output } },
                  ],
                  onError: 'failed',
                },
              },
              checkingSync: {
                invoke: {
                  id: 'checkSync',
                  src: 'checkSync',
                  input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
                  onDone: [
                    {
                      guard: { type: 'reportSynced', params: ({ event }) => event.output },
                      target: 'loading',
                      description: 'The hospital has sent its reports: load this one again.',
                      actions: { type: 'keepSync', params: ({ event }) => event.output },
                    },
                    { target: 'notSynced', actions: { type: 'keepSync', params: ({ event }) => event.output } },
                  ],
                  onError: 'failed',
                },
              },
              notSynced: {
                description: 'The hospital has not sent the report yet: its sync status shows, with a way to check again.',
                on: { CHECK_AGAIN: 'checkingSync' },
              },
              notWritten: {
                on: { CHECK_AGAIN: 'checkingSync' },
              },
              failed: {
                on: { RETRY_REPORT: 'loading' },
              },
              written: {},
            },
          },
          extras: {
            initial: 'loading',
            states: {
              loading: {
                invoke: {
                  id: 'loadExtras',
                  src: 'loadExtras',
                  input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
                  onDone: { target: 'ready', actions: { type: 'keepExtras', params: ({ event }) => event.output } },
                  onError: 'failed',
                },
              },
              ready: {},
              failed: {
                on: { RETRY_EXTRAS: 'loading' },
              },
            },
          },
        },
      },
    },
  });
})();

export type FilmDetailMachine = typeof filmDetailMachine;
