import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { ListPage, LoadRequest, PagedListContext, PagedListEvent, PagedListInput } from './pagedList.types';

/**
 * The paged-list chart. The app provides `load` (one page), `reportFailure` and `scrollToTop`.
 * A page that arrives after a tab switch or a refresh is dropped: leaving a loading state stops
 * its request, and a stopped request's answer never reaches the chart. A refresh asked while
 * page 1 is on its way asks for it again: the answer in flight may have been read before the
 * change the refresh is for (a share just created, an order just cancelled).
 */
export function createPagedListMachine<T, F>() {
  /** A page that could not be had: remember why, and let the app say so. */
  const failed = [
    { type: 'rememberError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
    { type: 'reportFailure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
  ] as const;

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
      // The list ends exactly at totals: rows past it (a server whose pages overlap) are not shown.
      replaceWithFirstPage: assign((_, page: ListPage<T>) => ({ items: page.rows.slice(0, page.totals), totals: page.totals, page: 1 })),
      appendPage: assign(({ context }, page: ListPage<T>) => ({
        items: [...context.items, ...page.rows].slice(0, page.totals),
        totals: page.totals,
        page: context.page + 1,
      })),
      rememberError: assign((_, error: unknown) => ({ error })),
    },
    guards: {
      /** Page 1 holds everything (an empty page also ends the list, whatever totals claims). */
      firstPageIsAll: (_, page: ListPage<T>) => page.rows.length === 0 || page.rows.length >= page.totals,
      nextPageReachesTotals: ({ context }, page: ListPage<T>) => page.rows.length === 0 || context.items.length + page.rows.length >= page.totals,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({ filter: input.filter, pageSize: input.pageSize, items: [], totals: 0, page: 0, error: null }),
    initial: 'loading',
    on: {
      SWITCH_FILTER: { target: '.loading', actions: ['startOver', 'scrollToTop'] },
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ filter: context.filter, page: 1, pageSize: context.pageSize }),
          onDone: [
            {
              guard: { type: 'firstPageIsAll', params: ({ event }) => event.output },
              target: 'finished',
              actions: { type: 'replaceWithFirstPage', params: ({ event }) => event.output },
            },
            { target: 'idle', actions: { type: 'replaceWithFirstPage', params: ({ event }) => event.output } },
          ],
          onError: { target: 'failed', actions: failed },
        },
        on: {
          REFRESH: { target: 'loading', reenter: true, description: 'Page 1 again: the page on its way may predate what the refresh is for' },
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
            {
              guard: { type: 'nextPageReachesTotals', params: ({ event }) => event.output },
              target: 'finished',
              actions: { type: 'appendPage', params: ({ event }) => event.output },
            },
            { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
          ],
          onError: { target: 'failed', actions: failed },
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
            {
              guard: { type: 'firstPageIsAll', params: ({ event }) => event.output },
              target: 'finished',
              actions: { type: 'replaceWithFirstPage', params: ({ event }) => event.output },
            },
            { target: 'idle', actions: { type: 'replaceWithFirstPage', params: ({ event }) => event.output } },
          ],
          onError: { target: 'failed', actions: failed },
        },
        on: {
          REFRESH: { target: 'refreshing', reenter: true, description: 'Page 1 again, the rows kept: the page on its way may predate what the refresh is for' },
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
