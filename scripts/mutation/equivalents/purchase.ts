import { BUG_ONLY_TEXT, type Equivalent } from './shared';

const PURCHASE = 'machines/purchase/purchase.machine.ts';

/** Surviving mutants of machines/purchase/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  // `orderOf` runs only behind the `toBePaid` and `submitted` guards (an order was made), the choice
  // is set by BUY before `confirming`, and the way to pay by CONFIRM before `submitting`.
  { file: PURCHASE, mutator: 'StringLiteral', line: "present(event.output.ok ? event.output.purchase : null, 'order', 'purchase')", reason: BUG_ONLY_TEXT },
  { file: PURCHASE, mutator: 'StringLiteral', line: "present(context.choice, 'choice', 'purchase')", reason: BUG_ONLY_TEXT },
  { file: PURCHASE, mutator: 'StringLiteral', line: "present(context.how, 'pay way', 'purchase')", reason: BUG_ONLY_TEXT },
];
