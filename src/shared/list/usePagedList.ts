import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectPagedList } from '../../../machines/pagedList/pagedList.connect';
import type { PagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { PAGE_SIZE } from '../rules/constants';
import { useAppMachine } from '../charts/useAppMachine';

/**
 * Runs one paged list with the app's side effects: `load` fetches a page (its signal is aborted
 * when the list no longer wants it), failures go where the caller says, tab switches scroll up.
 */
export function usePagedList<T, F>(options: {
  machine: PagedListMachine<T, F>;
  filter: F;
  load: (request: LoadRequest<F>, signal: AbortSignal) => Promise<ListPage<T>>;
  reportFailure: (error: unknown) => void;
}) {
  const { machine, load, reportFailure } = options;
  const logic = useMemo(
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
  const [snapshot, send] = useAppMachine(logic, { input: { filter: options.filter, pageSize: PAGE_SIZE } });
  return { view: connectPagedList(snapshot), send };
}
