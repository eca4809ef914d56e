import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { createOrderListMachine, type OrderActionsMachine } from '../../../machines/orderList/orderList.machine';
import type { PagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import { useAppMachine } from '../charts/useAppMachine';
import type { PaymentPort } from '../payment/paymentPort';
import { usePurchaseActor, usePurchaseLogic } from '../payment/usePurchase';
import { PAGE_SIZE } from '../rules/constants';
import { useAddressTab, useListFollows } from './useAddressTab';
import { usePagedListActor, usePagedListLogic, type PageLoader } from './usePagedList';

type Tab<F> = { key: string; status: F };

/**
 * A screen that lists orders (AI orders, storage orders): the orderList chart with its list, the
 * order chart the screen hands in and the purchase chart as children, the tab from the address.
 * `orderRef` is the order chart the screen handed in, for it to connect.
 */
export function useOrderList<T, F, Tabs extends readonly [Tab<F>, ...Array<Tab<F>>]>(options: {
  tabs: Tabs;
  listMachine: PagedListMachine<T, F>;
  load: PageLoader<T, F>;
  order: OrderActionsMachine;
  port: PaymentPort;
}) {
  const tab = useAddressTab(options.tabs);
  const listLogic = usePagedListLogic(options.listMachine, options.load);
  const purchaseLogic = usePurchaseLogic(options.port);
  const { order } = options;
  const logic = useMemo(() => createOrderListMachine({ list: listLogic, order, purchase: purchaseLogic }), [listLogic, order, purchaseLogic]);
  const [screen] = useAppMachine(logic, { input: { filter: tab.selected.status, pageSize: PAGE_SIZE } });
  const { list: listRef, order: orderRef, purchase: purchaseRef } = screen.children;
  if (!listRef || !orderRef || !purchaseRef) throw new Error('orderList: a child chart is not running');
  const list = usePagedListActor(listRef);
  useListFollows(list, tab.selected.status);
  const purchase = usePurchaseActor(purchaseRef, options.port);
  return { tabs: options.tabs, selected: tab.selected, switchTab: tab.select, list, orderRef: orderRef as AnyActorRef, purchase };
}
