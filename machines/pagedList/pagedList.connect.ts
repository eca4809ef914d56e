import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PagedListMachine } from './pagedList.machine';

/** What a list view needs: plain values, the state for `data-state`, and what it may ask for. */
export function connectPagedList<T, F>(snapshot: SnapshotFrom<PagedListMachine<T, F>>, send: ActorRefFrom<PagedListMachine<T, F>>['send']) {
  const { items, filter, totals } = snapshot.context;
  const state = String(snapshot.value);
  return {
    state,
    items,
    filter,
    totals,
    isLoading: snapshot.hasTag('loading'),
    isRefreshing: snapshot.hasTag('refreshing'),
    isLoadingMore: snapshot.hasTag('loadingMore'),
    isFinished: snapshot.matches('finished'),
    isEmpty: snapshot.matches('finished') && items.length === 0,
    isFailed: snapshot.matches('failed'),
    canLoadMore: snapshot.can({ type: 'LOAD_MORE' }),
    /** The patient may pull to refresh: not while page 1 is on its way (the app's own refresh still goes). */
    canRefresh: snapshot.can({ type: 'REFRESH' }) && !snapshot.hasTag('loading') && !snapshot.hasTag('refreshing'),
    loadMore: () => send({ type: 'LOAD_MORE' }),
    refresh: () => send({ type: 'REFRESH' }),
    retry: () => send({ type: 'RETRY' }),
    /** Another tab: clear, page 1, scroll to top (a tab already shown changes nothing). */
    switchFilter: (next: F) => {
      if (next !== filter) send({ type: 'SWITCH_FILTER', filter: next });
    },
  };
}
export type PagedListView<T, F> = ReturnType<typeof connectPagedList<T, F>>;
