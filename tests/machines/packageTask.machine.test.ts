// @vitest-environment node
import { vi } from 'vitest';
import { packageTaskMachine } from '../../machines/packageTask/packageTask.machine';
import { packageTaskEvents, packageTaskInput } from '../../machines/packageTask/packageTask.model';
import { packageTaskOracle } from '../../machines/packageTask/packageTask.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'packageTask',
  machine: packageTaskMachine,
  events: packageTaskEvents as never,
  input: packageTaskInput,
  pinnedPaths: 2490,
  oracle: packageTaskOracle,
  start: () => startChart(packageTaskMachine, { input: packageTaskInput, provide: () => ({ actions: { writeClipboard: vi.fn<() => void>() } }) }),
});
