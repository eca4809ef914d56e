// @vitest-environment node
import { packageTaskMachine } from '../../machines/packageTask/packageTask.machine';
import { packageTaskEvents, packageTaskInput } from '../../machines/packageTask/packageTask.model';
import { packageTaskOracle } from '../../machines/packageTask/packageTask.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'packageTask',
  machine: packageTaskMachine,
  events: packageTaskEvents as never,
  input: packageTaskInput,
  pinnedPaths: 3642,
  oracle: packageTaskOracle,
  start: () => startChart(packageTaskMachine, { input: packageTaskInput }),
});
