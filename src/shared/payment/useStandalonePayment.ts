import { useCallback, useMemo } from 'react';
import { connectPayment } from '../../../machines/payment/payment.connect';
import type { Purchase } from '../../../machines/payment/payment.types';
import { useAppMachine } from '../charts/useAppMachine';
import type { PaymentPort } from './paymentPort';

/**
 * A payment on a screen with no list of orders to keep in step (buying a storage plan, the storage
 * order list's rows): the payment chart on its own, `onPaid` when it is paid or being confirmed.
 * `onPaid` must be stable; `pay` is, as long as the port is.
 */
export function useStandalonePayment(port: PaymentPort, onPaid: () => void) {
  const logic = useMemo(() => port.logic.provide({ actions: { refreshList: onPaid } }), [port.logic, onPaid]);
  const [snapshot, send, actor] = useAppMachine(logic);
  const view = useMemo(() => connectPayment(snapshot, send), [snapshot, send]);
  const { howToPay } = port;
  // The connect's intent, from the snapshot of the moment: `pay` need not change with every state.
  const pay = useCallback((purchase: Purchase) => connectPayment(actor.getSnapshot(), send).pay(purchase, howToPay()), [actor, send, howToPay]);
  return { view, pay, Dialogs: port.Dialogs };
}
