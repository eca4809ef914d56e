// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectViewer } from '../../machines/viewer/viewer.connect';
import { viewerMachine } from '../../machines/viewer/viewer.machine';
import { viewerEvents, viewerFixtures, viewerInput } from '../../machines/viewer/viewer.model';
import { viewerOracle } from '../../machines/viewer/viewer.oracle';
import type { ImageRequest } from '../../machines/viewer/viewer.types';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

const { loaded, query, a1, a2, b1 } = viewerFixtures;

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
  pinnedPaths: 282,
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
});
