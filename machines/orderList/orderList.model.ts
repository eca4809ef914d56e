/** An order list screen opens on the "all" tab, 8 a page. */
export const orderListInput = { filter: -1, pageSize: 8 };

/** The screen chart's own event: an order changed on the server (its children's events are theirs). */
export const orderListEvents = [{ type: 'ORDERS_CHANGED' }];
