import type { ShareOpenInput } from './shareOpen.types';

/** The shareCode chart's events for path generation. */
export const shareOpenInput: ShareOpenInput = { code: 'K7WPQ2MX' };
/** The code and its access code pasted together (issue 24 §5). */
export const shareOpenPastedInput: ShareOpenInput = { code: 'K7WPQ2MX', accessCode: '4821' };
/** Every input the chart starts from besides `shareOpenInput` (the architecture test walks them all). */
export const shareOpenOtherInputs = [shareOpenPastedInput];

export const shareOpenEvents = [
  { type: 'ENTER', accessCode: '4821' },
  { type: 'OPEN', problem: null },
  { type: 'OPEN', problem: 'codeIncomplete' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.preview', output: { ok: true, preview: { code: 'K7WPQ2MX' } } },
  { type: 'xstate.done.actor.preview', output: { ok: false, refusal: 'expired' } },
  { type: 'xstate.error.actor.preview', error: new Error('offline') },
  { type: 'xstate.done.actor.open', output: { ok: true, opened: { collectFilmId: '8', pass: 'pass-2' } } },
  { type: 'xstate.done.actor.open', output: { ok: false, refusal: 'revoked' } },
  { type: 'xstate.done.actor.open', output: { ok: false, problem: 'codeWrong', attemptsLeft: 4 } },
  { type: 'xstate.done.actor.open', output: { ok: false, locked: true, retryAfterSeconds: 600 } },
  { type: 'xstate.error.actor.open', error: new Error('offline') },
  { type: 'xstate.after.lockDelay.shareOpen.locked' },
];
