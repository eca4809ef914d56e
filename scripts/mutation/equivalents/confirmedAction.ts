import { BUG_ONLY_TEXT, type Equivalent } from './shared';

const MACHINE = 'machines/confirmedAction/confirmedAction.machine.ts';

/** Surviving mutants of machines/confirmedAction/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: MACHINE, mutator: 'StringLiteral', line: "present(item, 'item', 'confirmedAction')", reason: BUG_ONLY_TEXT },
  {
    file: MACHINE,
    mutator: 'ObjectLiteral',
    line: 'context: { item: null },',
    reason: "`idle`'s entry (`forget`) sets `item: null` before anyone can look, so the initial context is the same either way (the view's `itemId` is null at the start: tests/machines/confirmedAction.edges.test.ts).",
  },
];
