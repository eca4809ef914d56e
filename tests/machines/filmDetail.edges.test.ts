// @vitest-environment node
/**
 * Edges of the film detail's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the event each tap of the page sends, what the page is given in each
 * situation (its `data-state`, the film, the report section, the sync status, the extras), and
 * exactly what each call is asked; an app that provides none of the calls; the QA panel's diagram.
 */
import { existsSync } from 'node:fs';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectFilmDetail } from '../../machines/filmDetail/filmDetail.connect';
import { filmDetailMachine } from '../../machines/filmDetail/filmDetail.machine';
import type { ReportLike, SyncLike } from '../../machines/filmDetail/filmDetail.types';
import { controllablePromise, flush } from './modelHarness';

type Film = { studyUId: string };
type Report = ReportLike & { findings?: string };
type Extras = { storage: string };
const input = { collectFilmId: '42' };
const film: Film = { studyUId: '1.2.3' };
const written: Report = { status: 1, findings: 'clear' };
const empty: Report = { status: 0 };
const extras: Extras = { storage: 'kept' };

function startDetail() {
  const calls = {
    loadFilm: controllablePromise<object, typeof input>(),
    loadReport: controllablePromise<Report, typeof input>(),
    checkSync: controllablePromise<SyncLike, typeof input>(),
    loadExtras: controllablePromise<object, typeof input>(),
  };
  const reportFailure = vi.fn<(_: unknown, params: { error: unknown }) => void>();
  const actor = createActor(
    filmDetailMachine.provide({
      actors: { loadFilm: calls.loadFilm.logic, loadReport: calls.loadReport.logic, checkSync: calls.checkSync.logic, loadExtras: calls.loadExtras.logic },
      actions: { reportFailure },
    }),
    { input },
  ).start();
  const view = () => connectFilmDetail<Film, Report, Extras>(actor.getSnapshot(), actor.send);
  return { actor, calls, reportFailure, view };
}

/** The study shown, its report and extras being loaded. */
async function showing() {
  const started = startDetail();
  started.calls.loadFilm.resolve(film);
  await flush();
  return started;
}

/** The report empty and the hospital asked whether it has sent it. */
async function checking() {
  const started = await showing();
  started.calls.loadReport.resolve(empty);
  await flush();
  return started;
}

describe('film detail: the taps of the page', () => {
  it('each intent sends the event it names', () => {
    const send = vi.fn();
    const view = connectFilmDetail(createActor(filmDetailMachine, { input }).getSnapshot(), send);
    view.retry();
    view.checkAgain();
    view.retryReport();
    view.retryExtras();
    expect(send.mock.calls.map(([event]) => event as unknown)).toEqual([{ type: 'RETRY' }, { type: 'CHECK_AGAIN' }, { type: 'RETRY_REPORT' }, { type: 'RETRY_EXTRAS' }]);
  });
});

describe('film detail: the study', () => {
  it('asks for the study it was given; meanwhile nothing of it shows', () => {
    const { calls, view } = startDetail();
    expect(calls.loadFilm.inputs).toEqual([input]);
    expect(view()).toMatchObject({
      state: 'loading',
      isLoading: true,
      isFailed: false,
      film: null,
      report: null,
      reportSection: 'loading',
      lastSyncAt: null,
      hospitalSynced: false,
      canCheckAgain: false,
      extras: null,
      extrasLoading: false,
      extrasFailed: false,
    });
  });

  it('a study that cannot be loaded goes to the error catalogue with its error; trying again asks again', async () => {
    const { calls, view, reportFailure } = startDetail();
    const error = new Error('404');
    calls.loadFilm.reject(error);
    await flush();
    expect(view()).toMatchObject({ state: 'failed', isLoading: false, isFailed: true, film: null, reportSection: 'loading' });
    expect(reportFailure).toHaveBeenCalledTimes(1);
    expect(reportFailure.mock.calls[0]![1]).toEqual({ error });
    view().retry();
    expect(view()).toMatchObject({ state: 'loading', isLoading: true, isFailed: false });
    expect(calls.loadFilm.inputs).toEqual([input, input]);
  });

  it('the study shows at once; its report and the rest are asked for the same study', async () => {
    const { calls, view } = await showing();
    expect(view()).toMatchObject({ state: 'showing.loading', isLoading: false, isFailed: false, film, report: null, reportSection: 'loading', extras: null, extrasLoading: true, extrasFailed: false, canCheckAgain: false });
    expect(calls.loadReport.inputs).toEqual([input]);
    expect(calls.loadExtras.inputs).toEqual([input]);
  });
});

describe('film detail: the report', () => {
  it('a written report shows, and there is nothing to check', async () => {
    const { calls, view } = await showing();
    calls.loadReport.resolve(written);
    await flush();
    expect(view()).toMatchObject({ state: 'showing.written', reportSection: 'written', report: written, canCheckAgain: false });
    expect(calls.checkSync.inputs).toHaveLength(0);
  });

  it('an empty report: the hospital is asked, for the same study, whether it has sent it', async () => {
    const { calls, view } = await checking();
    expect(calls.checkSync.inputs).toEqual([input]);
    expect(view()).toMatchObject({ state: 'showing.checking', reportSection: 'checking', report: null, canCheckAgain: false, hospitalSynced: false, lastSyncAt: null });
  });

  it('not sent yet: when it was last checked, and a way to check again', async () => {
    const { calls, view } = await checking();
    calls.checkSync.resolve({ synced: false, lastSyncAt: '2026-11-23T10:00:00+08:00' });
    await flush();
    expect(view()).toMatchObject({ state: 'showing.notSynced', reportSection: 'notSynced', report: null, lastSyncAt: '2026-11-23T10:00:00+08:00', hospitalSynced: false, canCheckAgain: true });
    view().checkAgain();
    expect(calls.checkSync.inputs).toEqual([input, input]);
    expect(view()).toMatchObject({ reportSection: 'checking', canCheckAgain: false });
  });

  it('a sync status without a time shows none', async () => {
    const { calls, view } = await checking();
    calls.checkSync.resolve({ synced: false });
    await flush();
    expect(view()).toMatchObject({ reportSection: 'notSynced', lastSyncAt: null });
  });

  it('sent, and still empty once loaded again: not written yet, with a way to check again', async () => {
    const { calls, view } = await checking();
    calls.checkSync.resolve({ synced: true, lastSyncAt: '10:05' });
    await flush();
    expect(calls.loadReport.inputs).toEqual([input, input]);
    expect(view()).toMatchObject({ reportSection: 'loading', hospitalSynced: true, lastSyncAt: '10:05' });
    calls.loadReport.resolve(empty);
    await flush();
    expect(view()).toMatchObject({ state: 'showing.notWritten', reportSection: 'notWritten', report: null, hospitalSynced: true, canCheckAgain: true });
    expect(calls.checkSync.inputs).toHaveLength(1);
    view().checkAgain();
    expect(calls.checkSync.inputs).toHaveLength(2);
    expect(view().reportSection).toBe('checking');
  });

  it('a report that cannot be loaded is said, and may be loaded again', async () => {
    const { calls, view } = await showing();
    calls.loadReport.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ state: 'showing.failed', reportSection: 'failed', report: null, canCheckAgain: false, film });
    view().retryReport();
    expect(calls.loadReport.inputs).toHaveLength(2);
    expect(view().reportSection).toBe('loading');
    calls.loadReport.resolve(written);
    await flush();
    expect(view()).toMatchObject({ reportSection: 'written', report: written });
  });

  it('a sync check that fails is said as a failed report', async () => {
    const { calls, view } = await checking();
    calls.checkSync.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ reportSection: 'failed', canCheckAgain: false });
  });
});

describe('film detail: the rest (storage, AI, departments)', () => {
  it('shows once loaded, whatever the report does', async () => {
    const { calls, view } = await showing();
    calls.loadExtras.resolve(extras);
    await flush();
    expect(view()).toMatchObject({ extras, extrasLoading: false, extrasFailed: false, reportSection: 'loading' });
  });

  it('a failure is said beside the report, and may be loaded again', async () => {
    const { calls, view } = await showing();
    calls.loadReport.resolve(written);
    calls.loadExtras.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ extras: null, extrasLoading: false, extrasFailed: true, reportSection: 'written', report: written });
    view().retryExtras();
    expect(calls.loadExtras.inputs).toEqual([input, input]);
    expect(view()).toMatchObject({ extrasLoading: true, extrasFailed: false });
    calls.loadExtras.resolve(extras);
    await flush();
    expect(view()).toMatchObject({ extras, extrasFailed: false });
  });
});

describe('film detail: an app that provides none of the calls', () => {
  it('says the study could not be loaded', async () => {
    const actor = createActor(filmDetailMachine, { input }).start();
    await flush();
    expect(connectFilmDetail(actor.getSnapshot(), actor.send).isFailed).toBe(true);
  });

  it('says the report and the rest could not be loaded, and a sync check that could not be made', async () => {
    const withFilm = createActor(filmDetailMachine.provide({ actors: { loadFilm: fromPromise<object, typeof input>(() => Promise.resolve(film)) } }), { input }).start();
    await flush();
    await flush();
    expect(connectFilmDetail(withFilm.getSnapshot(), withFilm.send)).toMatchObject({ film, reportSection: 'failed', extrasFailed: true });
    const withReport = createActor(
      filmDetailMachine.provide({ actors: { loadFilm: fromPromise<object, typeof input>(() => Promise.resolve(film)), loadReport: fromPromise<ReportLike, typeof input>(() => Promise.resolve(empty)) } }),
      { input },
    ).start();
    await flush();
    await flush();
    await flush();
    expect(connectFilmDetail(withReport.getSnapshot(), withReport.send).reportSection).toBe('failed');
  });
});

describe('film detail: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startDetail();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
