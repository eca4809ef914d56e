// @vitest-environment node
/**
 * Edges of the resource chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): what the load is asked, what a screen shows while loading, when shown and
 * when failed, what a failure reports, and loading again after "try again" or a change elsewhere.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectResource } from '../../machines/resource/resource.connect';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { controllablePromise, flush } from '../../machines/replay';
import { effects } from './edgeFakes';

type Films = { films: string[] };
const request = { collectFilmId: '12' };

function startResource() {
  const load = controllablePromise<object, Readonly<Record<string, string>>>();
  const done = effects(['reportFailure'] as const);
  const machine = resourceMachine.provide({ actors: { load: load.logic }, actions: done.spies });
  const actor = createActor(machine, { input: { request } }).start();
  const view = () => connectResource<Films>(actor.getSnapshot(), actor.send);
  return { actor, load, done, view };
}

describe('resource', () => {
  it('asks for its request and shows it is loading, with nothing to show yet', () => {
    const started = startResource();
    expect(started.load.inputs).toEqual([request]);
    expect(started.view()).toMatchObject({ isLoading: true, isFailed: false, data: null });
  });

  it('shows what arrived, and reports nothing', async () => {
    const started = startResource();
    started.load.resolve({ films: ['a'] });
    await flush();
    expect(started.view()).toMatchObject({ isLoading: false, isFailed: false, data: { films: ['a'] } });
    expect(started.done.count('reportFailure')).toBe(0);
  });

  it('a failure reports the error itself and shows failed, without data', async () => {
    const started = startResource();
    const error = new Error('offline');
    started.load.reject(error);
    await flush();
    expect(started.view()).toMatchObject({ isLoading: false, isFailed: true, data: null });
    expect(started.done.paramsOf('reportFailure')).toEqual([{ error }]);
  });

  it.each(['retry', 'reload'] as const)('after a failure, %s asks the same request again and shows the answer', async (intent) => {
    const started = startResource();
    started.load.reject(new Error('offline'));
    await flush();
    started.view()[intent]();
    expect(started.view()).toMatchObject({ isLoading: true, isFailed: false });
    expect(started.load.inputs).toEqual([request, request]);
    started.load.resolve({ films: ['b'] });
    await flush();
    expect(started.view().data).toEqual({ films: ['b'] });
  });

  it('once shown, a reload asks again and shows the new answer; "try again" there does nothing', async () => {
    const started = startResource();
    started.load.resolve({ films: ['a'] });
    await flush();
    started.view().retry();
    expect(started.load.inputs).toHaveLength(1);
    expect(started.view().data).toEqual({ films: ['a'] });
    started.view().reload();
    expect(started.view()).toMatchObject({ isLoading: true, data: null });
    expect(started.load.inputs).toEqual([request, request]);
    started.load.resolve({ films: ['a', 'c'] });
    await flush();
    expect(started.view().data).toEqual({ films: ['a', 'c'] });
  });

  it('while loading, neither "try again" nor a reload asks a second time', () => {
    const started = startResource();
    started.view().retry();
    started.view().reload();
    expect(started.load.inputs).toHaveLength(1);
    expect(started.load.pendingRuns).toBe(1);
  });
});

describe('resource: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startResource();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
