// @vitest-environment node
import { sessionGateMachine } from '../../machines/sessionGate/sessionGate.machine';
import { sessionGateEvents } from '../../machines/sessionGate/sessionGate.model';
import { sessionGateOracle } from '../../machines/sessionGate/sessionGate.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'sessionGate',
  machine: sessionGateMachine,
  events: sessionGateEvents as never,
  pinnedPaths: 6,
  oracle: sessionGateOracle,
  start: () => startChart(sessionGateMachine),
});
