import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { StoreBuyMachine } from './storeBuy.machine';

/** What the storage page needs of a purchase: the plan shown as chosen, the confirmation, the problem. */
export function connectStoreBuy(snapshot: SnapshotFrom<StoreBuyMachine>, send: ActorRefFrom<StoreBuyMachine>['send']) {
  const { context } = snapshot;
  return {
    state: String(snapshot.value),
    /** The chosen plan, or null for the screen's default. */
    planId: context.planId,
    /** The plan whose price is being confirmed or ordered (the chosen one, from "buy" to the order's answer). */
    ordering: snapshot.matches('confirming') || snapshot.matches('submitting') ? context.planId : null,
    isConfirming: snapshot.matches('confirming'),
    isSubmitting: snapshot.hasTag('busy'),
    problem: context.problem,
    choose: (planId: string) => send({ type: 'CHOOSE', planId }),
    buy: (planId: string) => send({ type: 'BUY', planId }),
    confirm: () => send({ type: 'CONFIRM' }),
    dismiss: () => send({ type: 'DISMISS' }),
  };
}
export type StoreBuyView = ReturnType<typeof connectStoreBuy>;
