// @vitest-environment node
import { vi } from 'vitest';
import { scanEntryMachine } from '../../machines/scanEntry/scanEntry.machine';
import { scanEntryEvents } from '../../machines/scanEntry/scanEntry.model';
import { scanEntryOracle } from '../../machines/scanEntry/scanEntry.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'scanEntry',
  machine: scanEntryMachine,
  events: scanEntryEvents as never,
  pinnedPaths: 48,
  oracle: scanEntryOracle,
  start: () => startChart(scanEntryMachine, { provide: () => ({ actions: { openBag: vi.fn<() => void>() } }) }),
});
