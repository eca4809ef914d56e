// @vitest-environment node
import { vi } from 'vitest';
import { consultationMachine } from '../../machines/consultation/consultation.machine';
import { consultationEvents, consultationInput } from '../../machines/consultation/consultation.model';
import { consultationOracle } from '../../machines/consultation/consultation.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'consultation',
  machine: consultationMachine,
  events: consultationEvents as never,
  input: consultationInput,
  pinnedPaths: 41,
  oracle: consultationOracle,
  start: () => startChart(consultationMachine, { input: consultationInput, provide: () => ({ actions: { goTo: vi.fn<() => void>() } }) }),
});
