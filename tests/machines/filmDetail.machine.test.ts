// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectFilmDetail } from '../../machines/filmDetail/filmDetail.connect';
import { filmDetailMachine } from '../../machines/filmDetail/filmDetail.machine';
import { filmDetailEvents, filmDetailInput } from '../../machines/filmDetail/filmDetail.model';
import { filmDetailOracle } from '../../machines/filmDetail/filmDetail.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const machine = filmDetailMachine;

function startDetail() {
  const reportFailure = vi.fn<() => void>();
  const started = startChart(machine, { input: filmDetailInput, provide: () => ({ actions: { reportFailure } }) });
  const fake = (name: string) => started.fakes[name] as ControllablePromise<unknown>;
  return { ...started, reportFailure, fake };
}

describeModel({
  name: 'filmDetail',
  machine,
  events: filmDetailEvents as never,
  input: filmDetailInput,
  pinnedPaths: 132,
  oracle: filmDetailOracle,
  start: startDetail,
});

describe('film detail, details', () => {
  it('shows a report that arrives after "check again"', async () => {
    const { actor, fake } = startDetail();
    fake('loadFilm').resolve({ studyUId: '1' });
    await flush();
    fake('loadExtras').resolve({});
    fake('loadReport').resolve({ status: 0 });
    await flush();
    fake('checkSync').resolve({ synced: false, lastSyncAt: '10:00' });
    await flush();
    let view = connectFilmDetail(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ reportSection: 'notSynced', lastSyncAt: '10:00', canCheckAgain: true, report: null });
    view.checkAgain();
    fake('checkSync').resolve({ synced: true, lastSyncAt: '10:05' });
    await flush();
    fake('loadReport').resolve({ status: 2, findings: 'clear' });
    await flush();
    view = connectFilmDetail(actor.getSnapshot(), actor.send);
    expect(view).toMatchObject({ reportSection: 'written', report: { status: 2, findings: 'clear' }, canCheckAgain: false });
  });
});
