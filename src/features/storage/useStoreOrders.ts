import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConfirmedActionMachine } from '../../../machines/confirmedAction/confirmedAction.machine';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import { STORAGE_ORDER_TABS, type StorageOrderRow } from '../../shared/api/storageSchemas';
import { useConfirmedActionActor, useConfirmedActionLogic } from '../../shared/charts/useConfirmedAction';
import { useOrderList } from '../../shared/list/useOrderList';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useServices } from '../../shared/services';
import { useStableHandler } from '../../shared/views/useStableHandler';
import { cancelStorageOrder, loadStorageOrders } from './storageCalls';

type Tab = (typeof STORAGE_ORDER_TABS)[number];
const storageOrderListMachine = createPagedListMachine<StorageOrderRow, Tab['status']>();

/**
 * The storage order list's wiring, as the AI order list's: the order list (list, cancel after
 * confirming, purchase; a paid or cancelled order reloads the list), and for the view plain values
 * and intents.
 */
export function useStoreOrders(port: PaymentPort) {
  const { api } = useServices();
  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<Tab['status']>, signal: AbortSignal) => loadStorageOrders(api, { status: filter, pageIndex: page, pageLength: pageSize }, signal),
    [api],
  );
  const act = useCallback((item: ActionItem) => cancelStorageOrder(api, item.id), [api]);
  const { orderRef, purchase, ...screen } = useOrderList({ tabs: STORAGE_ORDER_TABS, listMachine: storageOrderListMachine, load, order: useConfirmedActionLogic(act), port });
  // The order chart of this list is the confirmed-action chart it was handed.
  const cancel = useConfirmedActionActor(orderRef as ActorRefFrom<ConfirmedActionMachine>);
  // The same functions on every render: the cards skip re-rendering while only a dialog changes.
  const pay = useStableHandler((row: StorageOrderRow) => purchase.pay(purchaseOf('storageOrder', row)));
  const ask = useStableHandler((row: StorageOrderRow) => cancel.ask({ id: row.orderId }));
  return {
    ...screen,
    purchase,
    /** One flow at a time: while a payment or a cancel is under way, buttons wait. */
    isBusy: purchase.isBusy || cancel.isBusy,
    canPay: (row: StorageOrderRow) => purchase.canPay(row),
    pay,
    cancel: {
      ask,
      isConfirming: cancel.isConfirming,
      /** The order the question is about, as its card shows it. */
      order: cancel.isConfirming ? (screen.list.items.find((row) => row.orderId === cancel.itemId) ?? null) : null,
      confirm: cancel.confirm,
      dismiss: cancel.dismiss,
    },
  };
}
