/**
 * A screen that lists orders as one chart: its paged list, the chart of what is done to one order
 * (cancel, look up a result) and the purchase chart run as its children, and a paid or cancelled
 * order reaches the list as an event between them.
 */
export interface OrderListInput<F> {
  /** The tab the list opens on (the status filter, from the address). */
  filter: F;
  /** Rows per page (spec section 9: 8). */
  pageSize: number;
}

export interface OrderListContext<F> {
  list: OrderListInput<F>;
}

export type OrderListEvent =
  /** A child changed an order on the server (paid, being confirmed, cancelled): the list loads page 1 again. */
  { type: 'ORDERS_CHANGED' };
