import type { ListPage } from './pagedList.types';

type Row = { id: number };
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const page = (rowsOf: Row[], totals: number): ListPage<Row> => ({ rows: rowsOf, totals });

/** A list of 8 a page (spec §9) on the "all" tab (-1), as the AI order list opens. */
export const pagedListInput = { filter: -1, pageSize: 8 };

/** The paged list's events for path generation: a first page of many, a short list, an empty one, a failure, every tap. */
export const pagedListEvents = [
  { type: 'xstate.done.actor.load', output: page(rows(1, 8), 20) },
  { type: 'xstate.done.actor.load', output: page(rows(1, 3), 3) },
  { type: 'xstate.done.actor.load', output: page([], 0) },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'LOAD_MORE' },
  { type: 'REFRESH' },
  { type: 'SWITCH_FILTER', filter: 2 },
  { type: 'RETRY' },
];
