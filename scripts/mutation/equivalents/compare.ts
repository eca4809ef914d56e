import { NO_OP_DEFAULTS, UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const COMPARE = 'machines/compare/compare.machine.ts';

/** Surviving mutants of machines/compare/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: COMPARE, mutator: 'StringLiteral', line: "Promise.reject(new Error('compare: no findPrior'))", reason: UNSHOWN_DEFAULT_ERROR },
  { file: COMPARE, mutator: 'ObjectLiteral', line: 'actions: {', original: 'followOnPrior: (_, _params', reason: NO_OP_DEFAULTS },
  {
    file: COMPARE,
    mutator: 'ObjectLiteral',
    line: "alone: { description: 'No prior: the viewer alone, no control.' },",
    reason: "the state's config holds only its description, which is documentation (the chart's diagram; descriptions are not mutated, docs/testing.md); emptied, `alone` is the same resting state with nothing offered.",
  },
];
