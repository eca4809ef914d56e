import { sendParent, sendTo, setup, type AnyStateMachine } from 'xstate';
import { aiOrderMachine, type AiOrderMachine } from '../aiOrder/aiOrder.machine';
import type { ConfirmedActionMachine } from '../confirmedAction/confirmedAction.machine';
import { createPagedListMachine, type PagedListMachine } from '../pagedList/pagedList.machine';
import { createPurchaseMachine, type PurchaseMachine } from '../purchase/purchase.machine';
import type { OrderListContext, OrderListEvent, OrderListInput } from './orderList.types';

const ORDERS_CHANGED: OrderListEvent = { type: 'ORDERS_CHANGED' };

/** What is done to one order of a list after the patient confirms: the AI order chart, or the confirmed-action chart (a storage order's cancel). */
export type OrderActionsMachine = AiOrderMachine | ConfirmedActionMachine;

/**
 * The chart of a screen that lists orders (AI orders, storage orders). The app hands in the three
 * children with their side effects provided; this chart owns how they reach each other: the order
 * chart's `refreshList` and the purchase chart's `orderChanged` become ORDERS_CHANGED here, and
 * that becomes REFRESH for the list.
 */
export function createOrderListMachine<T, F>(
  children: { list: PagedListMachine<T, F>; order: OrderActionsMachine; purchase: PurchaseMachine } = {
    list: createPagedListMachine<T, F>(),
    order: aiOrderMachine,
    purchase: createPurchaseMachine(),
  },
) {
  // Either order chart tells the list the same way; provide() cannot be typed over their union.
  const order = (children.order as AnyStateMachine).provide({ actions: { refreshList: sendParent(ORDERS_CHANGED) } }) as OrderActionsMachine;
  return setup({
    types: {
      context: {} as OrderListContext<F>,
      events: {} as OrderListEvent,
      input: {} as OrderListInput<F>,
      children: {} as { list: 'list'; order: 'order'; purchase: 'purchase' },
    },
    actors: {
      list: children.list,
      order,
      purchase: children.purchase.provide({ actions: { orderChanged: sendParent(ORDERS_CHANGED) } }),
    },
    actions: {
      refreshList: sendTo('list', { type: 'REFRESH' }),
    },
  }).createMachine({
    id: 'orderList',
    context: ({ input }) => ({ list: input }),
    initial: 'showing',
    states: {
      showing: {
        description:
          'The screen is open: the list, order and purchase charts run side by side. The order chart (a cancel) and the purchase chart (paid, being confirmed) send ORDERS_CHANGED here.',
        invoke: [
          { id: 'list', src: 'list', input: ({ context }) => context.list },
          { id: 'order', src: 'order' },
          { id: 'purchase', src: 'purchase' },
        ],
        on: {
          ORDERS_CHANGED: {
            description: 'An order changed on the server (paid, being confirmed, cancelled): the list loads page 1 again.',
            actions: 'refreshList',
          },
        },
      },
    },
  });
}

export type OrderListMachine = ReturnType<typeof createOrderListMachine>;
