/**
 * The AI order list screen as one chart: its paged list, the AI order chart and the payment chart
 * run as its children, and a paid or cancelled order reaches the list as an event between them.
 */
export interface AiOrderListInput<F> {
  /** The tab the list opens on (the AI order status filter). */
  filter: F;
  /** Rows per page (spec section 9: 8). */
  pageSize: number;
}

export interface AiOrderListContext<F> {
  list: AiOrderListInput<F>;
}

export type AiOrderListEvent =
  /** A child changed an order on the server (paid, being confirmed, cancelled): the list loads page 1 again. */
  { type: 'ORDERS_CHANGED' };
