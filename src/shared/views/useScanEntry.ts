import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectScanEntry } from '../../../machines/scanEntry/scanEntry.connect';
import { scanEntryMachine } from '../../../machines/scanEntry/scanEntry.machine';
import type { ScanOutcome } from '../../../machines/scanEntry/scanEntry.types';
import { useAppMachine } from '../charts/useAppMachine';
import { bagCodeOf, bagCollectHref } from '../navigation/bagCode';
import { useServices } from '../services';

/**
 * "Scan the film bag" (issue 14, scanner): the scan entry chart with the port's scanner, the
 * bag-code rule on what was scanned or typed, and the way to the collect form for that bag.
 */
export function useScanEntry() {
  const { wechat } = useServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      scanEntryMachine.provide({
        actors: {
          scan: fromPromise<ScanOutcome>(async () => {
            const result = await wechat.scanCode();
            return result.kind === 'scanned' ? { ...result, code: bagCodeOf(result.text, window.location.origin) } : result;
          }),
        },
        actions: { openBag: (_, { code }) => void navigate(bagCollectHref(code)) },
      }),
    [wechat, navigate],
  );
  const [snapshot, send] = useAppMachine(machine);
  return useMemo(() => {
    const view = connectScanEntry(snapshot, send);
    return { ...view, submit: () => view.submit(bagCodeOf(view.typed, window.location.origin)) };
  }, [snapshot, send]);
}
export type ScanEntryView = ReturnType<typeof useScanEntry>;
