import { sendParent, sendTo, setup, type ParameterizedObject } from 'xstate';
import { aiOrderMachine, type AiOrderMachine } from '../aiOrder/aiOrder.machine';
import { createPagedListMachine, type PagedListMachine } from '../pagedList/pagedList.machine';
import { paymentMachine, type PaymentMachine } from '../payment/payment.machine';
import type { AiOrderContext, AiOrderEvent } from '../aiOrder/aiOrder.types';
import type { PaymentContext, PaymentEvent } from '../payment/payment.types';
import type { AiOrderListContext, AiOrderListEvent, AiOrderListInput } from './aiOrderList.types';

const ORDERS_CHANGED: AiOrderListEvent = { type: 'ORDERS_CHANGED' };

/**
 * The AI order list screen's chart. The app hands in the three children with their side effects
 * provided; this chart owns how they reach each other: the order and payment charts' `refreshList`
 * becomes ORDERS_CHANGED here, and that becomes REFRESH for the list.
 */
export function createAiOrderListMachine<T, F>(
  children: { list: PagedListMachine<T, F>; order: AiOrderMachine; payment: PaymentMachine } = {
    list: createPagedListMachine<T, F>(),
    order: aiOrderMachine,
    payment: paymentMachine,
  },
) {
  return setup({
    types: {
      context: {} as AiOrderListContext<F>,
      events: {} as AiOrderListEvent,
      input: {} as AiOrderListInput<F>,
      children: {} as { list: 'list'; order: 'order'; payment: 'payment' },
    },
    actors: {
      list: children.list,
      // How a child tells this chart that the orders on the server changed.
      order: children.order.provide({ actions: { refreshList: sendParent<AiOrderContext, AiOrderEvent, ParameterizedObject['params'], AiOrderListEvent, AiOrderEvent>(ORDERS_CHANGED) } }),
      payment: children.payment.provide({ actions: { refreshList: sendParent<PaymentContext, PaymentEvent, ParameterizedObject['params'], AiOrderListEvent, PaymentEvent>(ORDERS_CHANGED) } }),
    },
    actions: {
      refreshList: sendTo('list', { type: 'REFRESH' }),
    },
  }).createMachine({
    id: 'aiOrderList',
    context: ({ input }) => ({ list: input }),
    initial: 'showing',
    states: {
      showing: {
        description:
          'The screen is open: the list, order and payment charts run side by side. The order chart (a cancel) and the payment chart (paid or being confirmed) send ORDERS_CHANGED here through their refreshList.',
        invoke: [
          { id: 'list', src: 'list', input: ({ context }) => context.list },
          { id: 'order', src: 'order' },
          { id: 'payment', src: 'payment' },
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

