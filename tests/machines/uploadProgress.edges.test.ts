// @vitest-environment node
/**
 * How an upload's progress reaches its chart, which the model-based suites leave open (they send
 * UPLOAD_PROGRESS themselves): the upload is handed an `onProgress` with its input, and what it
 * reports there is what the progress bar shows, while it runs and not after.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectFeedback } from '../../machines/feedback/feedback.connect';
import { feedbackMachine } from '../../machines/feedback/feedback.machine';
import type { FeedbackDraft, SubmitOutcome, SubmitRequest } from '../../machines/feedback/feedback.types';
import { connectModify } from '../../machines/modify/modify.connect';
import { modifyMachine } from '../../machines/modify/modify.machine';
import type { AvatarUpload, CompressedAvatar, CropLike, ProfileLike, UploadOutcome } from '../../machines/modify/modify.types';

describe('upload progress reaches the chart from the upload itself', () => {
  it('feedback: what the upload reports is the bar; a report after the answer changes nothing', async () => {
    let report!: (fraction: number) => void;
    let answer!: (outcome: SubmitOutcome) => void;
    const machine = feedbackMachine.provide({
      actors: {
        loadDraft: fromPromise<FeedbackDraft | null>(async () => null),
        submitFeedback: fromPromise<SubmitOutcome, SubmitRequest>(({ input }) => ((report = input.onProgress), new Promise<SubmitOutcome>((resolve) => (answer = resolve)))),
      },
    });
    const actor = createActor(machine, { input: { clientId: 'c-1', maxImages: 9 } }).start();
    await vi.waitFor(() => expect(connectFeedback(actor.getSnapshot(), actor.send, () => 'x').canEdit).toBe(true));
    actor.send({ type: 'SEND', problem: null });
    await vi.waitFor(() => expect(report).toBeTypeOf('function'));
    report(0.25);
    expect(connectFeedback(actor.getSnapshot(), actor.send, () => 'x').percent).toBe(25);
    answer({ ok: false, problem: 'refused', message: 'no', retryAfterSeconds: null });
    await vi.waitFor(() => expect(connectFeedback(actor.getSnapshot(), actor.send, () => 'x').isSending).toBe(false));
    report(0.9);
    expect(connectFeedback(actor.getSnapshot(), actor.send, () => 'x').percent).toBe(0);
    actor.stop();
  });

  it('avatar: what the upload reports is the bar', async () => {
    let report!: (fraction: number) => void;
    const file = new Blob(['x'], { type: 'image/png' });
    const machine = modifyMachine.provide({
      actors: {
        loadUser: fromPromise<ProfileLike>(async () => ({ nickName: 'a', email: '', avatarUrl: null })),
        compressAvatar: fromPromise<CompressedAvatar, { file: Blob; crop: CropLike }>(async () => ({ file, preview: 'data:image/jpeg;base64,AAAA' })),
        uploadAvatar: fromPromise<UploadOutcome, AvatarUpload>(({ input }) => ((report = input.onProgress), new Promise<UploadOutcome>(() => {}))),
      },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
    actor.send({ type: 'PICKED', file });
    actor.send({ type: 'CROP', crop: { x: 0, y: 0, width: 1, height: 1 } });
    await vi.waitFor(() => expect(report).toBeTypeOf('function'));
    report(0.6);
    expect(connectModify(actor.getSnapshot(), actor.send).avatar.percent).toBe(60);
    actor.stop();
  });
});
