import { assign, fromPromise, setup } from 'xstate';
import type { ResourceContext, ResourceEvent } from './resource.types';

/**
 * The resource chart. `load` and `reportFailure` are provided by the app
 * (`machine.provide({ actors: { load }, actions: { reportFailure } })`); `load` gets
 * fromPromise's own `signal`, aborted when the machine leaves `loading`.
 */
export function createResourceMachine<T>() {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as ResourceEvent,
    },
    actors: {
      load: fromPromise<T>(() => Promise.reject(new Error('resource: no load actor provided'))),
    },
    actions: {
      reportFailure: (_, _params: { error: unknown }) => {},
    },
  }).createMachine({
    id: 'resource',
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'loaded',
            actions: assign({ data: ({ event }) => event.output, error: null }),
          },
          onError: {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => event.error }),
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      loaded: {
        on: { RELOAD: 'loading' },
      },
      failed: {
        on: { RETRY: 'loading' },
      },
    },
  });
}

export type ResourceMachine<T> = ReturnType<typeof createResourceMachine<T>>;
