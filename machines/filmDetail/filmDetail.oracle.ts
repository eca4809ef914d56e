import type { SnapshotFrom } from 'xstate';
import type { Oracle } from '../oracle';
import { connectFilmDetail } from './filmDetail.connect';
import type { FilmDetailMachine } from './filmDetail.machine';

const ISSUE = 'issue 12, item 1: the film detail';
const CATALOGUE = 'spec §8: film detail non-200 → error page with the message';
const SYNC = 'issue 12, item 1: while the report is not synced yet, its sync status and a way to check again; spec §7 GetSyncReportStatus';
const unwritten = { input: 'answer:loadReport', with: { output: { status: 0 } } } as const;

/** What the film detail must do, from the issue and the specification. */
export const filmDetailOracle: Oracle<SnapshotFrom<FilmDetailMachine>> = {
  chart: 'filmDetail',
  view: (snapshot) => {
    const view = connectFilmDetail(snapshot, () => {});
    return {
      hasFilm: view.film !== null,
      reportShown: view.report !== null,
      reportSection: view.reportSection,
      hospitalSynced: view.hospitalSynced,
      canCheckAgain: view.canCheckAgain,
      extrasShown: view.extras !== null,
      extrasFailed: view.extrasFailed,
      isFailed: view.isFailed,
    };
  },
  promises: [
    {
      id: 'opens-the-study',
      says: 'The film detail opens the study it was given.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'start' }, then: { call: 'loadFilm', with: { collectFilmId: { sameAs: 'input.input.collectFilmId' } } } },
    },
    {
      id: 'failed-study-goes-to-catalogue',
      says: 'A study that cannot be loaded goes where the error catalogue says, and the page offers to try again.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { input: 'failure:loadFilm' }, then: { all: [{ effect: 'reportFailure' }, { sees: { isFailed: true } }] } },
    },
    {
      id: 'only-the-study-is-fatal',
      says: 'Only the study itself failing leaves the page: a report or extra that fails is a message in its own section.',
      source: ISSUE,
      rule: { kind: 'always', if: { effect: 'reportFailure' }, then: { input: 'failure:loadFilm' } },
    },
    {
      id: 'retry-reloads-study',
      says: 'Trying again loads the study again.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY' }, { saw: { isFailed: true } }] }, then: { call: 'loadFilm' } },
    },
    {
      id: 'study-brings-report-and-extras',
      says: 'Once the study is there, its report and its storage and AI information load side by side.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:loadFilm' }, then: { all: [{ sees: { hasFilm: true } }, { call: 'loadReport' }, { call: 'loadExtras' }] } },
    },
    {
      id: 'written-report-shows',
      says: 'A written report (preliminary or final) shows its findings and impression.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:loadReport', with: { output: { status: { above: 0 } } } }, then: { sees: { reportShown: true, reportSection: 'written' } } },
    },
    {
      id: 'no-report-asks-the-hospital',
      says: 'A study without a report asks whether the hospital has sent it, unless it just said it had.',
      source: SYNC,
      rule: { kind: 'always', if: { all: [unwritten, { saw: { hospitalSynced: false } }] }, then: { call: 'checkSync' } },
    },
    {
      id: 'synced-without-report-says-so',
      says: 'When the hospital has sent its reports and this one is still empty, the page says it is not written yet, and asks nothing more by itself.',
      source: SYNC,
      rule: { kind: 'always', if: { all: [unwritten, { saw: { hospitalSynced: true } }] }, then: { all: [{ sees: { reportSection: 'notWritten', canCheckAgain: true } }, { not: { call: 'checkSync' } }] } },
    },
    {
      id: 'not-synced-shows-status',
      says: 'While the report has not been synced, the page shows that and offers to check again.',
      source: SYNC,
      rule: { kind: 'always', if: { input: 'answer:checkSync', with: { output: { synced: false } } }, then: { sees: { reportSection: 'notSynced', canCheckAgain: true } } },
    },
    {
      id: 'synced-loads-report',
      says: 'When the hospital says the report has arrived, the report is loaded again.',
      source: SYNC,
      rule: { kind: 'always', if: { input: 'answer:checkSync', with: { output: { synced: true } } }, then: { call: 'loadReport' } },
    },
    {
      id: 'check-again-asks',
      says: '"Check again" asks the hospital again.',
      source: SYNC,
      rule: { kind: 'always', if: { all: [{ input: 'CHECK_AGAIN' }, { saw: { canCheckAgain: true } }] }, then: { call: 'checkSync' } },
    },
    {
      id: 'checks-only-when-needed',
      says: 'The hospital is asked only for a study without a report, or when the patient asks.',
      source: SYNC,
      rule: { kind: 'needs', what: { call: 'checkSync' }, each: { any: [unwritten, { input: 'CHECK_AGAIN' }] } },
    },
    {
      id: 'report-failure-offers-retry',
      says: 'A report that cannot be loaded or checked says so in its section, and trying again loads it.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: ['failure:loadReport', 'failure:checkSync'] }, then: { sees: { reportSection: 'failed', hasFilm: true } } },
    },
    {
      id: 'retry-report-loads',
      says: 'Trying the report again loads it again.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY_REPORT' }, { saw: { reportSection: 'failed' } }] }, then: { call: 'loadReport' } },
    },
    {
      id: 'extras-failure-is-local',
      says: 'Storage and AI information that cannot be loaded say so in place and offer to try again; the study and report stay.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'failure:loadExtras' }, then: { sees: { extrasFailed: true, hasFilm: true } } },
    },
    {
      id: 'retry-extras-loads',
      says: 'Trying the extras again loads them again.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY_EXTRAS' }, { saw: { extrasFailed: true } }] }, then: { call: 'loadExtras' } },
    },
    {
      id: 'extras-show',
      says: 'Storage and AI information show once loaded.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: 'answer:loadExtras' }, then: { sees: { extrasShown: true } } },
    },
  ],
};
