import { useEffect, useMemo, useRef } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { connectPagedList } from '../../../machines/pagedList/pagedList.connect';
import type { PagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { useReportFailure } from '../api/useReportFailure';
import { useAppMachine } from '../charts/useAppMachine';
import { useChartSnapshot } from '../charts/useChartSnapshot';
import { LIST_STALE_MS, PAGE_SIZE } from '../rules/constants';

/** Fetches one page; its signal is aborted when the list no longer wants the page. */
export type PageLoader<T, F> = (request: LoadRequest<F>, signal: AbortSignal) => Promise<ListPage<T>>;

/**
 * A paged-list chart with the app's side effects: `load` fetches a page, failures go where the
 * error catalogue says for the call that failed, tab switches scroll up.
 */
export function usePagedListLogic<T, F>(machine: PagedListMachine<T, F>, load: PageLoader<T, F>): PagedListMachine<T, F> {
  const reportFailure = useReportFailure();
  return useMemo(
    () =>
      machine.provide({
        actors: { load: fromPromise<ListPage<T>, LoadRequest<F>>(({ input, signal }) => load(input, signal)) },
        actions: {
          reportFailure: (_, { error }) => reportFailure(error),
          scrollToTop: () => window.scrollTo(0, 0),
        },
      }),
    [machine, load, reportFailure],
  );
}

/**
 * A list of its own on a screen: runs the chart and connects it for the view. `staleOnReturn`:
 * asked on a return, true when what the patient opened will read differently now (a new report
 * read), so the list asks again at once instead of after LIST_STALE_MS.
 */
export function usePagedList<T, F>(options: { machine: PagedListMachine<T, F>; filter: F; load: PageLoader<T, F>; staleOnReturn?: () => boolean }) {
  const logic = usePagedListLogic(options.machine, options.load);
  const [snapshot, send] = useAppMachine(logic, { input: { filter: options.filter, pageSize: PAGE_SIZE } });
  useRevalidateOnReturn(snapshot.matches('idle') || snapshot.matches('finished'), send, options.staleOnReturn);
  return useMemo(() => connectPagedList(snapshot, send), [snapshot, send]);
}

/** A list that runs as a child of a screen's chart, connected for the view. */
export function usePagedListActor<T, F>(actor: ActorRefFrom<PagedListMachine<T, F>>) {
  const snapshot = useChartSnapshot(actor);
  useRevalidateOnReturn(snapshot.matches('idle') || snapshot.matches('finished'), actor.send);
  return useMemo(() => connectPagedList(snapshot, actor.send), [snapshot, actor]);
}

/**
 * Stale-while-revalidate for a list the patient comes back to (a kept-alive screen shown again:
 * its effects run anew): its items show at once, and when they are older than LIST_STALE_MS the
 * first page is asked for again behind them (REFRESH keeps the items until it answers).
 */
function useRevalidateOnReturn(loaded: boolean, send: (event: { type: 'REFRESH' }) => void, staleOnReturn?: () => boolean) {
  const loadedAt = useRef<number | null>(null);
  // First: on a return, this reads the time of the last load before the effect below renews it.
  // (`staleOnReturn` is the screen's stable callback: the effect still runs on a return only.)
  useEffect(() => {
    if (loadedAt.current === null) return;
    if (staleOnReturn?.() || Date.now() - loadedAt.current > LIST_STALE_MS) send({ type: 'REFRESH' });
  }, [send, staleOnReturn]);
  useEffect(() => {
    if (loaded) loadedAt.current = Date.now();
  }, [loaded]);
}
