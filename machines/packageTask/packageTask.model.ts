import type { PackageTaskInput, TaskLike } from './packageTask.types';

/** The package-task chart's events for path generation: one study, its task in every state the server can answer. */
export const packageTaskInput: PackageTaskInput = { collectFilmId: '8' };

const task = (state: TaskLike['state'], progress: number, desensitize = false): TaskLike => ({ taskId: 't-1', state, progress, format: 'dicom', desensitize });

export const packageTaskEvents = [
  { type: 'CHOOSE_FORMAT', format: 'jpeg' },
  { type: 'SET_DESENSITIZE', desensitize: true },
  { type: 'REQUEST' },
  { type: 'RETRY' },
  { type: 'NEW_PACKAGE' },
  { type: 'COPY_LINK' },
  // Typing leaves the address as it was: the e-mail's text would multiply the states to walk.
  { type: 'EDIT_EMAIL', email: '' },
  { type: 'SEND_EMAIL', problem: null },
  { type: 'SEND_EMAIL', problem: 'invalidEmail' },
  { type: 'xstate.done.actor.findTask', output: null },
  { type: 'xstate.done.actor.findTask', output: task('packing', 40) },
  { type: 'xstate.done.actor.findTask', output: task('ready', 100) },
  { type: 'xstate.done.actor.findTask', output: task('failed', 30) },
  { type: 'xstate.error.actor.findTask', error: new Error('offline') },
  { type: 'xstate.done.actor.addTask', output: task('queued', 0) },
  { type: 'xstate.done.actor.addTask', output: task('ready', 100) },
  { type: 'xstate.error.actor.addTask', error: new Error('offline') },
  { type: 'xstate.done.actor.queryTask', output: task('packing', 40) },
  { type: 'xstate.done.actor.queryTask', output: task('packing', 70) },
  { type: 'xstate.done.actor.queryTask', output: task('ready', 100) },
  { type: 'xstate.done.actor.queryTask', output: task('failed', 70) },
  { type: 'xstate.error.actor.queryTask', error: new Error('offline') },
  { type: 'xstate.done.actor.updateDesensitize', output: task('queued', 0, true) },
  { type: 'xstate.error.actor.updateDesensitize', error: new Error('offline') },
  { type: 'xstate.done.actor.copyLink', output: { url: 'http://127.0.0.1:8080/downloadLink?token=abc' } },
  { type: 'xstate.error.actor.copyLink', error: new Error('offline') },
  { type: 'xstate.done.actor.writeClipboard', output: true },
  { type: 'xstate.done.actor.writeClipboard', output: false },
  { type: 'xstate.error.actor.writeClipboard', error: new Error('clipboard refused') },
  { type: 'xstate.done.actor.sendEmail', output: { ok: true, email: 'zhang@example.com', sentAt: '2026-11-23T08:00:00.000Z' } },
  { type: 'xstate.done.actor.sendEmail', output: { ok: false, problem: 'invalidEmail' } },
  { type: 'xstate.error.actor.sendEmail', error: new Error('offline') },
  { type: 'xstate.after.pollDelay.packageTask.packing.waiting' },
];

