import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern } from '../oracle';
import { connectPagedList } from './pagedList.connect';
import type { PagedListMachine } from './pagedList.machine';

const LIST = 'spec §4, list state: loading, finished, refreshing';
const emptyPage: Pattern = { input: 'answer:load', with: { output: { rows: { length: 0 } } } };

/** What a paged list must do, from the specification. */
export const pagedListOracle: Oracle<SnapshotFrom<PagedListMachine<unknown, unknown>>> = {
  chart: 'pagedList',
  view: (snapshot) => {
    const list = connectPagedList(snapshot, () => {});
    return {
      loaded: list.items.length,
      totals: list.totals,
      // The oracle's own readings of "reaches totals" and "ends exactly at totals", not the chart's.
      reachedTotals: list.items.length >= list.totals,
      atTotals: list.items.length === list.totals,
      overTotals: list.items.length > list.totals,
      filter: list.filter,
      isFinished: list.isFinished,
      isFailed: list.isFailed,
      isBusy: list.isLoading || list.isRefreshing || list.isLoadingMore,
      canLoadMore: list.canLoadMore,
      canRefresh: list.canRefresh,
    };
  },
  promises: [
    {
      id: 'opens-on-page-1',
      says: 'A list opens on page 1, with its page size and filter.',
      source: `${LIST}; spec §9, page size 8`,
      rule: {
        kind: 'always',
        if: { input: 'start' },
        then: { call: 'load', with: { page: 1, pageSize: { sameAs: 'input.input.pageSize' }, filter: { sameAs: 'input.input.filter' } } },
      },
    },
    {
      id: 'more-is-the-next-page',
      says: '"Load more" asks for the next page.',
      source: LIST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'LOAD_MORE' }, { saw: { canLoadMore: true } }] },
        then: { call: 'load', with: { page: { sameAs: 'answered.load.page', plus: 1 }, pageSize: { sameAs: 'answered.load.pageSize' }, filter: { sameAs: 'saw.filter' } } },
      },
    },
    {
      id: 'finished-at-totals',
      says: 'The list is finished when the loaded count reaches totals.',
      source: LIST,
      rule: { kind: 'always', if: { all: [{ input: 'answer:load' }, { sees: { reachedTotals: true } }] }, then: { sees: { isFinished: true } } },
    },
    {
      id: 'not-finished-before-totals',
      says: 'The list is not finished while fewer than totals are loaded, unless the server sent an empty page.',
      source: LIST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:load' }, { sees: { reachedTotals: false } }, { not: emptyPage }] },
        then: { sees: { isFinished: false, canLoadMore: true } },
      },
    },
    {
      id: 'ends-exactly-at-totals',
      says: 'A list that reaches totals ends there: it shows exactly totals rows, never more.',
      source: `${LIST}; spec §4, infinite scroll ends with "no more"`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:load' }, { sees: { isFinished: true } }, { not: emptyPage }] },
        then: { sees: { atTotals: true } },
      },
    },
    {
      id: 'never-past-totals',
      says: 'The list never shows more rows than totals.',
      source: LIST,
      rule: { kind: 'always', if: { input: 'answer:load' }, then: { sees: { overTotals: false } } },
    },
    {
      id: 'no-more-after-the-end',
      says: 'Once the list has ended ("no more"), scrolling on asks for nothing.',
      source: `${LIST}; spec §2, the end text is "no more"`,
      rule: { kind: 'always', if: { all: [{ input: 'LOAD_MORE' }, { saw: { isFinished: true } }] }, then: { not: { call: 'load' } } },
    },
    {
      id: 'more-only-before-totals',
      says: '"Load more" is offered only while fewer than totals are shown.',
      source: LIST,
      rule: { kind: 'always', if: { sees: { canLoadMore: true } }, then: { sees: { reachedTotals: false } } },
    },
    {
      id: 'tab-switch-starts-over',
      says: 'Switching tab clears the list, loads page 1 of the new tab and scrolls to the top.',
      source: 'spec §4, switching tab',
      rule: {
        kind: 'always',
        if: { input: 'SWITCH_FILTER' },
        then: { all: [{ effect: 'scrollToTop' }, { sees: { loaded: 0, filter: { sameAs: 'input.filter' } } }, { call: 'load', with: { page: 1, filter: { sameAs: 'input.filter' } } }] },
      },
    },
    {
      id: 'stale-page-dropped',
      says: 'A page asked for before a tab switch is dropped, never shown.',
      source: 'spec §4, switching tab',
      rule: { kind: 'always', if: { all: [{ input: 'SWITCH_FILTER' }, { saw: { isBusy: true } }] }, then: { stop: 'load' } },
    },
    {
      id: 'refresh-is-page-1',
      says: 'Refreshing loads page 1 again, keeping the items on screen meanwhile.',
      source: LIST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'REFRESH' }, { saw: { canRefresh: true } }] },
        then: { all: [{ call: 'load', with: { page: 1 } }, { sees: { loaded: { sameAs: 'saw.loaded' } } }] },
      },
    },
    {
      id: 'refresh-while-busy-asks-again',
      says: 'A refresh asked while a page is on its way drops that page and asks for page 1 again: the page in flight may predate the change the refresh is for.',
      source: `${LIST}; no data lost (a share just created shows in the list)`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'REFRESH' }, { saw: { isBusy: true } }] },
        then: { all: [{ stop: 'load' }, { call: 'load', with: { page: 1 } }] },
      },
    },
    {
      id: 'first-page-replaces',
      says: 'Page 1 replaces what the list showed.',
      source: LIST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:load' }, { answered: 'load', with: { page: 1 } }] },
        then: { sees: { loaded: { sameAs: 'input.output.rows.length' } } },
      },
    },
    {
      id: 'failure-shown',
      says: 'A page that cannot be had is shown as the list\'s error ("network abnormal, try again later").',
      source: 'spec §8, order list failure',
      rule: { kind: 'always', if: { input: 'failure:load' }, then: { all: [{ effect: 'reportFailure' }, { sees: { isFailed: true } }] } },
    },
  ],
};
