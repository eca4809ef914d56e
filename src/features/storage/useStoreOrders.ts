import { useCallback, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConfirmedActionMachine } from '../../../machines/confirmedAction/confirmedAction.machine';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { createOrderListMachine } from '../../../machines/orderList/orderList.machine';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import { STORAGE_ORDER_TABS, type StorageOrderRow } from '../../shared/api/storageSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useConfirmedActionActor, useConfirmedActionLogic } from '../../shared/charts/useConfirmedAction';
import { useAddressTab, useListFollows } from '../../shared/list/useAddressTab';
import { usePagedListActor, usePagedListLogic } from '../../shared/list/usePagedList';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { usePurchaseActor, usePurchaseLogic } from '../../shared/payment/usePurchase';
import { PAGE_SIZE } from '../../shared/rules/constants';
import { useServices } from '../../shared/services';
import { cancelStorageOrder, loadStorageOrders } from './storageCalls';

type Tab = (typeof STORAGE_ORDER_TABS)[number];
const storageOrderListMachine = createPagedListMachine<StorageOrderRow, Tab['status']>();

/**
 * The storage order list's wiring, as the AI order list's: one chart (list, cancel after
 * confirming, purchase as its children; a paid or cancelled order reloads the list), the tab from
 * the address, and for the view plain values and intents.
 */
export function useStoreOrders(port: PaymentPort) {
  const { api } = useServices();
  const tab = useAddressTab(STORAGE_ORDER_TABS);
  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<Tab['status']>, signal: AbortSignal) => loadStorageOrders(api, { status: filter, pageIndex: page, pageLength: pageSize }, signal),
    [api],
  );
  const listLogic = usePagedListLogic(storageOrderListMachine, load);
  const act = useCallback((item: ActionItem) => cancelStorageOrder(api, item.id), [api]);
  const cancelLogic = useConfirmedActionLogic(act);
  const purchaseLogic = usePurchaseLogic(port);
  const logic = useMemo(() => createOrderListMachine({ list: listLogic, order: cancelLogic, purchase: purchaseLogic }), [listLogic, cancelLogic, purchaseLogic]);
  const [screen] = useAppMachine(logic, { input: { filter: tab.selected.status, pageSize: PAGE_SIZE } });
  const { list: listRef, order: cancelRef, purchase: purchaseRef } = screen.children;
  if (!listRef || !cancelRef || !purchaseRef) throw new Error('orderList: a child chart is not running');

  const list = usePagedListActor(listRef);
  useListFollows(list, tab.selected.status);
  // The order chart of this list is the confirmed-action chart it was handed.
  const cancel = useConfirmedActionActor(cancelRef as ActorRefFrom<ConfirmedActionMachine>);
  const purchase = usePurchaseActor(purchaseRef, port);
  return {
    tabs: STORAGE_ORDER_TABS,
    selected: tab.selected,
    switchTab: tab.select,
    list,
    purchase,
    /** One flow at a time: while a payment or a cancel is under way, buttons wait. */
    isBusy: purchase.isBusy || cancel.isBusy,
    canPay: (row: StorageOrderRow) => purchase.canPay(row),
    pay: (row: StorageOrderRow) => purchase.pay(purchaseOf('storageOrder', row)),
    cancel: {
      ask: (row: StorageOrderRow) => cancel.ask({ id: row.orderId }),
      isConfirming: cancel.isConfirming,
      confirm: cancel.confirm,
      dismiss: cancel.dismiss,
    },
  };
}
