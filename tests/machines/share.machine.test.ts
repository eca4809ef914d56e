// @vitest-environment node
import { vi } from 'vitest';
import { shareMachine } from '../../machines/share/share.machine';
import { shareEvents, shareInput } from '../../machines/share/share.model';
import { shareOracle } from '../../machines/share/share.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'share',
  machine: shareMachine,
  events: shareEvents as never,
  input: shareInput,
  pinnedPaths: 74,
  oracle: shareOracle,
  start: () => startChart(shareMachine, { input: shareInput, provide: () => ({ actions: { writeClipboard: vi.fn<() => void>(), refreshList: vi.fn<() => void>() } }) }),
});
