import { assign, fromPromise, setup } from 'xstate';
import type { ResourceContext, ResourceEvent, ResourceInput } from './resource.types';

/** The chart of a screen that loads one thing and shows it; the app provides `load` and `reportFailure`. */
export const resourceMachine = (() => {
  // Whatever the app's `load` answers, asked with a plain record; the connect object gives it the app's type.
  type T = object;
  type R = Readonly<Record<string, string>>;
  return setup({
    types: {
      context: {} as ResourceContext<T, R>,
      events: {} as ResourceEvent,
      input: {} as ResourceInput<R>,
    },
    actors: {
      load: fromPromise<T, R>(() => Promise.reject(new Error('resource: no load actor provided'))),
    },
    actions: {
      keepData: assign((_, data: T) => ({ data })),
      /** Where a failure goes is the error catalogue's to say (a toast, the error page, or nothing). */
      reportFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id: 'resource',
    context: ({ input }) => ({ request: input.request, data: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => context.request,
          onDone: { target: 'ready', actions: { type: 'keepData', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            description: 'It could not be loaded: the catalogue says where that goes; the screen offers to try again.',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      ready: {
        on: { RELOAD: { target: 'loading', description: 'What was shown changed on the server (a purchase, a refusal): load it again.' } },
      },
      failed: {
        on: { RETRY: 'loading', RELOAD: 'loading' },
      },
    },
  });
})();

export type ResourceMachine = typeof resourceMachine;
