// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectViewer } from '../../machines/viewer/viewer.connect';
import { viewerMachine } from '../../machines/viewer/viewer.machine';
import { viewerEvents, viewerFixtures, viewerInput } from '../../machines/viewer/viewer.model';
import { viewerOracle } from '../../machines/viewer/viewer.oracle';
import type { ImageRequest } from '../../machines/viewer/viewer.types';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const { loaded, withoutFindings, finding, placeOf, query, a1, a2, b1 } = viewerFixtures;

function startViewer(input = viewerInput) {
  const actions = { reportFailure: vi.fn(), dropImages: vi.fn() };
  const started = startChart(viewerMachine, { input, provide: () => ({ actions }) });
  const fakes = started.fakes as Record<'loadStudy' | 'loadImage' | 'viewport', ControllablePromise<unknown>>;
  /** Every image the chart asked for, in order. */
  const requested = () => (started.recorder.callsOf('loadImage') as ImageRequest[]).map((request) => request.key);
  const view = () => connectViewer(started.actor.getSnapshot() as never, () => {});
  return { ...started, fakes, actions, requested, view };
}

describeModel({
  name: 'viewer',
  machine: viewerMachine,
  events: viewerEvents as never,
  input: viewerInput,
  pinnedPaths: 4082,
  oracle: viewerOracle,
  start: () => startViewer(),
});

describe('viewer, details', () => {
  it('opens a study: the list, then the first slice, then the rest outward', async () => {
    const { actor, fakes, requested, view } = startViewer();
    actor.send({ type: 'OPEN', query });
    expect(fakes.loadStudy.inputs).toEqual([{ studyUid: query.studyuid, hospId: 'H1', withFindings: true }]);
    fakes.loadStudy.resolve(loaded);
    await flush();
    expect(requested()).toEqual([a1.key]);
    expect(view().state).toBe('imageLoading');
    actor.send({ type: 'IMAGE_LOADED', key: a1.key, bytes: 100 });
    expect(view().state).toBe('imageReady');
    expect(requested()).toEqual([a1.key, a2.key]);
    expect(view().progress).toEqual({ ready: 1, total: 2, loading: true });
    void b1;
  });

  it('opens where the first AI finding is, and fetches that image first', async () => {
    const { actor, fakes, requested, view } = startViewer();
    actor.send({ type: 'OPEN', query });
    const first = { ...finding, shape: 'mark' as const, sopUid: a2.sopUid };
    const later = { ...finding, findingId: 'n2', sopUid: b1.sopUid, seriesUid: '1.2.840.1.2' };
    fakes.loadStudy.resolve({ ...loaded, findings: [later, first], places: [placeOf(first), placeOf(later)] });
    await flush();
    expect(view().seriesIndex).toBe(0);
    expect(view().current?.key).toBe(a2.key);
    expect(view().finding).toMatchObject({ number: 1, count: 2, onScreen: true });
    expect(requested()).toEqual([a2.key]);
  });

  it('opens on the first slice when the findings could not be had, or point at no image of the study', async () => {
    const nowhere = { ...finding, sopUid: '9.9.9' };
    for (const output of [withoutFindings, { ...loaded, findings: [nowhere], places: [placeOf(nowhere)] }]) {
      const { actor, fakes, requested, view } = startViewer();
      actor.send({ type: 'OPEN', query });
      fakes.loadStudy.resolve(output);
      await flush();
      expect(view().current?.key).toBe(a1.key);
      expect(requested()).toEqual([a1.key]);
    }
  });

  it('opens on the series a thumbnail names, unless the AI finding is elsewhere', async () => {
    const seriesLink = { ...query, showAi: null, series: '1.2.840.1.2' };
    const plain = startViewer();
    plain.actor.send({ type: 'OPEN', query: seriesLink });
    plain.fakes.loadStudy.resolve(withoutFindings);
    await flush();
    expect(plain.view().seriesIndex).toBe(1);
    expect(plain.requested()).toEqual([b1.key]);
    const withAi = startViewer();
    withAi.actor.send({ type: 'OPEN', query: { ...seriesLink, showAi: 'true' } });
    withAi.fakes.loadStudy.resolve(loaded);
    await flush();
    expect(withAi.view().current?.key).toBe(a1.key);
  });
});
