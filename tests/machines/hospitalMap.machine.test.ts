// @vitest-environment node
import { vi } from 'vitest';
import { hospitalMapMachine } from '../../machines/hospitalMap/hospitalMap.machine';
import { hospitalMapEvents, hospitalMapInput, hospitalMapOutsideInput } from '../../machines/hospitalMap/hospitalMap.model';
import { hospitalMapOracle } from '../../machines/hospitalMap/hospitalMap.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'hospitalMap',
  machine: hospitalMapMachine,
  events: hospitalMapEvents as never,
  input: hospitalMapInput,
  otherInputs: [hospitalMapOutsideInput],
  pinnedPaths: 5,
  oracle: hospitalMapOracle,
  start: (input) => startChart(hospitalMapMachine, { input, provide: () => ({ actions: { openMapSite: vi.fn<() => void>() } }) }),
});
