import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ScanEntryMachine } from './scanEntry.machine';

/** What the scan button and its dialog need. */
export function connectScanEntry(snapshot: SnapshotFrom<ScanEntryMachine>, send: ActorRefFrom<ScanEntryMachine>['send']) {
  return {
    state: String(snapshot.value),
    isScanning: snapshot.hasTag('busy'),
    /** The dialog to type the code is open. */
    isTyping: snapshot.matches('typing'),
    typed: snapshot.context.typed,
    problem: snapshot.context.problem,
    scan: () => send({ type: 'SCAN' }),
    type: (value: string) => send({ type: 'TYPE', value }),
    /** Go with what is typed, with the bag's code the bag-code rule found in it (or null). */
    submit: (code: string | null) => send({ type: 'SUBMIT', code }),
    close: () => send({ type: 'CLOSE' }),
  };
}
export type ScanEntryChartView = ReturnType<typeof connectScanEntry>;
