// @vitest-environment node
import { vi } from 'vitest';
import { modifyMachine } from '../../machines/modify/modify.machine';
import { modifyEvents } from '../../machines/modify/modify.model';
import { modifyOracle } from '../../machines/modify/modify.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'modify',
  machine: modifyMachine,
  events: modifyEvents as never,
  pinnedPaths: 531,
  oracle: modifyOracle,
  start: () => startChart(modifyMachine, { provide: () => ({ actions: { profileChanged: vi.fn<() => void>() } }) }),
});
