// @vitest-environment node
/**
 * Edges of the paged-list chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): when the list ends, what a failed load keeps and says, trying again, tab
 * switches, and the view's values and intents.
 */
import { existsSync } from 'node:fs';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectPagedList } from '../../machines/pagedList/pagedList.connect';
import { createPagedListMachine } from '../../machines/pagedList/pagedList.machine';
import type { ListPage, LoadRequest } from '../../machines/pagedList/pagedList.types';
import { effects } from './edgeFakes';
import { controllablePromise } from '../../machines/replay';
import { flush } from './modelHarness';

type Row = { id: number };
const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const page = (of: Row[], totals: number): ListPage<Row> => ({ rows: of, totals });
const ids = (of: readonly Row[]) => of.map((row) => row.id);

function startList(filter = -1) {
  const load = controllablePromise<ListPage<Row>, LoadRequest<number>>();
  const done = effects(['reportFailure', 'scrollToTop'] as const);
  const machine = createPagedListMachine<Row, number>().provide({ actors: { load: load.logic }, actions: done.spies });
  const actor = createActor(machine, { input: { filter, pageSize: 8 }, clock: new SimulatedClock() }).start();
  const view = () => connectPagedList(actor.getSnapshot(), actor.send);
  return { actor, load, done, view };
}
type Started = ReturnType<typeof startList>;

async function answer(started: Started, value: ListPage<Row>) {
  started.load.resolve(value);
  await flush();
}

describe('paged list: when the list ends', () => {
  it('an empty first page ends the list even when totals claims more', async () => {
    const started = startList();
    await answer(started, page([], 5));
    expect(started.view()).toMatchObject({ isFinished: true, isEmpty: true, canLoadMore: false });
  });

  it('a first page with more rows than totals shows totals rows and ends the list', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 3));
    expect(ids(started.view().items)).toEqual([1, 2, 3]);
    expect(started.view()).toMatchObject({ isFinished: true, totals: 3 });
  });

  it('a first page short of totals can load more', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 9));
    expect(started.view()).toMatchObject({ isFinished: false, isEmpty: false, canLoadMore: true });
  });

  it('the next page that reaches totals ends the list, with every row in order', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 10));
    started.view().loadMore();
    expect(started.view().isLoadingMore).toBe(true);
    expect(started.load.inputs.at(-1)).toEqual({ filter: -1, page: 2, pageSize: 8 });
    await answer(started, page(rows(9, 2), 10));
    expect(started.view()).toMatchObject({ isFinished: true, isLoadingMore: false, canLoadMore: false, totals: 10 });
    expect(ids(started.view().items)).toEqual(ids(rows(1, 10)));
  });

  it('a next page short of totals keeps the list open', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 30));
    started.view().loadMore();
    await answer(started, page(rows(9, 8), 30));
    expect(started.view()).toMatchObject({ isFinished: false, canLoadMore: true });
    expect(started.view().items).toHaveLength(16);
  });

  it('a finished list with rows is not empty, and a loading one is not empty either', async () => {
    const started = startList();
    expect(started.view()).toMatchObject({ isEmpty: false, isLoading: true, canLoadMore: false, canRefresh: false });
    await answer(started, page(rows(1, 3), 3));
    expect(started.view()).toMatchObject({ isFinished: true, isEmpty: false, canRefresh: true });
  });
});

describe('paged list: refresh', () => {
  it('pull-to-refresh on a finished list loads page 1 again and replaces the rows', async () => {
    const started = startList();
    await answer(started, page(rows(1, 3), 3));
    started.view().refresh();
    expect(started.view().isRefreshing).toBe(true);
    expect(started.load.inputs.at(-1)).toEqual({ filter: -1, page: 1, pageSize: 8 });
    await answer(started, page(rows(50, 2), 2));
    expect(ids(started.view().items)).toEqual([50, 51]);
    expect(started.view().isFinished).toBe(true);
  });

  it('a refresh while more rows load drops the older request', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 20));
    started.view().loadMore();
    started.view().refresh();
    expect(started.load.stoppedRuns).toBe(1);
    expect(started.load.inputs.at(-1)).toEqual({ filter: -1, page: 1, pageSize: 8 });
    await answer(started, page(rows(1, 8), 20));
    expect(started.view()).toMatchObject({ state: 'idle', canLoadMore: true });
    expect(started.view().items).toHaveLength(8);
  });

  // The shares list: a share created while its first page was on its way was missing from it.
  it('a refresh asked while page 1 is on its way asks again, and the page read before it never shows', async () => {
    const started = startList();
    expect(started.view()).toMatchObject({ isLoading: true, canRefresh: false });
    started.view().refresh();
    expect(started.load.stoppedRuns).toBe(1);
    expect(started.load.inputs).toEqual([
      { filter: -1, page: 1, pageSize: 8 },
      { filter: -1, page: 1, pageSize: 8 },
    ]);
    expect(started.view()).toMatchObject({ isLoading: true, items: [] });
    await answer(started, page(rows(1, 4), 4));
    expect(ids(started.view().items)).toEqual([1, 2, 3, 4]);
    expect(started.view().isFinished).toBe(true);
  });

  it('a refresh asked during a refresh asks again, keeping the rows on screen meanwhile', async () => {
    const started = startList();
    await answer(started, page(rows(1, 3), 3));
    started.view().refresh();
    expect(started.view()).toMatchObject({ isRefreshing: true, canRefresh: false });
    started.actor.send({ type: 'REFRESH' });
    expect(started.load.stoppedRuns).toBe(1);
    expect(started.load.inputs).toHaveLength(3);
    expect(ids(started.view().items)).toEqual([1, 2, 3]);
    await answer(started, page(rows(1, 4), 4));
    expect(ids(started.view().items)).toEqual([1, 2, 3, 4]);
  });
});

describe('paged list: a load that failed', () => {
  it('says so, with the error', async () => {
    const started = startList();
    const offline = new Error('offline');
    started.load.reject(offline);
    await flush();
    expect(started.view().isFailed).toBe(true);
    expect(started.done.paramsOf('reportFailure')).toEqual([{ error: offline }]);
  });

  it('"try again" starts over at page 1 with no rows', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 20));
    started.view().loadMore();
    started.load.reject(new Error('offline'));
    await flush();
    started.view().retry();
    expect(started.view()).toMatchObject({ isLoading: true, isFailed: false, items: [], totals: 0 });
    expect(started.load.inputs.at(-1)).toEqual({ filter: -1, page: 1, pageSize: 8 });
    await answer(started, page(rows(1, 8), 20));
    expect(started.view().items).toHaveLength(8);
  });

  it('pull-to-refresh after a failure loads page 1 again', async () => {
    const started = startList();
    started.load.reject(new Error('offline'));
    await flush();
    started.view().refresh();
    expect(started.view().isRefreshing).toBe(true);
    await answer(started, page(rows(1, 2), 2));
    expect(started.view()).toMatchObject({ isFinished: true, isFailed: false });
  });
});

describe('paged list: tabs', () => {
  it('another tab clears the list, scrolls to the top and asks for its page 1', async () => {
    const started = startList();
    await answer(started, page(rows(1, 8), 20));
    started.view().switchFilter(2);
    expect(started.done.count('scrollToTop')).toBe(1);
    expect(started.view()).toMatchObject({ filter: 2, items: [], totals: 0, isLoading: true });
    expect(started.load.inputs.at(-1)).toEqual({ filter: 2, page: 1, pageSize: 8 });
  });

  it('the tab already shown changes nothing', async () => {
    const started = startList(2);
    await answer(started, page(rows(1, 8), 20));
    started.view().switchFilter(2);
    expect(started.done.count('scrollToTop')).toBe(0);
    expect(started.load.inputs).toHaveLength(1);
    expect(started.view().items).toHaveLength(8);
  });

  it('a tab switch while page 1 loads stops that request and asks for the new tab', async () => {
    const started = startList();
    started.view().switchFilter(4);
    expect(started.load.stoppedRuns).toBe(1);
    expect(started.load.inputs).toEqual([
      { filter: -1, page: 1, pageSize: 8 },
      { filter: 4, page: 1, pageSize: 8 },
    ]);
    await answer(started, page(rows(7, 1), 1));
    expect(started.view()).toMatchObject({ filter: 4, isFinished: true });
    expect(ids(started.view().items)).toEqual([7]);
  });
});

describe('paged list: an app that forgot to provide load', () => {
  it('fails with an error that names it, instead of showing an empty list', async () => {
    const done = effects(['reportFailure', 'scrollToTop'] as const);
    const actor = createActor(createPagedListMachine<Row, number>().provide({ actions: done.spies }), { input: { filter: -1, pageSize: 8 } }).start();
    await flush();
    const view = connectPagedList(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ isFailed: true, isEmpty: false });
    const [reported] = done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe('pagedList: no load actor provided');
  });
});

describe('paged list: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startList();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
