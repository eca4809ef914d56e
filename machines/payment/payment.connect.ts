import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PaymentMachine } from './payment.machine';
import { isPayable, type PayWay, type Purchase } from './payment.types';

/**
 * What a view needs of a payment: plain booleans for what to show, and intents named as the
 * patient's words. The view decides nothing; the chart's guard decides what may be paid.
 */
export function connectPayment(snapshot: SnapshotFrom<PaymentMachine>, send: ActorRefFrom<PaymentMachine>['send']) {
  return {
    /** For `data-payment-state`: the chart's state, as the tests and styles key off it. */
    state: String(snapshot.value),
    /** A payment is under way: other taps wait. */
    isBusy: snapshot.hasTag('busy'),
    /** The H5 "is payment complete?" question is open. */
    isAskingH5Result: snapshot.matches('askingH5Result'),
    /** The server could not be asked: "check again" or "later". */
    isQueryFailed: snapshot.matches('queryFailed'),
    /** Whether a pay button belongs on this order at all (the chart's own PAY guard). */
    canPay: (purchase: Pick<Purchase, 'status'>) => isPayable(purchase),
    pay: (purchase: Purchase, how: { payWay: PayWay; returnUrl: string }) => send({ type: 'PAY', purchase, ...how }),
    resumeH5: (purchase: Purchase) => send({ type: 'RESUME_H5', purchase }),
    paid: () => send({ type: 'H5_PAID' }),
    notPaid: () => send({ type: 'H5_NOT_PAID' }),
    queryAgain: () => send({ type: 'QUERY_AGAIN' }),
    later: () => send({ type: 'DISMISS' }),
  };
}
export type PaymentView = ReturnType<typeof connectPayment>;
