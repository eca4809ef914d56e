// @vitest-environment node
/**
 * Edges of the session gate that the model-based suite leaves open (found by mutation testing,
 * docs/testing.md): the QA panel finds the chart's diagram by the chart's id.
 */
import { existsSync } from 'node:fs';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionGateMachine } from '../../machines/sessionGate/sessionGate.machine';

describe('session gate: the QA panel', () => {
  it("finds the chart's diagram by the chart's id", () => {
    const actor = createActor(sessionGateMachine).start();
    expect(existsSync(new URL(`../../docs/statecharts/${actor.getSnapshot().machine.id}.svg`, import.meta.url))).toBe(true);
    actor.stop();
  });
});
