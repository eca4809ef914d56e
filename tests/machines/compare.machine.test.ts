// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { connectCompare } from '../../machines/compare/compare.connect';
import { compareMachine } from '../../machines/compare/compare.machine';
import { compareEvents, compareFixtures, compareInput } from '../../machines/compare/compare.model';
import { compareOracle } from '../../machines/compare/compare.oracle';
import { describeModel, flush, startChart, type ControllablePromise } from './modelHarness';

function startCompare() {
  const actions = { followOnPrior: vi.fn(), followOnCurrent: vi.fn() };
  const started = startChart(compareMachine, { input: compareInput, provide: () => ({ actions }) });
  const fakes = started.fakes as Record<'findPrior', ControllablePromise<unknown>>;
  const view = () => connectCompare(started.actor.getSnapshot() as never, started.actor.send as never);
  return { ...started, fakes, actions, view };
}

describeModel({
  name: 'compare',
  machine: compareMachine,
  events: compareEvents as never,
  input: compareInput,
  pinnedPaths: 38,
  oracle: compareOracle,
  start: () => startCompare(),
});

describe('compare, details', () => {
  it('opens the prior at the position on screen, follows both ways while linked, and not once unlinked', async () => {
    const { fakes, actions, view } = startCompare();
    expect(fakes.findPrior.inputs).toEqual([compareInput]);
    fakes.findPrior.resolve(compareFixtures.found);
    await flush();
    view().currentMoved(-40);
    expect(view()).toMatchObject({ state: 'ready', prior: compareFixtures.prior, currentFilmId: '1' });
    view().open();
    view().priorMoved(0);
    expect(actions.followOnPrior).toHaveBeenLastCalledWith(expect.anything(), { position: -40 });
    expect(actions.followOnCurrent).not.toHaveBeenCalled();
    view().priorMoved(-60);
    expect(actions.followOnCurrent).toHaveBeenLastCalledWith(expect.anything(), { position: -60 });
    view().currentMoved(-61);
    expect(actions.followOnPrior).toHaveBeenLastCalledWith(expect.anything(), { position: -61 });
    view().toggleLink();
    expect(view()).toMatchObject({ state: 'unlinked', linked: false });
    const calls = actions.followOnPrior.mock.calls.length + actions.followOnCurrent.mock.calls.length;
    view().currentMoved(-80);
    view().priorMoved(-20);
    expect(actions.followOnPrior.mock.calls.length + actions.followOnCurrent.mock.calls.length).toBe(calls);
    view().toggleLink();
    expect(actions.followOnPrior).toHaveBeenLastCalledWith(expect.anything(), { position: -80 });
    view().close();
    expect(view()).toMatchObject({ state: 'ready', comparing: false });
  });
});
