import type { FeedbackInput } from './feedback.types';

/**
 * The feedback chart's events for path generation. Room for one image, so "no room" is reached;
 * typing, the quality, the restored draft and the next clientId change nothing, so the paths stay few.
 */
export const feedbackInput: FeedbackInput = { clientId: 'c-1', maxImages: 1 };

const file = { size: 2048, type: 'image/jpeg' };
const image = (id: string) => ({ id, dataUrl: 'data:image/jpeg;base64,/9j/AA==', bytes: 12, hasOriginal: true });
const draft = { clientId: 'c-1', typeId: null, content: '', contact: '', images: [], quality: 'compressed' };

export const feedbackEvents = [
  { type: 'CHOOSE_TYPE', typeId: null },
  { type: 'EDIT', field: 'content', value: '' },
  { type: 'SET_QUALITY', quality: 'compressed' },
  { type: 'CHOOSE_IMAGES' },
  { type: 'FILES_PICKED', files: [file] },
  { type: 'REMOVE_IMAGE', id: 'img-1' },
  { type: 'SEND', problem: null },
  { type: 'SEND', problem: 'contentShort' },
  { type: 'UPLOAD_PROGRESS', progress: 0.5 },
  { type: 'NEW', clientId: 'c-1' },
  { type: 'xstate.done.actor.loadDraft', output: draft },
  { type: 'xstate.done.actor.loadDraft', output: null },
  { type: 'xstate.error.actor.loadDraft', error: new Error('no IndexedDB') },
  { type: 'xstate.done.actor.chooseImages', output: { kind: 'chosen', files: [file] } },
  { type: 'xstate.done.actor.chooseImages', output: { kind: 'cancelled' } },
  { type: 'xstate.done.actor.chooseImages', output: { kind: 'failed' } },
  { type: 'xstate.error.actor.chooseImages', error: new Error('wx') },
  { type: 'xstate.done.actor.prepareImages', output: { images: [image('img-1'), image('img-2')], unreadable: 0 } },
  { type: 'xstate.done.actor.prepareImages', output: { images: [], unreadable: 1 } },
  { type: 'xstate.error.actor.prepareImages', error: new Error('canvas') },
  { type: 'xstate.done.actor.submitFeedback', output: { ok: true, receipt: { feedbackId: 'FB1', receivedAt: '2026-11-20T10:00:00+08:00', imageCount: 1 } } },
  { type: 'xstate.done.actor.submitFeedback', output: { ok: false, problem: 'notAnImage', message: '只能上传JPG、PNG或WebP图片', retryAfterSeconds: null } },
  { type: 'xstate.done.actor.submitFeedback', output: { ok: false, problem: 'rateLimited', message: '反馈提交过于频繁，请稍后再试', retryAfterSeconds: 300 } },
  { type: 'xstate.error.actor.submitFeedback', error: new Error('offline') },
];
