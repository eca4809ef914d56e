import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import { STORAGE_ORDER_TABS, type StorageOrderRow } from '../../shared/api/storageSchemas';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import { usePagedList } from '../../shared/list/usePagedList';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useStandalonePayment } from '../../shared/payment/useStandalonePayment';
import { useServices } from '../../shared/services';
import { cancelStorageOrder, loadStorageOrders } from './storageCalls';

type Tab = (typeof STORAGE_ORDER_TABS)[number];
type StoreOrderTabKey = Tab['key'];
const TAB_KEYS: readonly StoreOrderTabKey[] = STORAGE_ORDER_TABS.map((tab) => tab.key);
const storageOrderListMachine = createPagedListMachine<StorageOrderRow, Tab['status']>();
const tabOf = (key: string | null): Tab => STORAGE_ORDER_TABS.find((tab) => tab.key === key) ?? STORAGE_ORDER_TABS[0];

/**
 * The storage order list's wiring: the list by tab (kept in the address), paying an order through
 * the payment feature and cancelling one after confirming, each refreshing the list; for the view
 * plain values and intents.
 */
export function useStoreOrders(port: PaymentPort) {
  const { api } = useServices();
  const [query, setQuery] = useSearchParams();
  const selected = tabOf(query.get('tab'));
  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<Tab['status']>, signal: AbortSignal) => loadStorageOrders(api, { status: filter, pageIndex: page, pageLength: pageSize }, signal),
    [api],
  );
  const list = usePagedList({ machine: storageOrderListMachine, filter: selected.status, load });
  const payment = useStandalonePayment(port, list.refresh);
  const act = useCallback((item: ActionItem) => cancelStorageOrder(api, item.id), [api]);
  const cancel = useConfirmedAction(act, list.refresh);
  return {
    tabs: TAB_KEYS,
    selected: selected.key,
    switchTab: (key: StoreOrderTabKey) => {
      if (key !== selected.key) setQuery({ tab: key }, { replace: true });
      list.switchFilter(tabOf(key).status);
    },
    list,
    payment: payment.view,
    Dialogs: payment.Dialogs,
    /** One flow at a time: while a payment or a cancel is under way, buttons wait. */
    isBusy: payment.view.isBusy || cancel.isBusy,
    canPay: (row: StorageOrderRow) => payment.view.canPay(row),
    pay: (row: StorageOrderRow) => payment.pay(purchaseOf('storageOrder', row)),
    cancel: {
      ask: (row: StorageOrderRow) => cancel.ask({ id: row.orderId }),
      isConfirming: cancel.isConfirming,
      confirm: cancel.confirm,
      dismiss: cancel.dismiss,
    },
  };
}
