import { useMemo } from 'react';
import { connectPayment } from '../../../machines/payment/payment.connect';
import type { Purchase } from '../../../machines/payment/payment.types';
import { useAppMachine } from '../charts/useAppMachine';
import type { PaymentPort } from './paymentPort';

/**
 * A payment on a screen with no list of orders to keep in step (buying a storage plan, the storage
 * order list's rows): the payment chart on its own, `onPaid` when it is paid or being confirmed.
 * `onPaid` must be stable.
 */
export function useStandalonePayment(port: PaymentPort, onPaid: () => void) {
  const logic = useMemo(() => port.logic.provide({ actions: { refreshList: onPaid } }), [port.logic, onPaid]);
  const [snapshot, send] = useAppMachine(logic);
  const view = useMemo(() => connectPayment(snapshot, send), [snapshot, send]);
  return {
    view,
    pay: (purchase: Purchase) => view.pay(purchase, port.howToPay()),
    Dialogs: port.Dialogs,
  };
}
