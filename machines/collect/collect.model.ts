import type { CollectInput } from './collect.types';

/**
 * The collect chart's events for path generation. The chart starts on the verification page
 * with a code already sent and a film bag's code in the draft (its hint not read yet), so that
 * starting over reaches the form (with the bag, and without it once it proves unknown) and every
 * transition is on some path.
 */
const sent = { verificationId: 'v-1', phoneMasked: '137****1111', codeLength: 6, resendAfterSeconds: 60 };
const verified = { pass: 'pass-1', focusStudyId: '8', collected: 0, studyCount: 21 };

export const collectInput: CollectInput = {
  step: 'verify',
  draft: {
    method: 'nationalId',
    fields: { idCard: '110105198104151234', name: '', phone: '', captchaText: '' },
    bagCode: 'CT202611180001',
    bag: null,
    sent,
    code: '',
  },
};

const refused = (problem: string, extra: Record<string, number> = {}) => ({ ok: false, problem, ...extra });

// One refusal per transition: a limit's refusal (rateLimited) stands for the other refusals that
// take the same one (an unknown person at the identity check, a resend refused for too soon or by
// the number's limits); the view and server tests take each of them.

export const collectEvents = [
  // Choosing and typing what the draft already holds: they clear the problem shown without
  // multiplying the states the paths must visit (the form's values are the view tests' business).
  { type: 'CHOOSE_METHOD', method: 'nationalId' },
  { type: 'EDIT', field: 'idCard', value: '110105198104151234' },
  { type: 'NEW_CAPTCHA' },
  { type: 'RETRY' },
  { type: 'SEND', problem: null },
  { type: 'SEND', problem: 'invalidId' },
  { type: 'ENTER_CODE', code: '123456' },
  { type: 'SUBMIT', problem: null },
  { type: 'SUBMIT', problem: 'codeIncomplete' },
  { type: 'RESEND' },
  { type: 'START_OVER' },
  { type: 'xstate.done.actor.loadCaptcha', output: { ok: true, value: { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' } } },
  { type: 'xstate.done.actor.loadCaptcha', output: refused('rateLimited', { retryAfterSeconds: 30 }) },
  { type: 'xstate.error.actor.loadCaptcha', error: new Error('offline') },
  { type: 'xstate.done.actor.checkIdentity', output: { ok: true, value: { phoneMasked: '137****1111', studyCount: 21 } } },
  { type: 'xstate.done.actor.checkIdentity', output: refused('bagUnknown') },
  { type: 'xstate.done.actor.checkIdentity', output: refused('rateLimited', { retryAfterSeconds: 30 }) },
  { type: 'xstate.error.actor.checkIdentity', error: new Error('offline') },
  { type: 'xstate.done.actor.readBag', output: { ok: true, value: { bagCode: 'CT202611180001' } } },
  { type: 'xstate.done.actor.readBag', output: refused('rateLimited', { retryAfterSeconds: 30 }) },
  { type: 'xstate.error.actor.readBag', error: new Error('offline') },
  { type: 'xstate.done.actor.sendCode', output: { ok: true, value: sent } },
  { type: 'xstate.done.actor.sendCode', output: refused('captchaWrong') },
  { type: 'xstate.error.actor.sendCode', error: new Error('offline') },
  { type: 'xstate.done.actor.verifyCode', output: { ok: true, value: verified } },
  { type: 'xstate.done.actor.verifyCode', output: refused('codeWrong', { attemptsLeft: 4 }) },
  { type: 'xstate.done.actor.verifyCode', output: refused('codeExpired') },
  { type: 'xstate.done.actor.verifyCode', output: refused('tooManyAttempts', { retryAfterSeconds: 900 }) },
  { type: 'xstate.done.actor.verifyCode', output: refused('rateLimited', { retryAfterSeconds: 30 }) },
  { type: 'xstate.error.actor.verifyCode', error: new Error('offline') },
  { type: 'xstate.done.actor.resendCode', output: { ok: true, value: sent } },
  { type: 'xstate.done.actor.resendCode', output: refused('resendTooSoon', { retryAfterSeconds: 30 }) },
  { type: 'xstate.done.actor.resendCode', output: refused('tooManySends') },
  { type: 'xstate.done.actor.resendCode', output: refused('verificationGone') },
  { type: 'xstate.error.actor.resendCode', error: new Error('offline') },
  { type: 'xstate.after.resendDelay.collect.verify.active.resend.cooling' },
];
