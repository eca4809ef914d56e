import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ShareEntryMachine } from './shareEntry.machine';
import type { FoundShareLike } from './shareEntry.types';

/** What the share code entry form needs. */
export function connectShareEntry(snapshot: SnapshotFrom<ShareEntryMachine>, send: ActorRefFrom<ShareEntryMachine>['send']) {
  const { context } = snapshot;
  return {
    state: String(snapshot.value),
    text: context.text,
    problem: context.problem,
    isOpening: snapshot.matches('opening'),
    type: (text: string) => send({ type: 'TYPE', text }),
    go: (found: FoundShareLike | null) => send({ type: 'GO', found }),
  };
}
export type ShareEntryView = ReturnType<typeof connectShareEntry>;
