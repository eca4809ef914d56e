// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createResourceMachine } from '../../machines/resource/resource.machine';
import { connectResource } from '../../machines/resource/resource.connect';
import {
  controllablePromise,
  describePath,
  flush,
  replayPath,
  transitionCoverage,
  transitionPaths,
} from './modelHarness';

const machine = createResourceMachine<{ name: string }>();
const failure = new Error('offline');
const events = [
  { type: 'xstate.done.actor.load', output: { name: 'CT chest' } },
  { type: 'xstate.error.actor.load', error: failure },
  { type: 'RETRY' },
  { type: 'RELOAD' },
] as const;

const paths = transitionPaths(machine, { events: events as never });

describe('resource machine, paths generated from the chart', () => {
  it('has a pinned number of paths', () => {
    expect(paths).toHaveLength(11);
  });

  it('covers every transition', () => {
    const coverage = transitionCoverage(machine, paths);
    console.log(`resource: covered ${coverage.covered}/${coverage.total} transitions`);
    expect(coverage.missing).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const load = controllablePromise<unknown>();
    const reportFailure = vi.fn();
    const actor = createActor(machine.provide({ actors: { load: load.logic as never }, actions: { reportFailure } })).start();
    await replayPath(path, actor, { load }, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
    });
    const failures = path.steps.filter((step) => step.event.type === 'xstate.error.actor.load').length;
    expect(reportFailure).toHaveBeenCalledTimes(failures);
    actor.stop();
  });
});

describe('resource machine, details', () => {
  it('aborts the request when stopped while loading', async () => {
    const load = controllablePromise<unknown>();
    const actor = createActor(machine.provide({ actors: { load: load.logic as never } })).start();
    const signal = load.lastSignal;
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('keeps the last data while reloading and passes the error to reportFailure', async () => {
    const load = controllablePromise<unknown>();
    const reportFailure = vi.fn();
    const actor = createActor(machine.provide({ actors: { load: load.logic as never }, actions: { reportFailure } })).start();
    load.resolve({ name: 'MR head' });
    await flush();
    actor.send({ type: 'RELOAD' });
    const view = connectResource(actor.getSnapshot());
    expect(view).toMatchObject({ state: 'loading', isLoading: true, data: { name: 'MR head' } });
    load.reject(failure);
    await flush();
    expect(reportFailure).toHaveBeenCalledWith(expect.anything(), { error: failure });
    expect(connectResource(actor.getSnapshot())).toMatchObject({ isFailed: true, canRetry: true, canReload: false });
  });
});
