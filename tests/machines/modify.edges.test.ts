// @vitest-environment node
/**
 * Edges of the profile chart (issue 14, modify) that the model-based suite leaves open (found by
 * mutation testing, docs/testing.md): the event each tap of the page sends, what the page is given
 * in each situation (busy, invalid fields, the avatar's phase, picture, preview and progress), and
 * exactly what each call is asked, and an app that provides none of the calls.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectModify } from '../../machines/modify/modify.connect';
import { modifyMachine } from '../../machines/modify/modify.machine';
import type { AvatarChoice, AvatarUpload, CompressedAvatar, CropLike, ProfileLike, SaveOutcome, UploadOutcome } from '../../machines/modify/modify.types';
import { controllablePromise, flush } from './modelHarness';

const record: ProfileLike = { nickName: 'Zhang', email: 'zhang@example.com', avatarUrl: 'https://cdn.example/old.jpg' };
const picture = new Blob(['picture'], { type: 'image/png' });
const small: CompressedAvatar = { file: new Blob(['small'], { type: 'image/jpeg' }), preview: 'data:image/jpeg;base64,AAAA' };
const square: CropLike = { x: 10, y: 20, width: 300, height: 300 };

function startModify() {
  const calls = {
    loadUser: controllablePromise<ProfileLike>(),
    saveName: controllablePromise<SaveOutcome, { nickName: string }>(),
    saveEmail: controllablePromise<SaveOutcome, { email: string }>(),
    chooseAvatar: controllablePromise<AvatarChoice>(),
    compressAvatar: controllablePromise<CompressedAvatar, { file: Blob; crop: CropLike }>(),
    uploadAvatar: controllablePromise<UploadOutcome, AvatarUpload>(),
  };
  const profileChanged = vi.fn<() => void>();
  const actor = createActor(
    modifyMachine.provide({
      actors: {
        loadUser: calls.loadUser.logic,
        saveName: calls.saveName.logic,
        saveEmail: calls.saveEmail.logic,
        chooseAvatar: calls.chooseAvatar.logic,
        compressAvatar: calls.compressAvatar.logic,
        uploadAvatar: calls.uploadAvatar.logic,
      },
      actions: { profileChanged },
    }),
  ).start();
  const view = () => connectModify(actor.getSnapshot(), actor.send);
  return { actor, calls, profileChanged, view };
}

/** The page with the record loaded. */
async function loaded(user: ProfileLike = record) {
  const started = startModify();
  started.calls.loadUser.resolve(user);
  await flush();
  return started;
}

/** The avatar cropped, made small and being uploaded. */
async function uploading() {
  const started = await loaded();
  started.view().picked(picture);
  started.view().crop(square);
  started.calls.compressAvatar.resolve(small);
  await flush();
  return started;
}

describe('modify: the taps of the page', () => {
  it('each intent sends the event it names, with what the patient typed, picked or cropped', () => {
    const send = vi.fn();
    const view = connectModify(createActor(modifyMachine).getSnapshot(), send);
    view.retry();
    view.editName('Li');
    view.saveName(null);
    view.saveName('invalid');
    view.editEmail('li@example.com');
    view.saveEmail('invalid');
    view.saveEmail(null);
    view.chooseAvatar();
    view.picked(picture);
    view.crop(square);
    view.cancelCrop();
    view.retryUpload();
    expect(send.mock.calls.map(([event]) => event as unknown)).toEqual([
      { type: 'RETRY' },
      { type: 'EDIT_NAME', value: 'Li' },
      { type: 'SAVE_NAME', problem: null },
      { type: 'SAVE_NAME', problem: 'invalid' },
      { type: 'EDIT_EMAIL', value: 'li@example.com' },
      { type: 'SAVE_EMAIL', problem: 'invalid' },
      { type: 'SAVE_EMAIL', problem: null },
      { type: 'CHOOSE_AVATAR' },
      { type: 'PICKED', file: picture },
      { type: 'CROP', crop: square },
      { type: 'CANCEL_CROP' },
      { type: 'RETRY_UPLOAD' },
    ]);
  });
});

describe('modify: the record', () => {
  it('while the record loads the page shows its skeleton and nothing may start', () => {
    const { view } = startModify();
    expect(view()).toMatchObject({ isLoading: true, loadFailed: false, user: null, nickName: '', email: '', notice: null, canStart: false, isSavingName: false, isSavingEmail: false });
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
  });

  it('a record that cannot be loaded is said; trying again asks for it again', async () => {
    const { view, calls } = startModify();
    calls.loadUser.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ isLoading: false, loadFailed: true, canStart: false });
    view().retry();
    expect(view()).toMatchObject({ isLoading: true, loadFailed: false });
    expect(calls.loadUser.inputs).toHaveLength(2);
    calls.loadUser.resolve(record);
    await flush();
    expect(view()).toMatchObject({ isLoading: false, loadFailed: false, user: record, canStart: true });
  });

  it("the fields start with the record's name and address; a record without them starts empty", async () => {
    expect((await loaded()).view()).toMatchObject({ user: record, nickName: 'Zhang', email: 'zhang@example.com', canStart: true, isLoading: false });
    expect((await loaded({ nickName: null, email: null, avatarUrl: null })).view()).toMatchObject({ nickName: '', email: '' });
  });

  it('typing one field changes only that field', async () => {
    const { view } = await loaded();
    view().editName('Li');
    expect(view()).toMatchObject({ nickName: 'Li', email: 'zhang@example.com' });
    view().editEmail('li@example.com');
    expect(view()).toMatchObject({ nickName: 'Li', email: 'li@example.com' });
  });
});

describe('modify: saving the name', () => {
  it('sends the typed name without the spaces around it; while it saves the page is busy and typing goes on', async () => {
    const { view, calls } = await loaded();
    view().editName('  Li Wei  ');
    view().saveName(null);
    expect(calls.saveName.inputs).toEqual([{ nickName: 'Li Wei' }]);
    expect(view()).toMatchObject({ isSavingName: true, isSavingEmail: false, canStart: false, isLoading: false });
    view().editEmail('typed@example.com');
    expect(view().email).toBe('typed@example.com');
    view().saveName(null);
    view().saveEmail(null);
    view().chooseAvatar();
    view().picked(picture);
    expect(calls.saveName.inputs).toHaveLength(1);
    expect(calls.saveEmail.inputs).toHaveLength(0);
    expect(calls.chooseAvatar.inputs).toHaveLength(0);
    expect(view().avatar.phase).toBe('idle');
  });

  it('saved: the record as the server answered it, "saved", and the other screens told once', async () => {
    const { view, calls, profileChanged } = await loaded();
    view().editName('Li');
    view().saveName(null);
    const changed = { ...record, nickName: 'Li' };
    calls.saveName.resolve({ ok: true, user: changed });
    await flush();
    expect(view()).toMatchObject({ user: changed, nickName: 'Li', notice: { about: 'name', kind: 'saved' }, nameInvalid: false, emailInvalid: false, canStart: true, isSavingName: false });
    expect(profileChanged).toHaveBeenCalledTimes(1);
  });

  it("the server's refusal (4601) marks the name field invalid; what was typed stays", async () => {
    const { view, calls, profileChanged } = await loaded();
    view().editName('Li');
    view().saveName(null);
    calls.saveName.resolve({ ok: false });
    await flush();
    expect(view()).toMatchObject({ nickName: 'Li', user: record, notice: { about: 'name', kind: 'invalid' }, nameInvalid: true, emailInvalid: false, canStart: true });
    expect(profileChanged).not.toHaveBeenCalled();
  });

  it('no answer: "offline", what was typed stays, the field is not marked', async () => {
    const { view, calls } = await loaded();
    view().editName('Li');
    view().saveName(null);
    calls.saveName.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ nickName: 'Li', notice: { about: 'name', kind: 'offline' }, nameInvalid: false, canStart: true });
  });

  it("a name the phone's rule refuses marks the field and sends nothing; a later try clears the notice", async () => {
    const { view, calls } = await loaded();
    view().saveName('invalid');
    expect(view()).toMatchObject({ notice: { about: 'name', kind: 'invalid' }, nameInvalid: true, emailInvalid: false, canStart: true });
    expect(calls.saveName.inputs).toHaveLength(0);
    view().saveName(null);
    expect(view()).toMatchObject({ notice: null, nameInvalid: false });
  });
});

describe('modify: saving the address', () => {
  it('sends the typed address; while it saves the page is busy', async () => {
    const { view, calls } = await loaded();
    view().editEmail('li@example.com');
    view().saveEmail(null);
    expect(calls.saveEmail.inputs).toEqual([{ email: 'li@example.com' }]);
    expect(view()).toMatchObject({ isSavingEmail: true, isSavingName: false, canStart: false });
    view().saveEmail(null);
    view().saveName(null);
    expect(calls.saveEmail.inputs).toHaveLength(1);
    expect(calls.saveName.inputs).toHaveLength(0);
  });

  it('saved: the record as answered, "saved", the other screens told once', async () => {
    const { view, calls, profileChanged } = await loaded();
    view().editEmail('li@example.com');
    view().saveEmail(null);
    const changed = { ...record, email: 'li@example.com' };
    calls.saveEmail.resolve({ ok: true, user: changed });
    await flush();
    expect(view()).toMatchObject({ user: changed, email: 'li@example.com', notice: { about: 'email', kind: 'saved' }, emailInvalid: false, canStart: true, isSavingEmail: false });
    expect(profileChanged).toHaveBeenCalledTimes(1);
  });

  it("the server's refusal (4602) marks the address field invalid, not the name's", async () => {
    const { view, calls, profileChanged } = await loaded();
    view().editEmail('li@example');
    view().saveEmail(null);
    calls.saveEmail.resolve({ ok: false });
    await flush();
    expect(view()).toMatchObject({ email: 'li@example', notice: { about: 'email', kind: 'invalid' }, emailInvalid: true, nameInvalid: false });
    expect(profileChanged).not.toHaveBeenCalled();
  });

  it('no answer: "offline", what was typed stays', async () => {
    const { view, calls } = await loaded();
    view().editEmail('li@example.com');
    view().saveEmail(null);
    calls.saveEmail.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ email: 'li@example.com', notice: { about: 'email', kind: 'offline' }, emailInvalid: false, canStart: true });
  });

  it("an address the phone's rule refuses marks the field and sends nothing", async () => {
    const { view, calls } = await loaded();
    view().saveEmail('invalid');
    expect(view()).toMatchObject({ notice: { about: 'email', kind: 'invalid' }, emailInvalid: true, nameInvalid: false, canStart: true });
    expect(calls.saveEmail.inputs).toHaveLength(0);
  });
});

describe("modify: the avatar, WeChat's chooser", () => {
  it('the chooser opens once and the page is busy meanwhile; a last notice goes', async () => {
    const { view, calls } = await loaded();
    view().saveName('invalid');
    view().chooseAvatar();
    expect(view()).toMatchObject({ notice: null, canStart: false });
    expect(view().avatar).toEqual({ phase: 'choosing', source: null, preview: null, percent: 0 });
    view().chooseAvatar();
    view().saveName(null);
    expect(calls.chooseAvatar.inputs).toHaveLength(1);
    expect(calls.saveName.inputs).toHaveLength(0);
  });

  it('a chosen picture is given to crop', async () => {
    const { view, calls } = await loaded();
    view().chooseAvatar();
    calls.chooseAvatar.resolve({ kind: 'chosen', file: picture });
    await flush();
    expect(view().avatar).toEqual({ phase: 'cropping', source: picture, preview: null, percent: 0 });
    expect(view().canStart).toBe(false);
  });

  it('cancelled: back to the page with nothing said', async () => {
    const { view, calls } = await loaded();
    view().chooseAvatar();
    calls.chooseAvatar.resolve({ kind: 'cancelled' });
    await flush();
    expect(view()).toMatchObject({ notice: null, canStart: true });
    expect(view().avatar.phase).toBe('idle');
  });

  it('WeChat answered a failure, or failed: "the chooser failed"', async () => {
    const answered = await loaded();
    answered.view().chooseAvatar();
    answered.calls.chooseAvatar.resolve({ kind: 'failed' });
    await flush();
    expect(answered.view()).toMatchObject({ notice: { about: 'avatar', kind: 'chooserFailed' }, canStart: true });
    expect(answered.view().avatar.phase).toBe('idle');
    const failed = await loaded();
    failed.view().chooseAvatar();
    failed.calls.chooseAvatar.reject(new Error('wx'));
    await flush();
    expect(failed.view()).toMatchObject({ notice: { about: 'avatar', kind: 'chooserFailed' }, canStart: true });
  });
});

describe('modify: the avatar, cropped and made small', () => {
  it('a picked picture is given to crop, and a last notice goes', async () => {
    const { view } = await loaded();
    view().saveEmail('invalid');
    view().picked(picture);
    expect(view().avatar).toEqual({ phase: 'cropping', source: picture, preview: null, percent: 0 });
    expect(view()).toMatchObject({ notice: null, canStart: false });
  });

  it('cancelling the crop goes back with the picture dropped; picking again crops the new one', async () => {
    const { view, calls } = await loaded();
    view().picked(picture);
    view().cancelCrop();
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
    expect(view().canStart).toBe(true);
    const other = new Blob(['other'], { type: 'image/png' });
    view().picked(other);
    view().crop(square);
    expect(calls.compressAvatar.inputs).toEqual([{ file: other, crop: square }]);
  });

  it('the picture is made small as cropped; meanwhile the page is busy and the cropper gone', async () => {
    const { view, calls } = await loaded();
    view().picked(picture);
    view().crop(square);
    expect(calls.compressAvatar.inputs).toEqual([{ file: picture, crop: square }]);
    expect(view().avatar).toEqual({ phase: 'compressing', source: null, preview: null, percent: 0 });
    expect(view().canStart).toBe(false);
  });

  it('a picture that cannot be read is said; another may be chosen', async () => {
    const { view, calls } = await loaded();
    view().picked(picture);
    view().crop(square);
    calls.compressAvatar.reject(new Error('unreadable'));
    await flush();
    expect(view()).toMatchObject({ notice: { about: 'avatar', kind: 'unreadable' }, canStart: true });
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
    view().picked(picture);
    expect(view().avatar.source).toBe(picture);
  });
});

describe('modify: the avatar, uploaded', () => {
  it('uploads the small file and shows it meanwhile, from 0%', async () => {
    const { view, calls } = await uploading();
    expect(calls.uploadAvatar.inputs.map((input) => input.file)).toEqual([small.file]);
    expect(view().avatar).toEqual({ phase: 'uploading', source: null, preview: small.preview, percent: 0 });
    expect(view()).toMatchObject({ canStart: false, notice: null });
  });

  it('the progress the upload reports shows in whole per cent, kept within 0-100%', async () => {
    const { view, calls } = await uploading();
    const report = calls.uploadAvatar.inputs[0]!.onProgress;
    report(0.424);
    expect(view().avatar.percent).toBe(42);
    report(0.426);
    expect(view().avatar.percent).toBe(43);
    report(1.5);
    expect(view().avatar.percent).toBe(100);
    report(-0.2);
    expect(view().avatar.percent).toBe(0);
  });

  it('uploaded: the new avatar shows at once, "saved", the other screens told, the preview gone', async () => {
    const { view, calls, profileChanged } = await uploading();
    calls.uploadAvatar.inputs[0]!.onProgress(0.8);
    calls.uploadAvatar.resolve({ ok: true, avatarUrl: 'https://cdn.example/new.jpg' });
    await flush();
    expect(view()).toMatchObject({ user: { ...record, avatarUrl: 'https://cdn.example/new.jpg' }, nickName: 'Zhang', notice: { about: 'avatar', kind: 'saved' }, canStart: true });
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
    expect(profileChanged).toHaveBeenCalledTimes(1);
  });

  it('refused (4603): said, and the small avatar stays to send again', async () => {
    const { view, calls, profileChanged } = await uploading();
    calls.uploadAvatar.resolve({ ok: false });
    await flush();
    expect(view()).toMatchObject({ user: record, notice: { about: 'avatar', kind: 'refused' }, canStart: true });
    expect(view().avatar).toEqual({ phase: 'failed', source: null, preview: small.preview, percent: 0 });
    expect(profileChanged).not.toHaveBeenCalled();
  });

  it('no answer: "offline"; sending again uploads the same file from 0% with the notice gone', async () => {
    const { view, calls } = await uploading();
    calls.uploadAvatar.inputs[0]!.onProgress(0.5);
    calls.uploadAvatar.reject(new Error('offline'));
    await flush();
    expect(view()).toMatchObject({ notice: { about: 'avatar', kind: 'offline' } });
    expect(view().avatar).toMatchObject({ phase: 'failed', preview: small.preview });
    view().retryUpload();
    expect(calls.uploadAvatar.inputs.map((input) => input.file)).toEqual([small.file, small.file]);
    expect(view().avatar).toEqual({ phase: 'uploading', source: null, preview: small.preview, percent: 0 });
    expect(view().notice).toBeNull();
  });

  it('after a failed upload, saving the name drops the small avatar', async () => {
    const { view, calls } = await uploading();
    calls.uploadAvatar.reject(new Error('offline'));
    await flush();
    view().saveName(null);
    calls.saveName.reject(new Error('offline'));
    await flush();
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
    view().retryUpload();
    expect(calls.uploadAvatar.inputs).toHaveLength(1);
  });

  it('a picture picked after a failed upload replaces the small avatar', async () => {
    const { view, calls } = await uploading();
    calls.uploadAvatar.resolve({ ok: false });
    await flush();
    view().picked(picture);
    view().cancelCrop();
    expect(view()).toMatchObject({ notice: null });
    expect(view().avatar).toEqual({ phase: 'idle', source: null, preview: null, percent: 0 });
  });
});

describe('modify: an app that provides none of the calls', () => {
  it('says the record could not be loaded', async () => {
    const actor = createActor(modifyMachine).start();
    await flush();
    expect(connectModify(actor.getSnapshot(), actor.send).loadFailed).toBe(true);
  });

  it('says each save, the chooser, the picture and the upload failed', async () => {
    const compress = controllablePromise<CompressedAvatar, { file: Blob; crop: CropLike }>();
    const only = (compressAvatar?: typeof compress.logic) =>
      createActor(modifyMachine.provide({ actors: { loadUser: fromPromise<ProfileLike>(() => Promise.resolve(record)), ...(compressAvatar ? { compressAvatar } : {}) } })).start();
    const actor = only();
    const view = () => connectModify(actor.getSnapshot(), actor.send);
    await flush();
    view().saveName(null);
    await flush();
    expect(view().notice).toEqual({ about: 'name', kind: 'offline' });
    view().saveEmail(null);
    await flush();
    expect(view().notice).toEqual({ about: 'email', kind: 'offline' });
    view().chooseAvatar();
    await flush();
    expect(view().notice).toEqual({ about: 'avatar', kind: 'chooserFailed' });
    view().picked(picture);
    view().crop(square);
    await flush();
    expect(view().notice).toEqual({ about: 'avatar', kind: 'unreadable' });
    const uploads = only(compress.logic);
    await flush();
    uploads.send({ type: 'PICKED', file: picture });
    uploads.send({ type: 'CROP', crop: square });
    compress.resolve(small);
    await flush();
    expect(connectModify(uploads.getSnapshot(), uploads.send)).toMatchObject({ notice: { about: 'avatar', kind: 'offline' }, avatar: { phase: 'failed' } });
  });
});
