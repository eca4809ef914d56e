// @vitest-environment node
/**
 * Edges of the download link's token chart that the model-based suite leaves open (found by
 * mutation testing, docs/testing.md): what the view is told while the token leaves the query, and
 * that a link whose token is already in the fragment is left alone.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectLinkToken } from '../../machines/linkToken/linkToken.connect';
import { linkTokenMachine } from '../../machines/linkToken/linkToken.machine';
import { flush } from './modelHarness';
import { startChart } from '../../machines/replay';

describe('download link token', () => {
  it('an old link: the view is told the token is on its way to the fragment, then that it is there', async () => {
    const { actor, fakes } = startChart(linkTokenMachine, { input: { token: 'tok-9', inQuery: true } });
    expect(connectLinkToken(actor.getSnapshot())).toEqual({ state: 'hiding', token: 'tok-9', isHiding: true });
    expect(fakes.moveToFragment!.inputs).toEqual([{ token: 'tok-9' }]);
    fakes.moveToFragment!.resolve(undefined);
    await flush();
    expect(connectLinkToken(actor.getSnapshot())).toEqual({ state: 'shown', token: 'tok-9', isHiding: false });
  });

  it('a link with the token in the fragment: nothing to move, the download shows at once', () => {
    const { actor, fakes } = startChart(linkTokenMachine, { input: { token: 'tok-3', inQuery: false } });
    expect(connectLinkToken(actor.getSnapshot())).toEqual({ state: 'shown', token: 'tok-3', isHiding: false });
    expect(fakes.moveToFragment!.inputs).toEqual([]);
  });
});

describe('linkToken: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    expect(existsSync(new URL(`../../docs/statecharts/${linkTokenMachine.id}.svg`, import.meta.url))).toBe(true);
  });
});
