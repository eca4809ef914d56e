import { BUG_ONLY_TEXT, type Equivalent } from './shared';

const MACHINE = 'machines/confirmedAction/confirmedAction.machine.ts';

/** Surviving mutants of machines/confirmedAction/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: MACHINE, mutator: 'StringLiteral', line: "present(item, 'item', 'confirmedAction')", reason: BUG_ONLY_TEXT },
];
