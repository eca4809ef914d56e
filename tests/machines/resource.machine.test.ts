// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createResourceMachine } from '../../machines/resource/resource.machine';
import { connectResource } from '../../machines/resource/resource.connect';
import { controllablePromise, describeModel, flush, replayPath } from './modelHarness';

const machine = createResourceMachine<{ name: string }>();
const failure = new Error('offline');
const events = [
  { type: 'xstate.done.actor.load', output: { name: 'CT chest' } },
  { type: 'xstate.error.actor.load', error: failure },
  { type: 'RETRY' },
  { type: 'RELOAD' },
] as const;

describeModel({
  name: 'resource',
  machine,
  events: events as never,
  pinnedPaths: 11,
  async run(path) {
    const load = controllablePromise<unknown>();
    const reportFailure = vi.fn();
    const actor = createActor(machine.provide({ actors: { load: load.logic as never }, actions: { reportFailure } })).start();
    await replayPath(path, actor, { load }, (expected, actual) => {
      expect(actual.context).toEqual(expected.context);
    });
    const failures = path.steps.filter((step) => step.event.type === 'xstate.error.actor.load').length;
    expect(reportFailure).toHaveBeenCalledTimes(failures);
    actor.stop();
  },
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
