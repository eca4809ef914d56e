// @vitest-environment node
/**
 * Edges of the diagnose page's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the events the page's taps send, what the page is told for each
 * answer, what the consultation service is asked, what the patient is told is sent, and which
 * address is opened when (only after "continue").
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { connectConsultation } from '../../machines/consultation/consultation.connect';
import { consultationMachine } from '../../machines/consultation/consultation.machine';
import type { ConsultationInput, ConsultationJump, ConsultationSends } from '../../machines/consultation/consultation.types';
import { startChart } from '../../machines/replay';
import { flush } from './modelHarness';

const PAGE = 'https://consult.example.org/zjwz?patient=%E5%BC%A0*&t=7';
const SENDS: ConsultationSends = { site: 'consult.example.org', patientName: '张*', hospital: null, study: null, other: ['t'] };
const GO: ConsultationJump = { kind: 'go', url: PAGE, sends: SENDS };

function start(input: ConsultationInput = { collectFilmId: '12', cameBack: false }) {
  const goTo = vi.fn<(_: unknown, params: { url: string }) => void>();
  const started = startChart(consultationMachine, { input, provide: () => ({ actions: { goTo } }) });
  const view = () => connectConsultation(started.actor.getSnapshot(), started.actor.send);
  const opened = () => goTo.mock.calls.map((call) => call[1]);
  const answer = async (jump: ConsultationJump) => {
    started.fakes.ask!.resolve(jump);
    await flush();
  };
  return { ...started, view, opened, answer };
}

/** What the page is told while nothing has come back yet. */
const NOTHING = { ready: null, nothingSent: false, confirming: null, goingTo: null, cameBackFrom: null, refusedOrigin: null, isNotOffered: false, declined: null, isFailed: false };

describe('diagnose page', () => {
  it("each tap sends its event", () => {
    const send = vi.fn();
    const view = connectConsultation(start().actor.getSnapshot(), send);
    view.retry();
    view.askAgain();
    view.openAgain();
    view.confirm();
    view.cancel();
    view.cameBack();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'RETRY' },
      { type: 'ASK_AGAIN' },
      { type: 'OPEN_AGAIN' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'CAME_BACK' },
    ]);
  });

  it('asks about the study, saying so, then says what the allowed page sends; continue opens it and shows its address', async () => {
    const chart = start({ collectFilmId: '44', cameBack: false });
    expect(chart.fakes.ask!.inputs).toEqual([{ collectFilmId: '44' }]);
    expect(chart.view()).toMatchObject({ state: 'asking', isAsking: true, wasAway: false, ...NOTHING });
    await chart.answer(GO);
    expect(chart.opened()).toEqual([]);
    expect(chart.view()).toMatchObject({ state: 'ready.confirming', isAsking: false, ...NOTHING, ready: { url: PAGE, sends: SENDS }, confirming: { url: PAGE, sends: SENDS } });
    chart.view().openAgain();
    expect(chart.opened()).toEqual([]);
    chart.view().confirm();
    expect(chart.opened()).toEqual([{ url: PAGE }]);
    expect(chart.view()).toMatchObject({ state: 'going', ...NOTHING, goingTo: PAGE });
  });

  it('cancel sends nothing and says so; opening again asks again before going', async () => {
    const chart = start();
    await chart.answer(GO);
    chart.view().cancel();
    expect(chart.view()).toMatchObject({ state: 'ready.closed', ...NOTHING, ready: { url: PAGE, sends: SENDS }, nothingSent: true });
    chart.view().confirm();
    expect(chart.opened()).toEqual([]);
    chart.view().openAgain();
    expect(chart.view()).toMatchObject({ state: 'ready.confirming', nothingSent: false, confirming: { url: PAGE, sends: SENDS } });
    expect(chart.opened()).toEqual([]);
    chart.view().confirm();
    expect(chart.opened()).toEqual([{ url: PAGE }]);
  });

  it('from the home page, asks without a study', () => {
    const chart = start({ collectFilmId: null, cameBack: false });
    expect(chart.fakes.ask!.inputs).toEqual([{ collectFilmId: null }]);
  });

  it('back from the consultation page: it waits; open again says again what is sent, cancel stays back, continue opens the same address', async () => {
    const chart = start();
    await chart.answer(GO);
    chart.view().confirm();
    chart.view().cameBack();
    expect(chart.view()).toMatchObject({ state: 'back.closed', wasAway: true, ...NOTHING, cameBackFrom: PAGE });
    chart.view().openAgain();
    expect(chart.view()).toMatchObject({ state: 'back.confirming', ...NOTHING, cameBackFrom: PAGE, confirming: { url: PAGE, sends: SENDS } });
    chart.view().cancel();
    expect(chart.view()).toMatchObject({ state: 'back.closed', ...NOTHING, cameBackFrom: PAGE });
    chart.view().openAgain();
    chart.view().confirm();
    expect(chart.opened()).toEqual([{ url: PAGE }, { url: PAGE }]);
    expect(chart.view()).toMatchObject({ state: 'going', ...NOTHING, goingTo: PAGE });
  });

  it('came back while asking (a reload): the answer waits for the patient', async () => {
    const chart = start();
    chart.view().cameBack();
    expect(chart.view()).toMatchObject({ isAsking: true, wasAway: true });
    await chart.answer(GO);
    expect(chart.opened()).toEqual([]);
    expect(chart.view()).toMatchObject({ state: 'back.closed', ...NOTHING, cameBackFrom: PAGE });
  });

  it('opened again after a reload: the answer waits for the patient', async () => {
    const chart = start({ collectFilmId: '12', cameBack: true });
    expect(chart.view().wasAway).toBe(true);
    await chart.answer(GO);
    expect(chart.opened()).toEqual([]);
    expect(chart.view()).toMatchObject({ ...NOTHING, cameBackFrom: PAGE });
  });

  it('a refused address: not opened, its origin said (or none, when it is no address)', async () => {
    const chart = start();
    await chart.answer({ kind: 'refused', origin: 'https://evil.example' });
    expect(chart.view()).toMatchObject({ state: 'refused', ...NOTHING, refusedOrigin: { origin: 'https://evil.example' } });
    const other = start();
    await other.answer({ kind: 'refused', origin: null });
    expect(other.view().refusedOrigin).toEqual({ origin: null });
    expect([...chart.opened(), ...other.opened()]).toEqual([]);
  });

  it('not offered by the hospital: said, nothing opened', async () => {
    const chart = start();
    await chart.answer({ kind: 'notOffered' });
    expect(chart.view()).toMatchObject({ state: 'notOffered', ...NOTHING, isNotOffered: true });
    expect(chart.opened()).toEqual([]);
  });

  it("declined: the server's words; asking again asks the same and clears them", async () => {
    const chart = start({ collectFilmId: '7', cameBack: false });
    await chart.answer({ kind: 'declined', message: '服务暂不可用' });
    expect(chart.view()).toMatchObject({ state: 'declined', ...NOTHING, declined: '服务暂不可用' });
    chart.view().askAgain();
    expect(chart.view()).toMatchObject({ isAsking: true, ...NOTHING });
    expect(chart.fakes.ask!.inputs).toEqual([{ collectFilmId: '7' }, { collectFilmId: '7' }]);
    expect(chart.opened()).toEqual([]);
  });

  it('no answer: said, and trying again asks again', async () => {
    const chart = start({ collectFilmId: '7', cameBack: false });
    chart.fakes.ask!.reject(new Error('offline'));
    await flush();
    expect(chart.view()).toMatchObject({ state: 'failed', ...NOTHING, isFailed: true });
    chart.view().retry();
    expect(chart.view()).toMatchObject({ isAsking: true, ...NOTHING });
    expect(chart.fakes.ask!.inputs).toEqual([{ collectFilmId: '7' }, { collectFilmId: '7' }]);
  });
});

describe('consultation: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${consultationMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
