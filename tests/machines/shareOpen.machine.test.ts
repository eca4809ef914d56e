// @vitest-environment node
import { vi } from 'vitest';
import { shareOpenMachine } from '../../machines/shareOpen/shareOpen.machine';
import { shareOpenEvents, shareOpenInput } from '../../machines/shareOpen/shareOpen.model';
import { shareOpenOracle } from '../../machines/shareOpen/shareOpen.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'shareOpen',
  machine: shareOpenMachine,
  events: shareOpenEvents as never,
  input: shareOpenInput,
  pinnedPaths: 102,
  oracle: shareOpenOracle,
  start: () => startChart(shareOpenMachine, { input: shareOpenInput, provide: () => ({ actions: { openStudy: vi.fn<() => void>() } }) }),
});
