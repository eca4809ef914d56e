import type { Oracle } from '../oracle';

/** What an order list screen's chart must do between its children, from the specification. */
export const orderListOracle: Oracle<unknown> = {
  chart: 'orderList',
  view: () => ({}),
  promises: [
    {
      id: 'opens-on-its-tab',
      says: 'The screen asks for page 1 of the tab it opens on (from the address), 8 a page.',
      source: 'spec §2 and §9 (page size 8); issue 23 §2: the tab lives in the address',
      rule: { kind: 'always', if: { input: 'start' }, then: { call: 'load', with: { filter: -1, page: 1, pageSize: 8 } } },
    },
    {
      id: 'changed-orders-reload',
      says: 'When an order changed on the server (paid, being confirmed, cancelled), the list loads page 1 again.',
      source: 'spec §4, transitions from to-be-paid (cancel and pay refresh the list)',
      rule: { kind: 'always', if: { input: 'ORDERS_CHANGED' }, then: { call: 'load', with: { page: 1 } } },
    },
    {
      id: 'reload-needs-a-change',
      says: 'The list is loaded again only for an order that changed, once each time.',
      source: 'spec §4, list state',
      rule: { kind: 'needs', what: { all: [{ call: 'load', with: { page: 1 } }, { not: { input: 'start' } }] }, each: { input: 'ORDERS_CHANGED' } },
    },
  ],
};
