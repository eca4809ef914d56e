// @vitest-environment node
import { vi } from 'vitest';
import { confirmedActionMachine } from '../../machines/confirmedAction/confirmedAction.machine';
import { confirmedActionEvents } from '../../machines/confirmedAction/confirmedAction.model';
import { confirmedActionOracle } from '../../machines/confirmedAction/confirmedAction.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'confirmedAction',
  machine: confirmedActionMachine,
  events: confirmedActionEvents as never,
  pinnedPaths: 12,
  oracle: confirmedActionOracle,
  start: () =>
    startChart(confirmedActionMachine, {
      provide: () => ({ actions: { showToast: vi.fn<() => void>(), refreshList: vi.fn<() => void>(), reportFailure: vi.fn<() => void>() } }),
    }),
});
