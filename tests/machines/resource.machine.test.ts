// @vitest-environment node
import { vi } from 'vitest';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { resourceEvents, resourceInput } from '../../machines/resource/resource.model';
import { resourceOracle } from '../../machines/resource/resource.oracle';
import { describeModel, startChart } from './modelHarness';

const machine = resourceMachine;

describeModel({
  name: 'resource',
  machine,
  events: resourceEvents as never,
  input: resourceInput,
  pinnedPaths: 9,
  oracle: resourceOracle,
  start: () => startChart(machine, { input: resourceInput, provide: () => ({ actions: { reportFailure: vi.fn<() => void>() } }) }),
});
