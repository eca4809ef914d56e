import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ConfirmedActionMachine } from './confirmedAction.machine';
import type { ActionItem } from './confirmedAction.types';

/** What a view needs: is the question open, is it under way, and the intents. */
export function connectConfirmedAction(snapshot: SnapshotFrom<ConfirmedActionMachine>, send: ActorRefFrom<ConfirmedActionMachine>['send']) {
  return {
    state: String(snapshot.value),
    isConfirming: snapshot.matches('confirming'),
    isBusy: snapshot.hasTag('busy'),
    itemId: snapshot.context.item?.id ?? null,
    /** The item the server last accepted the action on: nothing of it is shown or offered any more. */
    lastDoneId: snapshot.context.lastDoneId,
    ask: (item: ActionItem) => send({ type: 'ASK', item }),
    confirm: () => send({ type: 'CONFIRM' }),
    dismiss: () => send({ type: 'DISMISS' }),
  };
}
export type ConfirmedActionView = ReturnType<typeof connectConfirmedAction>;
