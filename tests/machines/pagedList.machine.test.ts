// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect';
import { createPagedListMachine } from '../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../machines/pagedList/pagedList.types';
import { pagedListEvents, pagedListInput } from '../../machines/pagedList/pagedList.model';
import { pagedListOracle } from '../../machines/pagedList/pagedList.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

type Row = { id: number };
const machine = createPagedListMachine<Row, number>();
const input = pagedListInput;
const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const page = (rowsOf: Row[], totals: number): ListPage<Row> => ({ rows: rowsOf, totals });

const events = pagedListEvents;

function startList() {
  const reportFailure = vi.fn();
  const scrollToTop = vi.fn();
  const started = startChart(machine, { input, provide: () => ({ actions: { reportFailure, scrollToTop } }) });
  /** Each run of `load`, with what it asked for. */
  const requests = () => started.recorder.callsOf('load') as LoadRequest<number>[];
  return { ...started, load: started.fakes.load as ControllablePromise<unknown>, requests, reportFailure, scrollToTop };
}

describeModel({
  name: 'pagedList',
  machine,
  events: events as never,
  input,
  pinnedPaths: 428,
  oracle: pagedListOracle,
  start: startList,
});

describe('paged list, details', () => {
  it('asks for page 1, then the next page, with the page size and the filter', async () => {
    const { actor, load, requests } = startList();
    load.resolve(page(rows(1, 8), 20));
    await flush();
    actor.send({ type: 'LOAD_MORE' });
    load.resolve(page(rows(9, 8), 20));
    await flush();
    actor.send({ type: 'LOAD_MORE' });
    load.resolve(page(rows(17, 4), 20));
    await flush();
    expect(requests()).toEqual([
      { filter: -1, page: 1, pageSize: 8 },
      { filter: -1, page: 2, pageSize: 8 },
      { filter: -1, page: 3, pageSize: 8 },
    ]);
    const view = connectPagedList(actor.getSnapshot(), () => {});
    expect(view).toMatchObject({ state: 'finished', isFinished: true, canLoadMore: false, totals: 20 });
    expect(view.items.map((r) => r.id)).toEqual(rows(1, 20).map((r) => r.id));
  });

  it('drops a page that arrives after a tab switch, and starts the new tab at page 1', async () => {
    const { actor, load, requests } = startList();
    load.resolve(page(rows(1, 8), 20));
    await flush();
    actor.send({ type: 'LOAD_MORE' });
    const stale = load.lastSignal;
    actor.send({ type: 'SWITCH_FILTER', filter: 2 });
    expect(stale?.aborted).toBe(true);
    expect(connectPagedList(actor.getSnapshot(), () => {})).toMatchObject({ items: [], isLoading: true, filter: 2 });
    load.resolve(page(rows(100, 2), 2));
    await flush();
    expect(connectPagedList(actor.getSnapshot(), () => {}).items.map((r) => r.id)).toEqual([100, 101]);
    expect(requests().at(-1)).toEqual({ filter: 2, page: 1, pageSize: 8 });
  });

  it('is empty (finished with no items) when the server has none', async () => {
    const { actor, load } = startList();
    load.resolve(page([], 0));
    await flush();
    expect(connectPagedList(actor.getSnapshot(), () => {})).toMatchObject({ isEmpty: true, isFinished: true });
  });

  it('ends the list on an empty page even if totals claims more', async () => {
    const { actor, load } = startList();
    load.resolve(page(rows(1, 8), 50));
    await flush();
    actor.send({ type: 'LOAD_MORE' });
    load.resolve(page([], 50));
    await flush();
    expect(actor.getSnapshot().value).toBe('finished');
  });

  it('refreshing replaces the items with page 1', async () => {
    const { actor, load } = startList();
    load.resolve(page(rows(1, 8), 20));
    await flush();
    actor.send({ type: 'LOAD_MORE' });
    load.resolve(page(rows(9, 8), 20));
    await flush();
    actor.send({ type: 'REFRESH' });
    expect(connectPagedList(actor.getSnapshot(), () => {}).isRefreshing).toBe(true);
    expect(connectPagedList(actor.getSnapshot(), () => {}).items).toHaveLength(16);
    load.resolve(page(rows(1, 8), 19));
    await flush();
    expect(connectPagedList(actor.getSnapshot(), () => {})).toMatchObject({ state: 'idle', totals: 19 });
    expect(connectPagedList(actor.getSnapshot(), () => {}).items).toHaveLength(8);
  });
});
