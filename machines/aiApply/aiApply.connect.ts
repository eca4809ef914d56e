import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AiApplyMachine } from './aiApply.machine';
import type { PayHow } from './aiApply.types';

/** What the application panel needs: the choice, the confirmation, the refusal, and the intents. */
export function connectAiApply(snapshot: SnapshotFrom<AiApplyMachine>, send: ActorRefFrom<AiApplyMachine>['send']) {
  const { context } = snapshot;
  return {
    state: String(snapshot.value),
    channelId: context.channelId,
    /** The channel whose price is being confirmed or ordered. */
    ordering: snapshot.matches('confirming') || snapshot.matches('submitting') ? context.channelId : null,
    isConfirming: snapshot.matches('confirming'),
    isSubmitting: snapshot.matches('submitting'),
    problem: context.problem,
    choose: (channelId: string) => send({ type: 'CHOOSE', channelId }),
    apply: (channelId: string) => send({ type: 'APPLY', channelId }),
    confirm: (how: PayHow) => send({ type: 'CONFIRM', ...how }),
    dismiss: () => send({ type: 'DISMISS' }),
  };
}
export type AiApplyView = ReturnType<typeof connectAiApply>;
