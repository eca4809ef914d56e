// @vitest-environment node
import { vi } from 'vitest';
import { storeBuyMachine } from '../../machines/storeBuy/storeBuy.machine';
import { storeBuyEvents } from '../../machines/storeBuy/storeBuy.model';
import { storeBuyOracle } from '../../machines/storeBuy/storeBuy.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'storeBuy',
  machine: storeBuyMachine,
  events: storeBuyEvents as never,
  pinnedPaths: 11,
  oracle: storeBuyOracle,
  start: () =>
    startChart(storeBuyMachine, {
      provide: () => ({ actions: { startPayment: vi.fn<() => void>(), reload: vi.fn<() => void>(), reportFailure: vi.fn<() => void>() } }),
    }),
});
