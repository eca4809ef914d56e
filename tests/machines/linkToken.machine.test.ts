// @vitest-environment node
import { linkTokenMachine } from '../../machines/linkToken/linkToken.machine';
import { linkTokenEvents, linkTokenInput } from '../../machines/linkToken/linkToken.model';
import { linkTokenOracle } from '../../machines/linkToken/linkToken.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'linkToken',
  machine: linkTokenMachine,
  events: linkTokenEvents as never,
  input: linkTokenInput,
  pinnedPaths: 2,
  oracle: linkTokenOracle,
  start: (input) => startChart(linkTokenMachine, { input }),
});
