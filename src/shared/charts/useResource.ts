import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectResource } from '../../../machines/resource/resource.connect';
import { resourceMachine } from '../../../machines/resource/resource.machine';
import { useReportFailure } from '../api/useReportFailure';
import { useAppMachine } from './useAppMachine';

export type ResourceRequest = Readonly<Record<string, string>>;

/**
 * A screen that loads one thing runs the resource chart: `load` fetches it (its signal aborts when
 * the screen goes), a failure goes where the error catalogue says unless `quiet` (a badge that
 * cannot load simply does not show). `load` must be stable (a module function or a useCallback).
 */
export function useResource<T extends object, R extends ResourceRequest>(
  load: (request: R, signal: AbortSignal) => Promise<T>,
  request: R,
  options: { quiet?: boolean } = {},
) {
  const reportFailure = useReportFailure();
  const quiet = options.quiet === true;
  const machine = useMemo(
    () =>
      resourceMachine.provide({
        actors: { load: fromPromise<object, ResourceRequest>(({ input, signal }) => load(input as R, signal)) },
        actions: { reportFailure: (_, { error }) => !quiet && reportFailure(error) },
      }),
    [load, quiet, reportFailure],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { request } });
  return useMemo(() => connectResource<T>(snapshot, send), [snapshot, send]);
}
