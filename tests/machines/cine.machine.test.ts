// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { connectCine } from '../../machines/cine/cine.connect';
import { cineMachine } from '../../machines/cine/cine.machine';
import { cineEvents, cineFixtures, cineInput, cineOtherInputs } from '../../machines/cine/cine.model';
import { cineOracle } from '../../machines/cine/cine.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'cine',
  machine: cineMachine,
  events: cineEvents as never,
  input: cineInput,
  otherInputs: cineOtherInputs,
  pinnedPaths: 2755,
  oracle: cineOracle,
  start: (input) => startChart(cineMachine, { input }),
});
