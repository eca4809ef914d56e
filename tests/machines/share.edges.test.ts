// @vitest-environment node
/**
 * Edges of the share chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): what the panel shows right after a share is made, what is asked of the
 * create and card calls, what goes on the clipboard, and the taps a state must ignore.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectShare } from '../../machines/share/share.connect';
import { shareMachine } from '../../machines/share/share.machine';
import type { CardOutcome, CreateOutcome, ShareDays, ShareLike } from '../../machines/share/share.types';
import { controllablePromise, flush } from '../../machines/replay';
import { effects } from './edgeFakes';

const made: ShareLike = { shareId: '1', url: 'https://film.example/shareCode?code=K7WPQ2MX', code: 'K7WPQ2MX', accessCode: '4821' };
const other: ShareLike = { shareId: '2', url: 'https://film.example/shareCode?code=Q9RT', code: 'Q9RT', accessCode: '1357' };

function startShare() {
  const create = controllablePromise<CreateOutcome, { collectFilmId: string; days: ShareDays }>();
  const card = controllablePromise<CardOutcome, ShareLike>();
  const done = effects(['writeClipboard', 'refreshList'] as const);
  const machine = shareMachine.provide({ actors: { createShare: create.logic, prepareCard: card.logic }, actions: done.spies });
  const actor = createActor(machine, { input: { collectFilmId: '8' } }).start();
  const view = () => connectShare<ShareLike>(actor.getSnapshot(), actor.send);
  return { actor, create, card, done, view };
}
type Started = ReturnType<typeof startShare>;

async function createWith(started: Started, outcome: CreateOutcome) {
  started.view().create();
  started.create.resolve(outcome);
  await flush();
}

describe('share: making one', () => {
  it('starts on seven days, with nothing made, nothing wrong and nothing copied', () => {
    expect(startShare().view()).toMatchObject({ days: 7, isCreating: false, share: null, card: null, problem: null, copied: false });
  });

  it('asks for the study the panel was opened on, for the days chosen, and shows it is creating', () => {
    const started = startShare();
    started.view().chooseDays(1);
    started.view().create();
    expect(started.create.inputs).toEqual([{ collectFilmId: '8', days: 1 }]);
    expect(started.view()).toMatchObject({ isCreating: true, days: 1, share: null });
  });

  it('right after it is made: the share shown, not yet copied, no card yet, no problem, and the list refreshed once', async () => {
    const started = startShare();
    await createWith(started, { ok: true, share: made });
    expect(started.view()).toMatchObject({ isCreating: false, share: made, card: null, copied: false, problem: null });
    expect(started.done.count('refreshList')).toBe(1);
    expect(started.card.inputs).toEqual([made]);
  });

  it('a refusal refreshes no list, asks for no card and keeps the days chosen', async () => {
    const started = startShare();
    started.view().chooseDays(30);
    await createWith(started, { ok: false });
    expect(started.view()).toMatchObject({ problem: 'refused', share: null, days: 30, isCreating: false });
    expect(started.done.count('refreshList')).toBe(0);
    expect(started.card.inputs).toEqual([]);
  });

  it('no answer says "offline"; a share made after it clears the problem', async () => {
    const started = startShare();
    started.view().create();
    started.create.reject(new Error('offline'));
    await flush();
    expect(started.view()).toMatchObject({ problem: 'offline', share: null });
    await createWith(started, { ok: true, share: made });
    expect(started.view()).toMatchObject({ problem: null, share: made });
  });
});

describe('share: once made', () => {
  it('shows the card as it came: ready, unavailable, or failed when it could not be prepared', async () => {
    for (const outcome of ['ready', 'unavailable'] as const) {
      const started = startShare();
      await createWith(started, { ok: true, share: made });
      started.card.resolve(outcome);
      await flush();
      expect(started.view().card).toBe(outcome);
    }
    const started = startShare();
    await createWith(started, { ok: true, share: made });
    started.card.reject(new Error('wx refused'));
    await flush();
    expect(started.view().card).toBe('failed');
  });

  it('copying puts the share on screen on the clipboard, each time it is tapped, and says it is copied', async () => {
    const started = startShare();
    await createWith(started, { ok: true, share: made });
    started.view().copy();
    expect(started.view().copied).toBe(true);
    started.view().copy();
    expect(started.done.paramsOf('writeClipboard')).toEqual([made, made]);
  });

  it('making another clears the share, the card and "copied", and the next share is shown fresh', async () => {
    const started = startShare();
    await createWith(started, { ok: true, share: made });
    started.card.resolve('ready');
    await flush();
    started.view().copy();
    started.view().again();
    expect(started.view()).toMatchObject({ share: null, card: null, copied: false, isCreating: false });
    expect(started.create.inputs).toHaveLength(1);
    await createWith(started, { ok: true, share: other });
    expect(started.view()).toMatchObject({ share: other, card: null, copied: false });
    expect(started.card.inputs).toEqual([made, other]);
  });
});

describe('share: taps a state ignores', () => {
  it('before a share is made, copying or making another does nothing', () => {
    const started = startShare();
    started.view().copy();
    started.view().again();
    expect(started.view()).toMatchObject({ copied: false, share: null });
    expect(started.done.count('writeClipboard')).toBe(0);
    expect(started.create.inputs).toEqual([]);
  });

  it('while creating, another tap or another expiry changes nothing', () => {
    const started = startShare();
    started.view().create();
    started.view().create();
    started.view().chooseDays(30);
    expect(started.create.inputs).toEqual([{ collectFilmId: '8', days: 7 }]);
    expect(started.view().days).toBe(7);
  });

  it('once made, the expiry cannot change and no second share is made', async () => {
    const started = startShare();
    await createWith(started, { ok: true, share: made });
    started.view().chooseDays(1);
    started.view().create();
    expect(started.view()).toMatchObject({ days: 7, share: made });
    expect(started.create.inputs).toHaveLength(1);
  });
});

describe('share: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const { actor } = startShare();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
