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

describe('compare, what the view reads in each state', () => {
  it('says comparing and linked exactly where it should, and the link button asks the right way', async () => {
    const { fakes, view, actor } = startCompare();
    const seen = () => ({ state: view().state, comparing: view().comparing, linked: view().linked });
    expect(seen()).toEqual({ state: 'asking', comparing: false, linked: false });
    expect(view().prior).toBeNull();
    expect(view().currentFilmId).toBeNull();
    fakes.findPrior.resolve(compareFixtures.found);
    await flush();
    expect(seen()).toEqual({ state: 'ready', comparing: false, linked: false });
    view().open();
    expect(seen()).toEqual({ state: 'opening', comparing: true, linked: true });
    view().priorMoved(0);
    expect(seen()).toEqual({ state: 'linked', comparing: true, linked: true });
    const sent = vi.spyOn(actor, 'send');
    view().toggleLink();
    expect(sent).toHaveBeenLastCalledWith({ type: 'UNLINK' });
    expect(seen()).toEqual({ state: 'unlinked', comparing: true, linked: false });
    view().toggleLink();
    expect(sent).toHaveBeenLastCalledWith({ type: 'LINK' });
    expect(seen()).toEqual({ state: 'linked', comparing: true, linked: true });
    view().close();
    expect(sent).toHaveBeenLastCalledWith({ type: 'CLOSE_PRIOR' });
    expect(seen()).toEqual({ state: 'ready', comparing: false, linked: false });
  });

  it('is alone, never comparing, when there is no prior', async () => {
    const { fakes, view } = startCompare();
    fakes.findPrior.resolve(null);
    await flush();
    expect({ state: view().state, comparing: view().comparing, linked: view().linked, prior: view().prior }).toEqual({ state: 'alone', comparing: false, linked: false, prior: null });
  });
});
