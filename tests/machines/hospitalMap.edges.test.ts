// @vitest-environment node
/**
 * Edges of the "open in map" chart that the model-based suite leaves open (found by mutation
 * testing, docs/testing.md): the tap the view sends, what the view is told, what WeChat's map is
 * asked, and when the map site is loaded instead.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { connectHospitalMap } from '../../machines/hospitalMap/hospitalMap.connect';
import { hospitalMapMachine } from '../../machines/hospitalMap/hospitalMap.machine';
import { hospitalMapInput, hospitalMapOutsideInput } from '../../machines/hospitalMap/hospitalMap.model';
import type { HospitalMapInput } from '../../machines/hospitalMap/hospitalMap.types';
import { startChart } from '../../machines/replay';
import { flush } from './modelHarness';

function start(input: HospitalMapInput) {
  const openMapSite = vi.fn<(_: unknown, params: { href: string }) => void>();
  const started = startChart(hospitalMapMachine, { input, provide: () => ({ actions: { openMapSite } }) });
  const view = () => connectHospitalMap(started.actor.getSnapshot(), started.actor.send);
  const sites = () => openMapSite.mock.calls.map((call) => call[1]);
  return { ...started, view, sites };
}

describe('open in map', () => {
  it('the tap sends OPEN', () => {
    const send = vi.fn();
    connectHospitalMap(start(hospitalMapInput).actor.getSnapshot(), send).open();
    expect(send.mock.calls).toEqual([[{ type: 'OPEN' }]]);
  });

  it("inside WeChat: the view is told the tap is the chart's, and WeChat's map is asked for the hospital's place", async () => {
    const chart = start(hospitalMapInput);
    expect(chart.view()).toMatchObject({ state: 'idle', place: hospitalMapInput.place, opensHere: true, isOpening: false });
    chart.view().open();
    expect(chart.view()).toMatchObject({ state: 'opening', isOpening: true });
    expect(chart.fakes.openLocation!.inputs).toEqual([hospitalMapInput.place]);
    chart.fakes.openLocation!.resolve('opened');
    await flush();
    expect(chart.view()).toMatchObject({ state: 'idle', isOpening: false });
    expect(chart.sites()).toEqual([]);
  });

  it.each(['failed', 'unavailable'] as const)('WeChat answering %s: the map site of the place is loaded instead', async (outcome) => {
    const chart = start(hospitalMapInput);
    chart.view().open();
    chart.fakes.openLocation!.resolve(outcome);
    await flush();
    expect(chart.sites()).toEqual([{ href: hospitalMapInput.mapHref }]);
    expect(chart.view().isOpening).toBe(false);
  });

  it('no answer from WeChat: the map site of the place is loaded instead', async () => {
    const chart = start(hospitalMapInput);
    chart.view().open();
    chart.fakes.openLocation!.reject(new Error('wx bridge'));
    await flush();
    expect(chart.sites()).toEqual([{ href: hospitalMapInput.mapHref }]);
    expect(chart.view().isOpening).toBe(false);
  });

  it('outside WeChat: the link does it all; a tap asks nothing and loads nothing', () => {
    const chart = start(hospitalMapOutsideInput);
    expect(chart.view().opensHere).toBe(false);
    chart.view().open();
    expect(chart.view()).toMatchObject({ state: 'idle', isOpening: false });
    expect(chart.fakes.openLocation!.inputs).toEqual([]);
    expect(chart.sites()).toEqual([]);
  });
});

describe('hospitalMap: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${hospitalMapMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
