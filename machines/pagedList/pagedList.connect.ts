import type { SnapshotFrom } from 'xstate';
import type { PagedListMachine } from './pagedList.machine';

/** What a list view needs: plain values, the state for `data-state`, and what it may ask for. */
export function connectPagedList<T, F>(snapshot: SnapshotFrom<PagedListMachine<T, F>>) {
  const { items, filter, totals } = snapshot.context;
  const state = snapshot.value as string;
  return {
    state,
    items,
    filter,
    totals,
    isLoading: snapshot.hasTag('loading'),
    isRefreshing: snapshot.hasTag('refreshing'),
    isLoadingMore: snapshot.hasTag('loadingMore'),
    isFinished: state === 'finished',
    isEmpty: state === 'finished' && items.length === 0,
    isFailed: state === 'failed',
    canLoadMore: snapshot.can({ type: 'LOAD_MORE' }),
    canRefresh: snapshot.can({ type: 'REFRESH' }),
  };
}
