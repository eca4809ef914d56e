// @vitest-environment node
/**
 * Edges of the collect chart that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): the events the form's taps send, what the pages are told at each step (the
 * method, the bag's hint pending, the image code loading or failed, the code sent, the resend
 * countdown), exactly what each call is asked, and what each answer shows.
 */
import { describe, expect, it, vi } from 'vitest';
import { connectCollect } from '../../machines/collect/collect.connect';
import { collectMachine } from '../../machines/collect/collect.machine';
import { emptyDraft, type CollectInput, type CodeSentLike, type VerifiedLike } from '../../machines/collect/collect.types';
import { startChart } from '../../machines/replay';
import { flush } from './modelHarness';

const CAPTCHA = { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' };
const SENT: CodeSentLike = { verificationId: 'v-1', phoneMasked: '137****1111', codeLength: 6, resendAfterSeconds: 60 };
const VERIFIED: VerifiedLike = { pass: 'pass-1', focusStudyId: '8', collected: 0, studyCount: 21 };
const ID = '110105198104151234';
const BAG = 'CT202611180001';

function start(input: CollectInput = { step: 'identify', draft: emptyDraft(BAG) }) {
  const spies = { storePass: vi.fn(), notifyCollected: vi.fn(), finish: vi.fn(), showStep: vi.fn() };
  const started = startChart(collectMachine, { input, provide: () => ({ actions: spies }) });
  const view = () => connectCollect(started.actor.getSnapshot(), started.actor.send);
  const paramsOf = (name: keyof typeof spies) => spies[name].mock.calls.map((call) => call[1] as unknown);
  const answer = async (call: string, output: unknown) => {
    started.fakes[call]!.resolve(output);
    await flush();
  };
  const fail = async (call: string) => {
    started.fakes[call]!.reject(new Error('offline'));
    await flush();
  };
  return { ...started, view, paramsOf, answer, fail };
}

/** On the form, the image code shown and the national ID typed (with its image code answer). */
async function onForm(input?: CollectInput) {
  const chart = start(input);
  await chart.answer('loadCaptcha', { ok: true, value: CAPTCHA });
  chart.view().edit('idCard', ID);
  chart.view().edit('captchaText', 'ab12');
  return chart;
}

/** On the code page, the code sent, the bag's hint read. */
async function onCodePage() {
  const chart = await onForm();
  chart.view().send(null);
  await chart.answer('checkIdentity', { ok: true, value: {} });
  await chart.answer('readBag', { ok: true, value: { bagCode: BAG } });
  await chart.answer('sendCode', { ok: true, value: SENT });
  return chart;
}

describe('collect: the intents', () => {
  it('each tap sends its event', () => {
    const send = vi.fn();
    const view = connectCollect(start().actor.getSnapshot(), send);
    view.chooseMethod('namePhone');
    view.edit('phone', '13700001111');
    view.newCaptcha();
    view.retryCaptcha();
    view.send(null);
    view.send('invalidId');
    view.enterCode('123456');
    view.submit('codeIncomplete');
    view.submit(null);
    view.resend();
    view.startOver();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'CHOOSE_METHOD', method: 'namePhone' },
      { type: 'EDIT', field: 'phone', value: '13700001111' },
      { type: 'NEW_CAPTCHA' },
      { type: 'RETRY' },
      { type: 'SEND', problem: null },
      { type: 'SEND', problem: 'invalidId' },
      { type: 'ENTER_CODE', code: '123456' },
      { type: 'SUBMIT', problem: 'codeIncomplete' },
      { type: 'SUBMIT', problem: null },
      { type: 'RESEND' },
      { type: 'START_OVER' },
    ]);
  });
});

describe('collect: the form', () => {
  it('opens on the identify page, the image code loading, the bag awaiting the identity check', () => {
    const chart = start();
    expect(chart.paramsOf('showStep')).toEqual([{ step: 'identify' }]);
    expect(chart.view()).toMatchObject({
      state: JSON.stringify({ identify: 'loadingCaptcha' }),
      step: 'identify',
      method: 'nationalId',
      bagCode: BAG,
      bag: null,
      bagPending: true,
      captcha: null,
      captchaLoading: true,
      captchaFailed: false,
      isBusy: true,
      canType: true,
      canSend: false,
      sent: null,
      verified: null,
    });
  });

  it('without a bag nothing is pending', () => {
    expect(start({ step: 'identify', draft: emptyDraft() }).view().bagPending).toBe(false);
  });

  it('the image code shows; what is typed and the method chosen show, and clear the problem', async () => {
    const chart = await onForm();
    expect(chart.view()).toMatchObject({ captcha: CAPTCHA, captchaLoading: false, captchaFailed: false, isBusy: false, canSend: true });
    chart.view().send('invalidId');
    expect(chart.view().problem).toBe('invalidId');
    chart.view().chooseMethod('namePhone');
    expect(chart.view()).toMatchObject({ method: 'namePhone', problem: null });
    chart.view().send('invalidName');
    chart.view().edit('name', '张三');
    expect(chart.view()).toMatchObject({ problem: null, fields: { idCard: ID, name: '张三', phone: '', captchaText: 'ab12' } });
  });

  it('typing while the image code loads is kept; a new image code empties its answer only', async () => {
    const chart = start();
    chart.view().edit('idCard', ID);
    chart.view().edit('captchaText', 'zz');
    chart.view().chooseMethod('namePhone');
    await chart.answer('loadCaptcha', { ok: true, value: CAPTCHA });
    expect(chart.view()).toMatchObject({ method: 'namePhone', fields: { idCard: ID, captchaText: '' } });
  });

  it('asking for a new image code loads one', async () => {
    const chart = await onForm();
    chart.view().newCaptcha();
    expect(chart.view()).toMatchObject({ captchaLoading: true, isBusy: true });
    expect(chart.fakes.loadCaptcha!.inputs).toHaveLength(2);
  });

  it('no image code: said, the patient types on, and trying again loads one', async () => {
    const chart = start();
    await chart.fail('loadCaptcha');
    expect(chart.view()).toMatchObject({ captchaFailed: true, captchaLoading: false, isBusy: false, canType: true, canSend: false });
    chart.view().edit('idCard', ID);
    chart.view().chooseMethod('namePhone');
    expect(chart.view()).toMatchObject({ method: 'namePhone', fields: { idCard: ID } });
    chart.view().retryCaptcha();
    expect(chart.view()).toMatchObject({ captchaFailed: false, captchaLoading: true });
  });

  it('image codes refused (too many from here): the wait is said', async () => {
    const chart = start();
    await chart.answer('loadCaptcha', { ok: false, problem: 'rateLimited', retryAfterSeconds: 30 });
    expect(chart.view()).toMatchObject({ captchaFailed: true, problem: 'rateLimited', retryAfterSeconds: 30, attemptsLeft: null });
  });

  it('every lookup asks for who was typed, with the image code answered, and the bag', async () => {
    const chart = await onForm();
    chart.view().send(null);
    expect(chart.view()).toMatchObject({ isBusy: true, canType: false, canSend: false, problem: null });
    const lookup = { method: 'nationalId', fields: { idCard: ID, name: '', phone: '', captchaText: 'ab12' }, captchaId: 'c-1', bagCode: BAG };
    expect(chart.fakes.checkIdentity!.inputs).toEqual([lookup]);
    await chart.answer('checkIdentity', { ok: true, value: {} });
    expect(chart.fakes.readBag!.inputs).toEqual([lookup]);
    expect(chart.view()).toMatchObject({ isBusy: true, bagPending: true });
    await chart.answer('readBag', { ok: true, value: { bagCode: BAG } });
    expect(chart.view()).toMatchObject({ bag: { bagCode: BAG }, bagPending: false });
    expect(chart.fakes.sendCode!.inputs).toEqual([lookup]);
  });

  it('without a bag, the code is sent straight after the identity check', async () => {
    const chart = await onForm({ step: 'identify', draft: emptyDraft() });
    chart.view().send(null);
    await chart.answer('checkIdentity', { ok: true, value: {} });
    expect(chart.fakes.readBag!.inputs).toEqual([]);
    expect(chart.fakes.sendCode!.inputs).toEqual([{ method: 'nationalId', fields: { idCard: ID, name: '', phone: '', captchaText: 'ab12' }, captchaId: 'c-1', bagCode: null }]);
  });

  it.each([
    ['refused', (chart: Awaited<ReturnType<typeof onForm>>) => chart.answer('readBag', { ok: false, problem: 'rateLimited', retryAfterSeconds: 30 })],
    ['unanswered', (chart: Awaited<ReturnType<typeof onForm>>) => chart.fail('readBag')],
  ] as const)("the bag's hint %s: the code is sent all the same, the hint not shown", async (_, settle) => {
    const chart = await onForm();
    chart.view().send(null);
    await chart.answer('checkIdentity', { ok: true, value: {} });
    await settle(chart);
    expect(chart.fakes.sendCode!.inputs).toHaveLength(1);
    expect(chart.view()).toMatchObject({ bag: null, problem: null });
  });

  it('an unknown bag: said, the bag forgotten, a new image code', async () => {
    const chart = await onForm();
    chart.view().send(null);
    await chart.answer('checkIdentity', { ok: false, problem: 'bagUnknown' });
    expect(chart.view()).toMatchObject({ problem: 'bagUnknown', bagCode: null, bag: null, bagPending: false, captchaLoading: true });
  });

  it('no answer to the identity check: said, the image code kept to send again', async () => {
    const chart = await onForm();
    chart.view().send(null);
    await chart.fail('checkIdentity');
    expect(chart.view()).toMatchObject({ problem: 'offline', captcha: CAPTCHA, captchaLoading: false, canSend: true, attemptsLeft: null, retryAfterSeconds: null });
  });

  it('the send refused or unanswered: said, a new image code', async () => {
    const refused = await onForm();
    refused.view().send(null);
    await refused.answer('checkIdentity', { ok: true, value: {} });
    await refused.answer('readBag', { ok: true, value: { bagCode: BAG } });
    await refused.answer('sendCode', { ok: false, problem: 'tooManySends', retryAfterSeconds: 600 });
    expect(refused.view()).toMatchObject({ step: 'identify', problem: 'tooManySends', retryAfterSeconds: 600, captchaLoading: true });
    const offline = await onForm();
    offline.view().send(null);
    await offline.answer('checkIdentity', { ok: true, value: {} });
    await offline.answer('readBag', { ok: true, value: { bagCode: BAG } });
    await offline.fail('sendCode');
    expect(offline.view()).toMatchObject({ step: 'identify', problem: 'offline', retryAfterSeconds: null, captchaLoading: true });
  });
});

describe('collect: the code page', () => {
  it('the code sent shows, with its countdown; the page of the code is shown', async () => {
    const chart = await onCodePage();
    expect(chart.paramsOf('showStep')).toEqual([{ step: 'identify' }, { step: 'verify' }]);
    expect(chart.view()).toMatchObject({
      state: JSON.stringify({ verify: { active: { code: 'entering', resend: 'cooling' } } }),
      step: 'verify',
      sent: SENT,
      code: '',
      isCooling: true,
      resendWaitSeconds: 60,
      canResend: false,
      isResending: false,
      outOfSends: false,
      isLocked: false,
      canSubmit: true,
      isBusy: false,
    });
  });

  it('a code checked: it is asked with the verification and the code typed; the pass is kept and the studies open', async () => {
    const chart = await onCodePage();
    chart.view().enterCode('123456');
    expect(chart.view().code).toBe('123456');
    chart.view().submit(null);
    expect(chart.view()).toMatchObject({ isBusy: true, canSubmit: false });
    expect(chart.fakes.verifyCode!.inputs).toEqual([{ method: 'nationalId', verificationId: 'v-1', code: '123456' }]);
    await chart.answer('verifyCode', { ok: true, value: VERIFIED });
    expect(chart.view()).toMatchObject({ step: 'verified', verified: VERIFIED, problem: null });
    expect([chart.paramsOf('storePass'), chart.paramsOf('notifyCollected'), chart.paramsOf('finish')]).toEqual([[VERIFIED], [VERIFIED], [VERIFIED]]);
  });

  it('an incomplete code: said, nothing checked; typing clears it', async () => {
    const chart = await onCodePage();
    chart.view().submit('codeIncomplete');
    expect(chart.view().problem).toBe('codeIncomplete');
    expect(chart.fakes.verifyCode!.inputs).toEqual([]);
    chart.view().enterCode('1');
    expect(chart.view()).toMatchObject({ problem: null, code: '1' });
  });

  it('a limit on checking codes keeps the code typed; no answer keeps it too', async () => {
    const chart = await onCodePage();
    chart.view().enterCode('123456');
    chart.view().submit(null);
    await chart.answer('verifyCode', { ok: false, problem: 'rateLimited', retryAfterSeconds: 30 });
    expect(chart.view()).toMatchObject({ problem: 'rateLimited', retryAfterSeconds: 30, code: '123456', isBusy: false, resendWaitSeconds: 60 });
    chart.view().submit(null);
    await chart.fail('verifyCode');
    expect(chart.view()).toMatchObject({ problem: 'offline', code: '123456', canSubmit: true });
  });

  it('the verification gone: locked, only starting over helps', async () => {
    const chart = await onCodePage();
    chart.view().enterCode('123456');
    chart.view().submit(null);
    await chart.answer('verifyCode', { ok: false, problem: 'verificationGone' });
    expect(chart.view()).toMatchObject({ isLocked: true, problem: 'verificationGone', canSubmit: false, canResend: false });
  });

  it('the resend: after the wait, asked for the same verification; the new code restarts the countdown', async () => {
    const chart = await onCodePage();
    chart.clock.increment(59_999);
    expect(chart.view().canResend).toBe(false);
    chart.clock.increment(1);
    expect(chart.view()).toMatchObject({ canResend: true, isCooling: false });
    chart.view().resend();
    expect(chart.view()).toMatchObject({ isResending: true, canResend: false });
    expect(chart.fakes.resendCode!.inputs).toEqual([{ method: 'nationalId', verificationId: 'v-1' }]);
    await chart.answer('resendCode', { ok: true, value: { ...SENT, verificationId: 'v-2', resendAfterSeconds: 90 } });
    expect(chart.view()).toMatchObject({ isCooling: true, isResending: false, resendWaitSeconds: 90, sent: { verificationId: 'v-2' } });
  });

  it('a resend refused as too soon waits as long as said; no answer lets the patient try again at once', async () => {
    const chart = await onCodePage();
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'resendTooSoon', retryAfterSeconds: 30 });
    expect(chart.view()).toMatchObject({ problem: 'resendTooSoon', retryAfterSeconds: 30, isCooling: true, resendWaitSeconds: 30 });
    chart.clock.increment(30_000);
    chart.view().resend();
    await chart.fail('resendCode');
    expect(chart.view()).toMatchObject({ problem: 'offline', canResend: true, isResending: false });
  });

  it('a resend refused without a wait waits as the code sent said', async () => {
    const chart = await onCodePage();
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'resendTooSoon' });
    expect(chart.view()).toMatchObject({ isCooling: true, resendWaitSeconds: 60, retryAfterSeconds: null });
  });

  it('out of codes for this verification: said, the last code can still be typed', async () => {
    const chart = await onCodePage();
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'tooManySends' });
    expect(chart.view()).toMatchObject({ outOfSends: true, problem: 'tooManySends', canResend: false, canSubmit: true, isLocked: false });
  });

  it('starting over: back to the form, the code sent forgotten, a new image code', async () => {
    const chart = await onCodePage();
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'resendTooSoon', retryAfterSeconds: 30 });
    chart.view().startOver();
    expect(chart.view()).toMatchObject({ step: 'identify', sent: null, code: '', captchaLoading: true, resendWaitSeconds: 0, attemptsLeft: null, retryAfterSeconds: null });
    expect(chart.paramsOf('showStep')).toEqual([{ step: 'identify' }, { step: 'verify' }, { step: 'identify' }]);
  });

  it('the verification page with a code sent goes on typing it; without one, back to the form', () => {
    const resumed = start({ step: 'verify', draft: { ...emptyDraft(), sent: SENT, code: '12' } });
    expect(resumed.view()).toMatchObject({ step: 'verify', code: '12', isCooling: true });
    expect(start({ step: 'verify', draft: emptyDraft() }).view().step).toBe('identify');
    expect(start({ step: 'identify', draft: { ...emptyDraft(), sent: SENT } }).view().step).toBe('identify');
  });
});
