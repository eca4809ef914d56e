import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ShareOpenMachine } from './shareOpen.machine';

/** What the shareCode page needs. */
export function connectShareOpen<Preview>(snapshot: SnapshotFrom<ShareOpenMachine>, send: ActorRefFrom<ShareOpenMachine>['send']) {
  const { context } = snapshot;
  return {
    state: String(snapshot.value),
    isPreviewing: snapshot.matches('previewing'),
    previewFailed: snapshot.matches('previewFailed'),
    preview: context.preview as Preview | null,
    accessCode: context.accessCode,
    refusal: context.refusal,
    problem: context.problem,
    attemptsLeft: context.attemptsLeft,
    isOpening: snapshot.matches('opening'),
    isLocked: snapshot.matches('locked'),
    retryAfterSeconds: context.retryAfterSeconds,
    isOpened: snapshot.matches('opened'),
    canOpen: snapshot.can({ type: 'OPEN', problem: null }),
    enter: (accessCode: string) => send({ type: 'ENTER', accessCode }),
    open: (problem: 'codeIncomplete' | null) => send({ type: 'OPEN', problem }),
    retry: () => send({ type: 'RETRY' }),
  };
}
export type ShareOpenView<Preview> = ReturnType<typeof connectShareOpen<Preview>>;
