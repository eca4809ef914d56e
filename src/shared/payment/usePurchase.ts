import { useMemo } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { connectPayment } from '../../../machines/payment/payment.connect';
import { connectPurchase } from '../../../machines/purchase/purchase.connect';
import { createPurchaseMachine, type PurchaseMachine } from '../../../machines/purchase/purchase.machine';
import type { SubmitOutcome } from '../../../machines/purchase/purchase.types';
import type { Purchase } from '../../../machines/payment/payment.types';
import { useReportFailure } from '../api/useReportFailure';
import { useAppMachine } from '../charts/useAppMachine';
import { useChartSnapshot } from '../charts/useChartSnapshot';
import type { PaymentPort } from './paymentPort';

/**
 * The one way a screen sells (issue 23): the purchase chart, its payment child the port's. A
 * screen that buys something new runs it as its own chart (`usePurchase`); a screen that pays
 * orders it lists or follows runs it as a child of its chart and connects it (`usePurchaseActor`).
 */

/** A purchase chart running (as a screen's chart or a child of one), connected for the view; paying and confirming pay the way the port says now. */
export function usePurchaseActor<Problem extends string = string>(ref: ActorRefFrom<PurchaseMachine>, port: PaymentPort) {
  const snapshot = useChartSnapshot(ref);
  const paymentRef = snapshot.children.payment;
  if (!paymentRef) throw new Error('purchase: the payment chart is not running');
  const payment = useChartSnapshot(paymentRef);
  const { howToPay } = port;
  return useMemo(() => {
    const view = connectPurchase<Problem>(snapshot, ref.send);
    return {
      ...view,
      /** The payment child's, for the pay dialogs. */
      payment: connectPayment(payment, paymentRef.send),
      confirm: () => view.confirm(howToPay()),
      pay: (purchase: Purchase) => view.pay(purchase, howToPay()),
    };
  }, [snapshot, ref, payment, paymentRef, howToPay]);
}
export type SellingView<Problem extends string = string> = ReturnType<typeof usePurchaseActor<Problem>>;

/** What a screen that buys something new provides: the order call, and what follows when an order changed or was refused. */
export interface SaleEffects<Problem extends string> {
  /** Make (or get back) the order for the chosen item (a plan's or a channel's id). `signal` aborts when the screen goes. */
  submitOrder(choice: string, signal: AbortSignal): Promise<SubmitOutcome<Problem>>;
  /** An order needs no money now, or was paid or is being confirmed. */
  orderChanged(orderId: string): void;
  /** The server refused: what is for sale may have changed. */
  reload(): void;
}

/** The purchase chart to run as a child of a screen's chart (an order list, the progress page): it only pays orders that exist. */
export function usePurchaseLogic(port: PaymentPort): PurchaseMachine {
  return useMemo(() => createPurchaseMachine(port.logic), [port.logic]);
}

/** The purchase chart as a screen's own chart. `effects` must be stable (useMemo). */
export function usePurchase<Problem extends string>(port: PaymentPort, effects: SaleEffects<Problem>) {
  const reportFailure = useReportFailure();
  const machine = useMemo(
    () =>
      createPurchaseMachine(port.logic).provide({
        actors: { submitOrder: fromPromise<SubmitOutcome, { choice: string }>(({ input, signal }) => effects.submitOrder(input.choice, signal)) },
        actions: {
          orderChanged: (_, { orderId }) => effects.orderChanged(orderId),
          reload: () => effects.reload(),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [port.logic, effects, reportFailure],
  );
  const [, , actor] = useAppMachine(machine);
  return usePurchaseActor<Problem>(actor, port);
}
