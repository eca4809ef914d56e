import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isPayable, type Purchase } from '../payment/payment.types';
import type { PurchaseMachine } from './purchase.machine';
import type { PayHow } from './purchase.types';

/**
 * What a screen that sells needs: the choice, the confirmation, the refusal, whether a purchase is
 * under way, and the intents. The pay dialogs connect the payment child themselves (`connectPayment`).
 */
export function connectPurchase<Problem extends string = string>(snapshot: SnapshotFrom<PurchaseMachine>, send: ActorRefFrom<PurchaseMachine>['send']) {
  const { context } = snapshot;
  const confirming = snapshot.matches('confirming');
  return {
    /** For `data-purchase-state`. */
    state: String(snapshot.value),
    /** The chosen item, or null for the screen's default. */
    choice: context.choice,
    /** The item whose price is being confirmed or ordered. */
    ordering: confirming || snapshot.matches('submitting') ? context.choice : null,
    isConfirming: confirming,
    isSubmitting: snapshot.matches('submitting'),
    /** An order is being made or paid: other taps wait. */
    isBusy: snapshot.hasTag('busy'),
    problem: context.problem as Problem | null,
    /** Whether a pay button belongs on this order at all (the chart's own PAY guard). */
    canPay: (purchase: Pick<Purchase, 'status'>) => isPayable(purchase),
    choose: (choice: string) => send({ type: 'CHOOSE', choice }),
    buy: (choice: string) => send({ type: 'BUY', choice }),
    confirm: (how: PayHow) => send({ type: 'CONFIRM', ...how }),
    dismiss: () => send({ type: 'DISMISS' }),
    pay: (purchase: Purchase, how: PayHow) => send({ type: 'PAY', purchase, ...how }),
    resumeH5: (purchase: Purchase) => send({ type: 'RESUME_H5', purchase }),
  };
}
export type PurchaseView<Problem extends string = string> = ReturnType<typeof connectPurchase<Problem>>;
