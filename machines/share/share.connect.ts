import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ShareMachine } from './share.machine';
import type { ShareDays } from './share.types';

/** What the share panel needs. */
export function connectShare<Share>(snapshot: SnapshotFrom<ShareMachine>, send: ActorRefFrom<ShareMachine>['send']) {
  const { context } = snapshot;
  return {
    state: JSON.stringify(snapshot.value),
    days: context.days,
    isCreating: snapshot.matches('creating'),
    /** The app's share as its create call answered it. */
    share: context.share as Share | null,
    card: context.card,
    problem: context.problem,
    copied: context.copied,
    chooseDays: (days: ShareDays) => send({ type: 'CHOOSE_DAYS', days }),
    create: () => send({ type: 'CREATE' }),
    copy: () => send({ type: 'COPY' }),
    again: () => send({ type: 'AGAIN' }),
  };
}
export type ShareView<Share> = ReturnType<typeof connectShare<Share>>;
