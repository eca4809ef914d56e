// @vitest-environment node
import { vi } from 'vitest';
import { shareEntryMachine } from '../../machines/shareEntry/shareEntry.machine';
import { shareEntryEvents } from '../../machines/shareEntry/shareEntry.model';
import { shareEntryOracle } from '../../machines/shareEntry/shareEntry.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'shareEntry',
  machine: shareEntryMachine,
  events: shareEntryEvents as never,
  pinnedPaths: 16,
  oracle: shareEntryOracle,
  start: () => startChart(shareEntryMachine, { provide: () => ({ actions: { openShare: vi.fn<() => void>() } }) }),
});
