import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PaymentMachine } from './payment.machine';

/**
 * What the pay dialogs need of a payment: plain booleans for what to show, and the patient's
 * answers. Starting and resuming a payment is the purchase chart's (`connectPurchase`).
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
    /** Inside WeChat, the payment waits for WeChat pay to be ready ("preparing WeChat pay"). */
    isPreparingWechat: snapshot.matches('preparingWechat'),
    /** Inside WeChat, WeChat pay could not be made ready: "try again" or "not now"; nothing was paid. */
    isWechatNotReady: snapshot.matches('wechatNotReady'),
    paid: () => send({ type: 'H5_PAID' }),
    notPaid: () => send({ type: 'H5_NOT_PAID' }),
    queryAgain: () => send({ type: 'QUERY_AGAIN' }),
    retryWechat: () => send({ type: 'RETRY_WECHAT' }),
    /** "Later" on a result that could not be asked for, "not now" when WeChat pay is not ready. */
    later: () => send({ type: 'DISMISS' }),
  };
}
export type PaymentView = ReturnType<typeof connectPayment>;
