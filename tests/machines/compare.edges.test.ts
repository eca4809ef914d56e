// @vitest-environment node
/**
 * Edges of the compare chart (the prior study beside this one, issue 27 §3) that the model-based
 * suite leaves open, found by mutation testing (docs/testing.md): the chart as it starts without the
 * app's call, the answer the server sends for it, and the chart's id the QA panel reads.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectCompare } from '../../machines/compare/compare.connect';
import { compareMachine } from '../../machines/compare/compare.machine';
import { compareInput } from '../../machines/compare/compare.model';
import { comparePriorSchema, type ComparePriorAnswer } from '../../machines/compare/compare.types';
import { flush } from './modelHarness';

describe('compare, without the app', () => {
  it('offers no comparison when no call to find the prior was provided: the chart alone never finds one', async () => {
    const actor = createActor(compareMachine, { input: compareInput }).start();
    await flush();
    expect(connectCompare(actor.getSnapshot(), actor.send)).toMatchObject({ state: 'alone', prior: null, comparing: false });
  });
});

describe("compare, the server's answer", () => {
  const answer: ComparePriorAnswer = {
    prior: {
      collectFilmId: 8,
      studyUId: '1.2.840.9.2',
      hospId: 'H1',
      wadoUrl: 'http://localhost/sandbox/wado',
      studyDate: '2026-02-09',
      studyDescription: null,
      modality: 'CT',
      bodyPart: 'CHEST',
    },
    currentFilmId: 1,
  };

  it('reads every field of the prior, and the ids as text whether they come as numbers or text', () => {
    expect(comparePriorSchema.parse(answer)).toEqual({ ...answer, prior: { ...answer.prior, collectFilmId: '8' }, currentFilmId: '1' });
    expect(comparePriorSchema.parse({ ...answer, prior: { ...answer.prior, collectFilmId: '8' }, currentFilmId: '1' })).toMatchObject({ prior: { collectFilmId: '8' }, currentFilmId: '1' });
  });

  it('reads "no prior" as null, and refuses a prior without the fields the viewer needs', () => {
    expect(comparePriorSchema.parse({ prior: null })).toEqual({ prior: null });
    const { wadoUrl: _missing, ...withoutAddress } = answer.prior!;
    expect(comparePriorSchema.safeParse({ ...answer, prior: withoutAddress }).success).toBe(false);
  });
});

describe('compare: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const actor = createActor(compareMachine, { input: compareInput });
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
  });
});
