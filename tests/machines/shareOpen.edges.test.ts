// @vitest-environment node
/**
 * Edges of the shareCode page's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the event each tap of the view sends, what the page shows in each
 * situation, and exactly what each call is asked.
 */
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectShareOpen } from '../../machines/shareOpen/shareOpen.connect';
import { shareOpenMachine } from '../../machines/shareOpen/shareOpen.machine';
import type { OpenOutcome, PreviewLike, PreviewOutcome } from '../../machines/shareOpen/shareOpen.types';
import { controllablePromise } from '../../machines/replay';
import { effects } from './edgeFakes';
import { flush } from './modelHarness';

const CODE = 'K7WPQ2MX';
const preview: PreviewLike & { sharedByMasked: string } = { code: CODE, sharedByMasked: 'Li*' };

function startPage(provided: { preview?: boolean; open?: boolean } = {}, accessCode?: string) {
  const calls = {
    preview: controllablePromise<PreviewOutcome, { code: string }>(),
    open: controllablePromise<OpenOutcome, { code: string; accessCode: string }>(),
  };
  const done = effects(['openStudy'] as const);
  const clock = new SimulatedClock();
  const machine = shareOpenMachine.provide({
    actors: { ...(provided.preview !== false && { preview: calls.preview.logic }), ...(provided.open !== false && { open: calls.open.logic }) },
    actions: done.spies,
  });
  const actor = createActor(machine, { input: { code: CODE, accessCode }, clock }).start();
  const view = () => connectShareOpen<typeof preview>(actor.getSnapshot(), actor.send);
  return { actor, calls, done, clock, view };
}
type Page = ReturnType<typeof startPage>;

async function previewed(page: Page) {
  page.calls.preview.resolve({ ok: true, preview });
  await flush();
}

async function tryCode(page: Page, answer: OpenOutcome, accessCode = '4821') {
  page.view().enter(accessCode);
  page.view().open(null);
  page.calls.open.resolve(answer);
  await flush();
}

const QUIET = {
  isPreviewing: false,
  previewFailed: false,
  isOpening: false,
  isLocked: false,
  isOpened: false,
};

describe('share page: the view intents', () => {
  it('typing the code, opening (with what the form found) and trying again each send their event', () => {
    const send = vi.fn();
    const view = connectShareOpen(createActor(shareOpenMachine, { input: { code: CODE } }).getSnapshot(), send);
    view.enter('48');
    view.open('codeIncomplete');
    view.open(null);
    view.retry();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'ENTER', accessCode: '48' },
      { type: 'OPEN', problem: 'codeIncomplete' },
      { type: 'OPEN', problem: null },
      { type: 'RETRY' },
    ]);
  });
});

describe('share page: the preview', () => {
  it('is asked for by the share code, and shows as loading meanwhile', () => {
    const page = startPage();
    expect(page.calls.preview.inputs).toEqual([{ code: CODE }]);
    expect(page.view()).toMatchObject({
      ...QUIET,
      state: 'previewing',
      isPreviewing: true,
      preview: null,
      refusal: null,
      problem: null,
      accessCode: '',
      attemptsLeft: null,
      retryAfterSeconds: null,
      canOpen: false,
    });
  });

  it('shown: the preview the server gave, and the code box open', async () => {
    const page = startPage();
    await previewed(page);
    expect(page.view()).toMatchObject({ ...QUIET, state: 'entering', preview, refusal: null, problem: null, canOpen: true });
  });

  it('no answer: says so, and trying again asks again for the same share', async () => {
    const page = startPage();
    page.calls.preview.reject(new Error('offline'));
    await flush();
    expect(page.view()).toMatchObject({ ...QUIET, state: 'previewFailed', previewFailed: true, preview: null, canOpen: false });
    page.view().retry();
    expect(page.view()).toMatchObject({ isPreviewing: true, previewFailed: false });
    expect(page.calls.preview.inputs).toEqual([{ code: CODE }, { code: CODE }]);
  });

  it.each(['expired', 'revoked', 'notFound'] as const)('refused (%s): says which, no preview, no code taken', async (refusal) => {
    const page = startPage();
    page.calls.preview.resolve({ ok: false, refusal });
    await flush();
    expect(page.view()).toMatchObject({ ...QUIET, state: 'refused', refusal, preview: null, canOpen: false });
  });

  it('an app that provided no preview call shows the preview as failed', async () => {
    const page = startPage({ preview: false });
    await flush();
    expect(page.view()).toMatchObject({ previewFailed: true, isPreviewing: false });
  });
});

describe('share page: the access code', () => {
  it('typing shows the code and clears what was said about the last one', async () => {
    const page = startPage();
    await previewed(page);
    page.view().open('codeIncomplete');
    expect(page.view().problem).toBe('codeIncomplete');
    page.view().enter('48');
    expect(page.view()).toMatchObject({ accessCode: '48', problem: null });
  });

  it('an incomplete code is not sent: the page says it is incomplete and keeps it', async () => {
    const page = startPage();
    await previewed(page);
    page.view().enter('48');
    page.view().open('codeIncomplete');
    expect(page.view()).toMatchObject({ ...QUIET, problem: 'codeIncomplete', accessCode: '48', canOpen: true });
    expect(page.calls.open.inputs).toEqual([]);
  });

  it('a complete code is sent with the share code, and shows as opening meanwhile', async () => {
    const page = startPage();
    await previewed(page);
    page.view().enter('4821');
    page.view().open(null);
    expect(page.calls.open.inputs).toEqual([{ code: CODE, accessCode: '4821' }]);
    expect(page.view()).toMatchObject({ ...QUIET, state: 'opening', isOpening: true, canOpen: false, preview });
  });

  it('the right code opens the study with what the server gave', async () => {
    const page = startPage();
    await previewed(page);
    await tryCode(page, { ok: true, opened: { collectFilmId: '8', pass: 'pass-2' } });
    expect(page.done.paramsOf('openStudy')).toEqual([{ collectFilmId: '8', pass: 'pass-2' }]);
    expect(page.view()).toMatchObject({ ...QUIET, state: 'opened', isOpened: true, canOpen: false, refusal: null });
  });

  it('a wrong code: says so with the tries left, clears the box, takes another', async () => {
    const page = startPage();
    await previewed(page);
    await tryCode(page, { ok: false, problem: 'codeWrong', attemptsLeft: 2 });
    expect(page.view()).toMatchObject({ ...QUIET, state: 'entering', problem: 'codeWrong', attemptsLeft: 2, accessCode: '', canOpen: true });
    expect(page.done.count('openStudy')).toBe(0);
  });

  it('revoked since the page opened: says so and takes no more codes', async () => {
    const page = startPage();
    await previewed(page);
    await tryCode(page, { ok: false, refusal: 'revoked' });
    expect(page.view()).toMatchObject({ ...QUIET, state: 'refused', refusal: 'revoked', canOpen: false });
    expect(page.done.count('openStudy')).toBe(0);
  });

  it('no answer: says the page is offline, keeps the code to send again', async () => {
    const page = startPage();
    await previewed(page);
    page.view().enter('4821');
    page.view().open(null);
    page.calls.open.reject(new Error('offline'));
    await flush();
    expect(page.view()).toMatchObject({ ...QUIET, state: 'entering', problem: 'offline', accessCode: '4821', canOpen: true, refusal: null });
    page.view().open(null);
    expect(page.calls.open.inputs).toEqual([
      { code: CODE, accessCode: '4821' },
      { code: CODE, accessCode: '4821' },
    ]);
  });

  it('an app that provided no open call says the page is offline', async () => {
    const page = startPage({ open: false });
    await previewed(page);
    page.view().enter('4821');
    page.view().open(null);
    await flush();
    expect(page.view()).toMatchObject({ isOpening: false, problem: 'offline' });
  });
});

describe('share page: an access code pasted with the share code', () => {
  it('is tried as soon as the share is found, the preview shown meanwhile and after a wrong code', async () => {
    const page = startPage({}, '4821');
    expect(page.view()).toMatchObject({ isPreviewing: true, accessCode: '4821', preview: null });
    expect(page.calls.open.inputs).toEqual([]);
    await previewed(page);
    expect(page.calls.open.inputs).toEqual([{ code: CODE, accessCode: '4821' }]);
    expect(page.view()).toMatchObject({ ...QUIET, state: 'opening', isOpening: true, preview, canOpen: false });
    page.calls.open.resolve({ ok: false, problem: 'codeWrong', attemptsLeft: 2 });
    await flush();
    expect(page.view()).toMatchObject({ ...QUIET, state: 'entering', preview, problem: 'codeWrong', attemptsLeft: 2, accessCode: '', canOpen: true });
  });

  it('a share that is gone is said so, and the pasted code is not sent', async () => {
    const page = startPage({}, '4821');
    page.calls.preview.resolve({ ok: false, refusal: 'expired' });
    await flush();
    expect(page.view()).toMatchObject({ ...QUIET, state: 'refused', refusal: 'expired', preview: null });
    expect(page.calls.open.inputs).toEqual([]);
  });
});

describe('share page: too many wrong codes', () => {
  it('locked: the wait the server said, the box cleared, nothing said about the last code; then the box opens again', async () => {
    const page = startPage();
    await previewed(page);
    await tryCode(page, { ok: false, problem: 'codeWrong', attemptsLeft: 1 });
    await tryCode(page, { ok: false, locked: true, retryAfterSeconds: 90 });
    expect(page.view()).toMatchObject({ ...QUIET, state: 'locked', isLocked: true, retryAfterSeconds: 90, accessCode: '', problem: null, canOpen: false });
    page.clock.increment(89_999);
    expect(page.view().isLocked).toBe(true);
    page.clock.increment(1);
    expect(page.view()).toMatchObject({ ...QUIET, state: 'entering', isLocked: false, retryAfterSeconds: null, attemptsLeft: null, canOpen: true });
  });
});
