// @vitest-environment node
/**
 * Edges of the confirmed-action chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the event each tap of the view sends, what the view shows in each
 * situation, exactly what the call is asked and what each answer tells the patient.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectConfirmedAction } from '../../machines/confirmedAction/confirmedAction.connect';
import { confirmedActionMachine } from '../../machines/confirmedAction/confirmedAction.machine';
import type { ActionAnswer, ActionItem } from '../../machines/confirmedAction/confirmedAction.types';
import { controllablePromise } from '../../machines/replay';
import { effects } from './edgeFakes';
import { flush } from './modelHarness';

const EFFECTS = ['showToast', 'refreshList', 'reportFailure'] as const;

function startAction(withAct = true) {
  const act = controllablePromise<ActionAnswer, ActionItem>();
  const done = effects(EFFECTS);
  const machine = confirmedActionMachine.provide({ ...(withAct && { actors: { act: act.logic } }), actions: done.spies });
  const actor = createActor(machine).start();
  const view = () => connectConfirmedAction(actor.getSnapshot(), actor.send);
  return { actor, act, done, view };
}

describe('confirmed action: the view intents', () => {
  it('asking, confirming and thinking again each send their event', () => {
    const send = vi.fn();
    const view = connectConfirmedAction(createActor(confirmedActionMachine).getSnapshot(), send);
    view.ask({ id: 'film-7' });
    view.confirm();
    view.dismiss();
    expect(send.mock.calls.map(([event]) => event)).toEqual([{ type: 'ASK', item: { id: 'film-7' } }, { type: 'CONFIRM' }, { type: 'DISMISS' }]);
  });
});

describe('confirmed action: what the view shows', () => {
  it('nothing asked: no question, nothing under way, no item', () => {
    const { view } = startAction();
    expect(view()).toMatchObject({ state: 'idle', isConfirming: false, isBusy: false, itemId: null });
  });

  it('asked: the question is open about that item, nothing under way yet', () => {
    const { view } = startAction();
    view().ask({ id: 'film-7' });
    expect(view()).toMatchObject({ state: 'confirming', isConfirming: true, isBusy: false, itemId: 'film-7' });
  });

  it('confirmed: under way on that item, the question closed', () => {
    const { view } = startAction();
    view().ask({ id: 'film-7' });
    view().confirm();
    expect(view()).toMatchObject({ state: 'acting', isConfirming: false, isBusy: true, itemId: 'film-7' });
  });

  it('thinking again forgets the item', () => {
    const { view, act } = startAction();
    view().ask({ id: 'film-7' });
    view().dismiss();
    expect(view()).toMatchObject({ state: 'idle', isConfirming: false, itemId: null });
    expect(act.inputs).toEqual([]);
  });

  it.each([
    ['done', { ok: true }],
    ['refused', { ok: false, message: 'gone already' }],
  ] as const)('after the answer (%s) the item is forgotten', async (_, answer) => {
    const { view, act } = startAction();
    view().ask({ id: 'film-7' });
    view().confirm();
    act.resolve(answer);
    await flush();
    expect(view()).toMatchObject({ state: 'idle', isBusy: false, itemId: null });
  });
});

describe('confirmed action: the call and its answers', () => {
  it('the call is asked about exactly the item the patient confirmed', () => {
    const { view, act } = startAction();
    view().ask({ id: 'film-7' });
    view().confirm();
    expect(act.inputs).toEqual([{ id: 'film-7' }]);
  });

  it('done: "operation succeeded", then the list is loaded again; nothing reported', async () => {
    const { view, act, done } = startAction();
    view().ask({ id: 'film-7' });
    view().confirm();
    act.resolve({ ok: true });
    await flush();
    expect(done.paramsOf('showToast')).toEqual([{ message: 'done' }]);
    expect(done.count('refreshList')).toBe(1);
    expect(done.count('reportFailure')).toBe(0);
  });

  it("refused: the server's message, and nothing else (the list stays as it is)", async () => {
    const { view, act, done } = startAction();
    view().ask({ id: 'film-7' });
    view().confirm();
    act.resolve({ ok: false, message: 'gone already' });
    await flush();
    expect(done.paramsOf('showToast')).toEqual([{ message: 'refused', serverMessage: 'gone already' }]);
    expect(done.count('refreshList')).toBe(0);
    expect(done.count('reportFailure')).toBe(0);
  });

  it('no answer: the very error goes to the error catalogue and the list is loaded again; no toast', async () => {
    const { view, act, done } = startAction();
    const error = new Error('offline');
    view().ask({ id: 'film-7' });
    view().confirm();
    act.reject(error);
    await flush();
    expect(done.paramsOf('reportFailure')).toEqual([{ error }]);
    expect(done.count('refreshList')).toBe(1);
    expect(done.count('showToast')).toBe(0);
    expect(view()).toMatchObject({ isBusy: false, itemId: null });
  });

  it('the item last done is named for the view to stop showing it at once; a refusal or no answer leaves it so', async () => {
    const { view, act } = startAction();
    expect(view().lastDoneId).toBeNull();
    const answer = async (id: string, settle: () => void) => {
      view().ask({ id });
      view().confirm();
      expect(view().lastDoneId).not.toBe(id);
      settle();
      await flush();
    };
    await answer('share-7', () => act.resolve({ ok: true }));
    expect(view()).toMatchObject({ itemId: null, lastDoneId: 'share-7' });
    await answer('share-8', () => act.resolve({ ok: false, message: 'gone already' }));
    expect(view().lastDoneId).toBe('share-7');
    await answer('share-9', () => act.reject(new Error('offline')));
    expect(view().lastDoneId).toBe('share-7');
    await answer('share-9', () => act.resolve({ ok: true }));
    expect(view().lastDoneId).toBe('share-9');
  });

  it('an app that provided no call reports a failure naming the missing call', async () => {
    const { view, done } = startAction(false);
    view().ask({ id: 'film-7' });
    view().confirm();
    await flush();
    const [reported] = done.paramsOf('reportFailure') as Array<{ error: Error }>;
    expect(reported?.error.message).toBe('confirmedAction: no act actor provided');
  });
});

describe('confirmed action: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startAction();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
