// @vitest-environment node
import { vi } from 'vitest';
import { shareOpenMachine } from '../../machines/shareOpen/shareOpen.machine';
import { shareOpenEvents, shareOpenInput, shareOpenPastedInput } from '../../machines/shareOpen/shareOpen.model';
import { shareOpenOracle } from '../../machines/shareOpen/shareOpen.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'shareOpen',
  machine: shareOpenMachine,
  events: shareOpenEvents as never,
  input: shareOpenInput,
  otherInputs: [shareOpenPastedInput],
  pinnedPaths: 204,
  oracle: shareOpenOracle,
  start: (input) => startChart(shareOpenMachine, { input: input as typeof shareOpenInput, provide: () => ({ actions: { openStudy: vi.fn<() => void>() } }) }),
});
