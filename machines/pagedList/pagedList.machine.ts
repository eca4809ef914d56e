import { assign, fromPromise, setup } from 'xstate';
import type { ListPage, LoadRequest, PagedListContext, PagedListEvent, PagedListInput } from './pagedList.types';

/**
 * The paged-list chart. The app provides `load` (one page), `reportFailure` and `scrollToTop`.
 * A page that arrives after a tab switch or a refresh is dropped: leaving a loading state stops
 * its request, and a stopped request's answer never reaches the chart.
 */
export function createPagedListMachine<T, F>() {
  type Done = { output: ListPage<T> };
  const pageOf = (event: unknown) => (event as Done).output;

  return setup({
    types: {
      context: {} as PagedListContext<T, F>,
      events: {} as PagedListEvent<F>,
      input: {} as PagedListInput<F>,
    },
    actors: {
      load: fromPromise<ListPage<T>, LoadRequest<F>>(() => Promise.reject(new Error('pagedList: no load actor provided'))),
    },
    actions: {
      reportFailure: (_, _params: { error: unknown }) => {},
      scrollToTop: () => {},
      startOver: assign(({ context, event }) => ({
        filter: event.type === 'SWITCH_FILTER' ? event.filter : context.filter,
        items: [],
        totals: 0,
        page: 0,
        error: null,
      })),
      replaceWithFirstPage: assign(({ event }) => ({ items: pageOf(event).rows, totals: pageOf(event).totals, page: 1 })),
      appendPage: assign(({ context, event }) => ({
        items: [...context.items, ...pageOf(event).rows],
        totals: pageOf(event).totals,
        page: context.page + 1,
      })),
      rememberError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
    },
    guards: {
      /** Page 1 holds everything (an empty page also ends the list, whatever totals claims). */
      firstPageIsAll: ({ event }) => pageOf(event).rows.length === 0 || pageOf(event).rows.length >= pageOf(event).totals,
      nextPageReachesTotals: ({ context, event }) =>
        pageOf(event).rows.length === 0 || context.items.length + pageOf(event).rows.length >= pageOf(event).totals,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({ filter: input.filter, pageSize: input.pageSize, items: [], totals: 0, page: 0, error: null }),
    initial: 'loading',
    on: {
      SWITCH_FILTER: { target: '.loading', reenter: true, actions: ['startOver', 'scrollToTop'] },
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ filter: context.filter, page: 1, pageSize: context.pageSize }),
          onDone: [
            { guard: 'firstPageIsAll', target: 'finished', actions: 'replaceWithFirstPage' },
            { target: 'idle', actions: 'replaceWithFirstPage' },
          ],
          onError: { target: 'failed', actions: ['rememberError', { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }] },
        },
      },
      idle: {
        on: { LOAD_MORE: 'loadingMore', REFRESH: 'refreshing' },
      },
      loadingMore: {
        tags: ['loadingMore'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ filter: context.filter, page: context.page + 1, pageSize: context.pageSize }),
          onDone: [
            { guard: 'nextPageReachesTotals', target: 'finished', actions: 'appendPage' },
            { target: 'idle', actions: 'appendPage' },
          ],
          onError: { target: 'failed', actions: ['rememberError', { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }] },
        },
        on: { REFRESH: 'refreshing' },
      },
      refreshing: {
        tags: ['refreshing'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ filter: context.filter, page: 1, pageSize: context.pageSize }),
          onDone: [
            { guard: 'firstPageIsAll', target: 'finished', actions: 'replaceWithFirstPage' },
            { target: 'idle', actions: 'replaceWithFirstPage' },
          ],
          onError: { target: 'failed', actions: ['rememberError', { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) }] },
        },
      },
      finished: {
        on: { REFRESH: 'refreshing' },
      },
      failed: {
        on: { RETRY: { target: 'loading', actions: 'startOver' }, REFRESH: 'refreshing' },
      },
    },
  });
}

export type PagedListMachine<T, F> = ReturnType<typeof createPagedListMachine<T, F>>;
