// @vitest-environment node
import { vi } from 'vitest';
import { collectMachine } from '../../machines/collect/collect.machine';
import { collectEvents, collectInput } from '../../machines/collect/collect.model';
import { collectOracle } from '../../machines/collect/collect.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'collect',
  machine: collectMachine,
  events: collectEvents as never,
  input: collectInput,
  pinnedPaths: 4833,
  oracle: collectOracle,
  start: () =>
    startChart(collectMachine, {
      input: collectInput,
      provide: () => ({ actions: { storePass: vi.fn<() => void>(), notifyCollected: vi.fn<() => void>(), finish: vi.fn<() => void>(), showStep: vi.fn<() => void>() } }),
    }),
});
