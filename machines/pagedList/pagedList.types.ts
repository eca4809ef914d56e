/**
 * One paged list (AI orders, studies, downloads, shares, storage orders): the first page loads,
 * more pages load on scroll, pull-to-refresh reloads page 1, and a filter (a tab) starts over.
 * The list is finished when the loaded count reaches the server's totals (spec section 4).
 */
export interface ListPage<T> {
  rows: T[];
  totals: number;
}

export interface PagedListInput<F> {
  filter: F;
  /** Rows per page (spec section 9: 8). */
  pageSize: number;
}

export interface PagedListContext<T, F> {
  filter: F;
  pageSize: number;
  items: T[];
  totals: number;
  /** The last page loaded, 0 before the first. */
  page: number;
  /** Why the last load failed, as the loader threw it. */
  error: unknown;
}

export type PagedListEvent<F> =
  /** The patient scrolled near the end. */
  | { type: 'LOAD_MORE' }
  /** Pull-to-refresh, or coming back after a change (a cancelled or paid order). */
  | { type: 'REFRESH' }
  /** Another tab of the list: clear, page 1, scroll to top. */
  | { type: 'SWITCH_FILTER'; filter: F }
  /** Try a failed load again. */
  | { type: 'RETRY' };

/** What the `load` actor receives. Its promise is aborted when the list no longer wants it. */
export interface LoadRequest<F> {
  filter: F;
  page: number;
  pageSize: number;
}
