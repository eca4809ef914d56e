// @vitest-environment node
/**
 * Edges of the feedback chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): the event each tap of the form sends, what the form shows while the draft is
 * restored, images are chosen or compressed, and after a refusal, and exactly what each call is
 * asked.
 */
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectFeedback } from '../../machines/feedback/feedback.connect';
import { feedbackMachine } from '../../machines/feedback/feedback.machine';
import type { ChooseOutcome, FeedbackDraft, FeedbackImage, PreparedImages, SubmitOutcome, SubmitRequest } from '../../machines/feedback/feedback.types';
import { controllablePromise } from '../../machines/replay';
import { effects } from './edgeFakes';
import { flush } from './modelHarness';

const image = (id: string, hasOriginal = true): FeedbackImage => ({ id, dataUrl: 'data:image/jpeg;base64,/9j/AA==', bytes: 12, hasOriginal });
const file = new Blob(['x'], { type: 'image/jpeg' });
const draft: FeedbackDraft = { clientId: 'c-kept', typeId: 't2', content: 'The viewer will not open', contact: '13800000000', images: [image('a', false)], quality: 'original' };

function startForm(maxImages = 9) {
  const calls = {
    loadDraft: controllablePromise<FeedbackDraft | null>(),
    chooseImages: controllablePromise<ChooseOutcome, { room: number }>(),
    prepareImages: controllablePromise<PreparedImages, { files: Blob[]; room: number }>(),
    submitFeedback: controllablePromise<SubmitOutcome, SubmitRequest>(),
  };
  const done = effects(['saveDraft', 'clearDraft'] as const);
  const machine = feedbackMachine.provide({
    actors: { loadDraft: calls.loadDraft.logic, chooseImages: calls.chooseImages.logic, prepareImages: calls.prepareImages.logic, submitFeedback: calls.submitFeedback.logic },
    actions: done.spies,
  });
  const actor = createActor(machine, { input: { clientId: 'c-new', maxImages } }).start();
  let next = 0;
  const view = () => connectFeedback(actor.getSnapshot(), actor.send, () => `c-next-${++next}`);
  return { actor, calls, done, view };
}
type Form = ReturnType<typeof startForm>;

async function restored(form: Form, kept: FeedbackDraft | null) {
  form.calls.loadDraft.resolve(kept);
  await flush();
}

describe('feedback: what each tap sends', () => {
  it('every field, the images, sending and "another" send their event with what the tap carries', () => {
    const { actor } = startForm();
    const send = vi.fn();
    const view = connectFeedback(actor.getSnapshot(), send, () => 'c-fresh');
    view.chooseType('t3');
    view.editContent('some words here');
    view.editContact('a@b.cn');
    view.setQuality('original');
    view.chooseImages();
    view.picked([file]);
    view.removeImage('img-1');
    view.send('contentShort');
    view.send(null);
    view.another();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'CHOOSE_TYPE', typeId: 't3' },
      { type: 'EDIT', field: 'content', value: 'some words here' },
      { type: 'EDIT', field: 'contact', value: 'a@b.cn' },
      { type: 'SET_QUALITY', quality: 'original' },
      { type: 'CHOOSE_IMAGES' },
      { type: 'FILES_PICKED', files: [file] },
      { type: 'REMOVE_IMAGE', id: 'img-1' },
      { type: 'SEND', problem: 'contentShort' },
      { type: 'SEND', problem: null },
      { type: 'NEW', clientId: 'c-fresh' },
    ]);
  });
});

describe('feedback: what the form shows', () => {
  it('restoring the draft, then the draft as it was kept', async () => {
    const form = startForm();
    expect(form.view()).toMatchObject({ isRestoring: true, canEdit: false, canAct: false, clientId: 'c-new', maxImages: 9, room: 9 });
    await restored(form, draft);
    expect(form.view()).toMatchObject({ isRestoring: false, canEdit: true, canAct: true, ...draft, room: 8, state: JSON.stringify({ editing: 'idle' }) });
  });

  it('originals asked for but an image restored without one: said; not when the quality is compressed or every original is there', async () => {
    const form = startForm();
    await restored(form, draft);
    expect(form.view().originalsGone).toBe(true);
    form.view().setQuality('compressed');
    expect(form.view().originalsGone).toBe(false);
    const whole = startForm();
    await restored(whole, { ...draft, images: [image('b', true)] });
    expect(whole.view().originalsGone).toBe(false);
  });

  it("while WeChat's chooser is open, then while images are compressed, nothing else can be done", async () => {
    const form = startForm();
    await restored(form, null);
    form.view().chooseImages();
    expect(form.view()).toMatchObject({ isChoosing: true, isAdding: false, canAct: false, canEdit: true, isSending: false });
    form.calls.chooseImages.resolve({ kind: 'chosen', files: [file] });
    await flush();
    expect(form.view()).toMatchObject({ isChoosing: false, isAdding: true, canAct: false });
    form.calls.prepareImages.resolve({ images: [image('x')], unreadable: 0 });
    await flush();
    expect(form.view()).toMatchObject({ isChoosing: false, isAdding: false, canAct: true, room: 8 });
  });

  it("a refusal shows the server's words and its wait; a change forgets them", async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    expect(form.view()).toMatchObject({ isSending: true, canEdit: false, canAct: false });
    form.calls.submitFeedback.resolve({ ok: false, problem: 'rateLimited', message: '反馈提交过于频繁，请稍后再试', retryAfterSeconds: 300 });
    await flush();
    expect(form.view()).toMatchObject({ problem: 'rateLimited', serverMessage: '反馈提交过于频繁，请稍后再试', retryAfterSeconds: 300, isSending: false, percent: 0 });
    form.view().editContent('The viewer will not open at all');
    expect(form.view()).toMatchObject({ problem: null, serverMessage: null, retryAfterSeconds: null });
  });

  it('the upload shows in whole per cent; the receipt only once received', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    const [request] = form.calls.submitFeedback.inputs;
    request?.onProgress(0.456);
    expect(form.view()).toMatchObject({ percent: 46, receipt: null });
    request?.onProgress(1.7);
    expect(form.view().percent).toBe(100);
    const receipt = { feedbackId: 'FB1', receivedAt: '2026-11-20T10:00:00+08:00', imageCount: 1 };
    form.calls.submitFeedback.resolve({ ok: true, receipt });
    await flush();
    expect(form.view()).toMatchObject({ receipt, canEdit: false, canAct: false, isSending: false });
    expect(form.done.count('clearDraft')).toBe(1);
    form.view().another();
    expect(form.view()).toMatchObject({ clientId: 'c-next-1', content: '', contact: '', images: [], typeId: null, quality: 'compressed', receipt: null, canEdit: true });
  });
});

describe('feedback: what each call is asked', () => {
  it("WeChat's chooser for the room left; the compression for the files chosen and the same room", async () => {
    const form = startForm(3);
    await restored(form, draft);
    form.view().chooseImages();
    expect(form.calls.chooseImages.inputs).toEqual([{ room: 2 }]);
    form.calls.chooseImages.resolve({ kind: 'chosen', files: [file, file] });
    await flush();
    expect(form.calls.prepareImages.inputs).toEqual([{ files: [file, file], room: 2 }]);
  });

  it('files picked outside WeChat are compressed for the room left, and kept in the draft', async () => {
    const form = startForm(3);
    await restored(form, draft);
    form.view().picked([file]);
    expect(form.calls.prepareImages.inputs).toEqual([{ files: [file], room: 2 }]);
    form.calls.prepareImages.resolve({ images: [image('y')], unreadable: 0 });
    await flush();
    expect(form.done.paramsOf('saveDraft').at(-1)).toEqual({ ...draft, images: [image('a', false), image('y')] });
  });

  it('the send carries the whole draft with its clientId, and reports the upload back', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    const [request] = form.calls.submitFeedback.inputs;
    expect(request).toMatchObject(draft);
    expect(Object.keys(request ?? {}).sort()).toEqual(['clientId', 'contact', 'content', 'images', 'onProgress', 'quality', 'typeId']);
  });

  it('a rule broken on the phone sends nothing', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send('contentLong');
    expect(form.calls.submitFeedback.inputs).toEqual([]);
    expect(form.view().problem).toBe('contentLong');
  });
});

describe('feedback: the images of the draft', () => {
  it('only as many as there is room for, the same image not twice; more than the room is said', async () => {
    const form = startForm(3);
    await restored(form, draft);
    form.view().picked([file, file, file]);
    form.calls.prepareImages.resolve({ images: [image('a'), image('b'), image('c'), image('d')], unreadable: 1 });
    await flush();
    expect(form.view().images.map((kept) => kept.id)).toEqual(['a', 'b', 'c']);
    expect(form.view()).toMatchObject({ notice: 'tooMany', room: 0 });
    expect(form.done.paramsOf('saveDraft').at(-1)).toMatchObject({ images: [image('a', false), image('b'), image('c')] });
  });

  it('an image that could not be read is said when all the others fit; nothing is said when all were read', async () => {
    const form = startForm(3);
    await restored(form, null);
    form.view().picked([file, file]);
    form.calls.prepareImages.resolve({ images: [image('a')], unreadable: 1 });
    await flush();
    expect(form.view()).toMatchObject({ notice: 'unreadable', room: 2 });
    form.view().picked([file]);
    expect(form.view().notice).toBeNull();
    form.calls.prepareImages.resolve({ images: [image('b')], unreadable: 0 });
    await flush();
    expect(form.view()).toMatchObject({ notice: null, room: 1 });
  });

  it('no room: neither the chooser nor the compression is asked, and it is said', async () => {
    const form = startForm(1);
    await restored(form, draft);
    form.view().chooseImages();
    expect(form.view()).toMatchObject({ notice: 'tooMany', isChoosing: false, canAct: true });
    form.view().picked([file]);
    expect(form.calls.chooseImages.inputs).toEqual([]);
    expect(form.calls.prepareImages.inputs).toEqual([]);
  });

  it("WeChat's chooser failing, or cancelled, or the compression failing: said (or not), nothing added", async () => {
    const form = startForm();
    await restored(form, null);
    form.view().chooseImages();
    form.calls.chooseImages.resolve({ kind: 'failed' });
    await flush();
    expect(form.view()).toMatchObject({ notice: 'chooserFailed', canAct: true, images: [] });
    form.view().chooseImages();
    form.calls.chooseImages.reject(new Error('wx'));
    await flush();
    expect(form.view()).toMatchObject({ notice: 'chooserFailed', canAct: true });
    form.view().chooseImages();
    form.calls.chooseImages.resolve({ kind: 'cancelled' });
    await flush();
    expect(form.calls.prepareImages.inputs).toEqual([]);
    expect(form.view()).toMatchObject({ canAct: true, images: [] });
    form.view().picked([file]);
    form.calls.prepareImages.reject(new Error('canvas'));
    await flush();
    expect(form.view()).toMatchObject({ notice: 'unreadable', canAct: true, images: [] });
    form.view().picked([file]);
    expect(form.calls.prepareImages.inputs.at(-1)).toEqual({ files: [file], room: 9 });
  });

  it('removing one image removes that one only, forgets the notice, and keeps the draft', async () => {
    const form = startForm(2);
    await restored(form, { ...draft, images: [image('a'), image('b')] });
    form.view().chooseImages();
    expect(form.view().notice).toBe('tooMany');
    form.view().removeImage('a');
    expect(form.view()).toMatchObject({ images: [image('b')], notice: null, room: 1 });
    expect(form.done.paramsOf('saveDraft').at(-1)).toEqual({ ...draft, images: [image('b')] });
  });
});

describe('feedback: the draft kept on every change', () => {
  it('the type, the text, the contact and the quality each keep the whole draft as it now is', async () => {
    const form = startForm();
    await restored(form, null);
    form.view().chooseType('t3');
    form.view().editContent('The viewer will not open');
    form.view().editContact('a@b.cn');
    form.view().setQuality('original');
    const empty = { clientId: 'c-new', typeId: null, content: '', contact: '', images: [], quality: 'compressed' };
    expect(form.done.paramsOf('saveDraft')).toEqual([
      { ...empty, typeId: 't3' },
      { ...empty, typeId: 't3', content: 'The viewer will not open' },
      { ...empty, typeId: 't3', content: 'The viewer will not open', contact: 'a@b.cn' },
      { ...empty, typeId: 't3', content: 'The viewer will not open', contact: 'a@b.cn', quality: 'original' },
    ]);
    expect(form.view()).toMatchObject({ typeId: 't3', content: 'The viewer will not open', contact: 'a@b.cn', quality: 'original' });
  });

  it('no draft could be read: an empty form with a fresh clientId', async () => {
    const form = startForm();
    form.calls.loadDraft.reject(new Error('no IndexedDB'));
    await flush();
    expect(form.view()).toMatchObject({ clientId: 'c-new', typeId: null, content: '', contact: '', images: [], quality: 'compressed', canEdit: true, canAct: true });
  });
});

describe('feedback: sending', () => {
  it('no answer: "offline", with no server words or wait; sending again starts from nothing said', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    const [request] = form.calls.submitFeedback.inputs;
    request?.onProgress(-0.5);
    expect(form.view().percent).toBe(0);
    request?.onProgress(0.5);
    form.calls.submitFeedback.reject(new Error('offline'));
    await flush();
    expect(form.view()).toMatchObject({ problem: 'offline', serverMessage: null, retryAfterSeconds: null, percent: 0, canAct: true, content: draft.content });
    form.view().send(null);
    expect(form.view()).toMatchObject({ problem: null, notice: null, percent: 0, isSending: true });
    expect(form.calls.submitFeedback.inputs.map((sent) => sent.clientId)).toEqual(['c-kept', 'c-kept']);
  });

  it('a refusal the app does not know shows the server words, with no wait', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    form.calls.submitFeedback.resolve({ ok: false, problem: 'refused', message: '服务繁忙', retryAfterSeconds: null });
    await flush();
    expect(form.view()).toMatchObject({ problem: 'refused', serverMessage: '服务繁忙', retryAfterSeconds: null });
    expect(form.done.count('clearDraft')).toBe(0);
  });

  it('after the receipt, another feedback starts at 0 per cent', async () => {
    const form = startForm();
    await restored(form, draft);
    form.view().send(null);
    form.calls.submitFeedback.inputs[0]?.onProgress(0.8);
    form.calls.submitFeedback.resolve({ ok: true, receipt: { feedbackId: 'FB1', receivedAt: '2026-11-20T10:00:00+08:00', imageCount: 1 } });
    await flush();
    form.view().another();
    expect(form.view()).toMatchObject({ percent: 0, receipt: null, problem: null });
  });
});

describe('feedback: originals', () => {
  it('said as soon as one image of several has no original left', async () => {
    const form = startForm();
    await restored(form, { ...draft, images: [image('a', true), image('b', false)] });
    expect(form.view().originalsGone).toBe(true);
  });
});

describe("feedback: WeChat's chooser failing outright", () => {
  it('is said, and nothing is added', async () => {
    const form = startForm();
    await restored(form, null);
    form.view().chooseImages();
    form.calls.chooseImages.reject(new Error('wx'));
    await flush();
    expect(form.view()).toMatchObject({ notice: 'chooserFailed', canAct: true, images: [] });
    expect(form.calls.prepareImages.inputs).toEqual([]);
  });
});
