// @vitest-environment node
/**
 * More edges of the collect chart (found by its first mutation run; kept apart from
 * collect.edges.test.ts so that file's mutation results stay reusable): a fresh draft is empty,
 * the form is busy and read-only while it is sent, a new code brings its own countdown and box,
 * the tries left go when they no longer hold, a resend can find the verification gone, and the
 * QA panel finds the chart's diagram.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { connectCollect } from '../../machines/collect/collect.connect';
import { collectMachine } from '../../machines/collect/collect.machine';
import { emptyDraft, type CodeSentLike } from '../../machines/collect/collect.types';
import { startChart } from '../../machines/replay';
import { flush } from './modelHarness';

const SENT: CodeSentLike = { verificationId: 'v-1', phoneMasked: '137****1111', codeLength: 6, resendAfterSeconds: 60 };
const BAG = 'CT202611180001';

function start() {
  const actions = { storePass: vi.fn(), notifyCollected: vi.fn(), finish: vi.fn(), showStep: vi.fn() };
  const started = startChart(collectMachine, { input: { step: 'identify', draft: emptyDraft(BAG) }, provide: () => ({ actions }) });
  const view = () => connectCollect(started.actor.getSnapshot(), started.actor.send);
  const answer = async (call: string, output: unknown) => {
    started.fakes[call]!.resolve(output);
    await flush();
  };
  return { ...started, view, answer };
}

/** The form filled in and sent, up to the code being sent. */
async function sending() {
  const chart = start();
  await chart.answer('loadCaptcha', { ok: true, value: { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' } });
  chart.view().edit('idCard', '110105198104151234');
  chart.view().edit('captchaText', 'ab12');
  chart.view().send(null);
  await chart.answer('checkIdentity', { ok: true, value: {} });
  return chart;
}

/** On the code page, the code sent. */
async function onCodePage() {
  const chart = await sending();
  await chart.answer('readBag', { ok: true, value: { bagCode: BAG } });
  await chart.answer('sendCode', { ok: true, value: SENT });
  return chart;
}

/** Code typed and checked, and found wrong. */
async function wrongCode(chart: Awaited<ReturnType<typeof onCodePage>>, attemptsLeft: number) {
  chart.view().enterCode('111111');
  chart.view().submit(null);
  await chart.answer('verifyCode', { ok: false, problem: 'codeWrong', attemptsLeft });
}

describe('collect: the form', () => {
  it('a fresh draft is empty: the national ID method, no field typed, no code', () => {
    expect(start().view()).toMatchObject({ method: 'nationalId', fields: { idCard: '', name: '', phone: '', captchaText: '' }, code: '' });
  });

  it('busy and read-only while the bag is read and the code sent', async () => {
    const chart = await sending();
    expect(chart.view()).toMatchObject({ isBusy: true, canType: false, bagPending: true });
    await chart.answer('readBag', { ok: true, value: { bagCode: BAG } });
    expect(chart.view()).toMatchObject({ bagPending: false, isBusy: true, canType: false });
  });
});

describe('collect: the code page', () => {
  it('a new code after a refused resend: its own countdown, its own box, the refusal gone', async () => {
    const chart = await onCodePage();
    chart.view().enterCode('12');
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'resendTooSoon', retryAfterSeconds: 30 });
    chart.clock.increment(30_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: true, value: { ...SENT, resendAfterSeconds: 90 } });
    expect(chart.view()).toMatchObject({ isCooling: true, resendWaitSeconds: 90, code: '', problem: null, retryAfterSeconds: null });
    chart.clock.increment(89_999);
    expect(chart.view().canResend).toBe(false);
    chart.clock.increment(1);
    expect(chart.view().canResend).toBe(true);
  });

  it('tries left are said after a wrong code, and go once another code is being checked or a new one comes', async () => {
    const chart = await onCodePage();
    await wrongCode(chart, 4);
    expect(chart.view()).toMatchObject({ problem: 'codeWrong', attemptsLeft: 4, code: '' });
    chart.view().enterCode('222222');
    chart.view().submit(null);
    expect(chart.view()).toMatchObject({ problem: null, attemptsLeft: null });
    await chart.answer('verifyCode', { ok: false, problem: 'codeWrong', attemptsLeft: 3 });
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: true, value: SENT });
    expect(chart.view()).toMatchObject({ problem: null, attemptsLeft: null });
  });

  it('starting over after a wrong code: the tries left go with the code sent', async () => {
    const chart = await onCodePage();
    await wrongCode(chart, 4);
    chart.view().startOver();
    expect(chart.view()).toMatchObject({ step: 'identify', attemptsLeft: null, sent: null });
  });

  it('a resend finding the verification gone: locked, only starting over helps', async () => {
    const chart = await onCodePage();
    chart.clock.increment(60_000);
    chart.view().resend();
    await chart.answer('resendCode', { ok: false, problem: 'verificationGone' });
    expect(chart.view()).toMatchObject({ isLocked: true, problem: 'verificationGone', canSubmit: false, canResend: false, isResending: false });
  });
});

describe('collect: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${collectMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
