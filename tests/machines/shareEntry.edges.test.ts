// @vitest-environment node
/**
 * Edges of the share code entry's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the event each intent of the form sends, what the form shows before
 * anything is typed, and exactly what opening a share is asked.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectShareEntry } from '../../machines/shareEntry/shareEntry.connect';
import { shareEntryMachine } from '../../machines/shareEntry/shareEntry.machine';
import { effects } from './edgeFakes';

function startForm() {
  const done = effects(['openShare'] as const);
  const actor = createActor(shareEntryMachine.provide({ actions: done.spies })).start();
  const view = () => connectShareEntry(actor.getSnapshot(), actor.send);
  return { done, view };
}

describe('share code entry: the form intents', () => {
  it('typing and going on each send their event, with what was typed and what the rule found', () => {
    const send = vi.fn();
    const view = connectShareEntry(createActor(shareEntryMachine).getSnapshot(), send);
    view.type('K7WPQ2MX 4821');
    view.go({ code: 'K7WPQ2MX', accessCode: '4821' });
    view.go(null);
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'TYPE', text: 'K7WPQ2MX 4821' },
      { type: 'GO', found: { code: 'K7WPQ2MX', accessCode: '4821' } },
      { type: 'GO', found: null },
    ]);
  });
});

describe('share code entry: what the form shows', () => {
  it('an empty box, no problem, nothing opening, before anything is typed', () => {
    expect(startForm().view()).toMatchObject({ text: '', problem: null, isOpening: false });
  });

  it('what is typed, and a new text clears "enter the code"', () => {
    const form = startForm();
    form.view().go(null);
    expect(form.view()).toMatchObject({ text: '', problem: 'codeMissing', isOpening: false });
    form.view().type('k7wp q2mx');
    expect(form.view()).toMatchObject({ text: 'k7wp q2mx', problem: null, isOpening: false });
    expect(form.done.count('openShare')).toBe(0);
  });

  it('opens the share found, asked with its code and access code, once', () => {
    const form = startForm();
    form.view().type('K7WPQ2MX');
    form.view().go({ code: 'K7WPQ2MX', accessCode: null });
    expect(form.done.paramsOf('openShare')).toEqual([{ code: 'K7WPQ2MX', accessCode: null }]);
    expect(form.view()).toMatchObject({ text: 'K7WPQ2MX', problem: null, isOpening: true });
    form.view().go({ code: 'ABCDEFGH', accessCode: '4821' });
    expect(form.done.count('openShare')).toBe(1);
  });
});

describe('share code entry: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${shareEntryMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
