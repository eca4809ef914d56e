// @vitest-environment node
/**
 * Every chart in machines/ gets the same treatment without anyone remembering it: model events
 * beside it that reach every transition, an oracle written from the specification, a model-based
 * test that replays the paths against both, and a generated diagram. A new chart without one of
 * them fails here, by name.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Oracle } from '../../machines/oracle';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { STATECHART_DIR } from '../../scripts/statecharts/docs';
import { transitionCoverage, transitionPaths } from '../machines/modelHarness';

const repoRoot = join(import.meta.dirname, '..', '..');
const charts = await discoverMachines(repoRoot);

/** A module of the chart's folder (`machines/<dir>/<id>.<kind>.ts`), or null when there is none. */
async function sibling(file: string, id: string, kind: 'model' | 'oracle'): Promise<Record<string, unknown> | null> {
  const path = join(repoRoot, dirname(file), `${id}.${kind}.ts`);
  return existsSync(path) ? ((await import(pathToFileURL(path).href)) as Record<string, unknown>) : null;
}

describe.each(charts.map((chart) => [chart.id, chart] as const))('the %s chart', (id, { file, machine }) => {
  it(`has an oracle: ${id}Oracle in ${id}.oracle.ts, with promises, each with its source`, async () => {
    const oracle = (await sibling(file, id, 'oracle'))?.[`${id}Oracle`] as Oracle<never> | undefined;
    expect(oracle, `machines/…/${id}.oracle.ts exporting ${id}Oracle`).toBeTruthy();
    expect(oracle!.chart).toBe(id);
    expect(oracle!.promises.length).toBeGreaterThan(0);
    for (const promise of oracle!.promises) expect(promise.source, promise.id).not.toBe('');
    expect(new Set(oracle!.promises.map((promise) => promise.id)).size).toBe(oracle!.promises.length);
  });

  it(`has model events (${id}Events in ${id}.model.ts) that take every transition`, async () => {
    const model = await sibling(file, id, 'model');
    const events = model?.[`${id}Events`] as EventObject[] | undefined;
    expect(events, `machines/…/${id}.model.ts exporting ${id}Events`).toBeTruthy();
    // A chart started from more than one input (a code pasted with its access code or not) lists the others as `${id}OtherInputs`.
    const inputs = [model?.[`${id}Input`], ...((model?.[`${id}OtherInputs`] as unknown[] | undefined) ?? [])];
    const paths = inputs.flatMap((input) => transitionPaths(machine, { events: events!, input }));
    expect(transitionCoverage(machine, paths).missing).toEqual([]);
  });

  it(`has a model-based test, tests/machines/${id}.machine.test.ts`, () => {
    expect(existsSync(join(repoRoot, 'tests', 'machines', `${id}.machine.test.ts`))).toBe(true);
  });

  it(`has a diagram, ${STATECHART_DIR}/${id}.svg and .md`, () => {
    for (const ext of ['svg', 'md']) expect(existsSync(join(repoRoot, STATECHART_DIR, `${id}.${ext}`)), ext).toBe(true);
  });
});
