// @vitest-environment node
/**
 * Edges of the scan entry's chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the events the scan button and its dialog send, what they are told
 * for each scanner answer and each code typed, and which bag is opened.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { connectScanEntry } from '../../machines/scanEntry/scanEntry.connect';
import { scanEntryMachine } from '../../machines/scanEntry/scanEntry.machine';
import type { ScanOutcome } from '../../machines/scanEntry/scanEntry.types';
import { startChart } from '../../machines/replay';
import { flush } from './modelHarness';

const BAG = 'CT202610020001';

function start() {
  const openBag = vi.fn<(_: unknown, params: { code: string }) => void>();
  const started = startChart(scanEntryMachine, { provide: () => ({ actions: { openBag } }) });
  const view = () => connectScanEntry(started.actor.getSnapshot(), started.actor.send);
  const bags = () => openBag.mock.calls.map((call) => call[1]);
  const scan = async (outcome: ScanOutcome) => {
    view().scan();
    started.fakes.scan!.resolve(outcome);
    await flush();
  };
  return { ...started, view, bags, scan };
}

describe('scan entry', () => {
  it('each tap sends its event', () => {
    const send = vi.fn();
    const view = connectScanEntry(start().actor.getSnapshot(), send);
    view.scan();
    view.type('CT2');
    view.submit(BAG);
    view.submit(null);
    view.close();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'SCAN' },
      { type: 'TYPE', value: 'CT2' },
      { type: 'SUBMIT', code: BAG },
      { type: 'SUBMIT', code: null },
      { type: 'CLOSE' },
    ]);
  });

  it("scanning: busy, no dialog; a bag's code opens that bag", async () => {
    const chart = start();
    expect(chart.view()).toMatchObject({ state: 'idle', isScanning: false, isTyping: false, typed: '', problem: null });
    chart.view().scan();
    expect(chart.view()).toMatchObject({ state: 'scanning', isScanning: true, isTyping: false });
    chart.fakes.scan!.resolve({ kind: 'scanned', text: `https://film.example/index?code=${BAG}`, code: BAG });
    await flush();
    expect(chart.bags()).toEqual([{ code: BAG }]);
    expect(chart.view()).toMatchObject({ state: 'idle', isScanning: false, isTyping: false, problem: null });
  });

  it("something else scanned: the dialog says it is no bag's code, or that nothing came", async () => {
    const chart = start();
    await chart.scan({ kind: 'scanned', text: 'https://mp.weixin.qq.com/s/abc', code: null });
    expect(chart.view()).toMatchObject({ state: 'typing', isTyping: true, isScanning: false, problem: 'notBag' });
    chart.view().close();
    await chart.scan({ kind: 'scanned', text: '  ', code: null });
    expect(chart.view()).toMatchObject({ isTyping: true, problem: 'empty' });
    expect(chart.bags()).toEqual([]);
  });

  it('cancelled: back to the button, no dialog', async () => {
    const chart = start();
    await chart.scan({ kind: 'cancelled' });
    expect(chart.view()).toMatchObject({ state: 'idle', isTyping: false, problem: null });
  });

  /** The dialog typed in and closed, then another scan: what was typed is there until the scanner answers. */
  async function typedThenScanAgain() {
    const chart = start();
    await chart.scan({ kind: 'unavailable' });
    chart.view().type('CT2');
    chart.view().close();
    expect(chart.view()).toMatchObject({ typed: 'CT2', problem: null });
    chart.view().scan();
    return chart;
  }

  it('the scanner failing opens the dialog on an empty field, saying so', async () => {
    const chart = await typedThenScanAgain();
    chart.fakes.scan!.resolve({ kind: 'failed' });
    await flush();
    expect(chart.view()).toMatchObject({ state: 'typing', isTyping: true, typed: '', problem: 'scannerFailed' });
  });

  it('the scanner not answering opens the dialog on an empty field, saying the scanner failed', async () => {
    const chart = await typedThenScanAgain();
    chart.fakes.scan!.reject(new Error('wx bridge'));
    await flush();
    expect(chart.view()).toMatchObject({ state: 'typing', isTyping: true, typed: '', problem: 'scannerFailed' });
  });

  it('no scanner here: the dialog opens on an empty field, saying nothing', async () => {
    const chart = start();
    await chart.scan({ kind: 'unavailable' });
    expect(chart.view()).toMatchObject({ state: 'typing', isTyping: true, typed: '', problem: null });
  });

  it('typing keeps "the scanner failed" but drops a problem with what was typed', async () => {
    const failed = start();
    await failed.scan({ kind: 'failed' });
    failed.view().type('CT');
    expect(failed.view()).toMatchObject({ typed: 'CT', problem: 'scannerFailed' });
    const notBag = start();
    await notBag.scan({ kind: 'scanned', text: 'hello', code: null });
    notBag.view().type('CT2');
    expect(notBag.view()).toMatchObject({ typed: 'CT2', problem: null });
  });

  it("submitting: a bag's code opens it and closes the dialog; anything else is said, the dialog stays", async () => {
    const chart = start();
    await chart.scan({ kind: 'unavailable' });
    chart.view().submit(null);
    expect(chart.view()).toMatchObject({ isTyping: true, problem: 'empty' });
    chart.view().type('abc');
    chart.view().submit(null);
    expect(chart.view()).toMatchObject({ isTyping: true, typed: 'abc', problem: 'notBag' });
    chart.view().submit(BAG);
    expect(chart.bags()).toEqual([{ code: BAG }]);
    expect(chart.view()).toMatchObject({ state: 'idle', isTyping: false, problem: null });
  });

  it('closing the dialog: the problem goes, what was typed stays', async () => {
    const chart = start();
    await chart.scan({ kind: 'failed' });
    chart.view().type('CT9');
    chart.view().close();
    expect(chart.view()).toMatchObject({ state: 'idle', isTyping: false, typed: 'CT9', problem: null });
  });
});

describe('scanEntry: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${scanEntryMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
