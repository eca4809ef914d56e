import { BUG_ONLY_TEXT, type Equivalent } from './shared';

const AI_STATUS = 'machines/aiStatus/aiStatus.machine.ts';

/** Surviving mutants of machines/aiStatus/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: 'machines/aiStatus/aiStatus.connect.ts',
    mutator: 'StringLiteral',
    line: "const step: AiStatusStep = STEPS.find((name) => snapshot.matches(name)) ?? 'loading';",
    reason: "every top-level state of the chart is one of `STEPS`, so `find` always finds the step and the fallback is never used; it is there for the type only (`tests/machines/aiStatus.edges.test.ts` checks the step shown in each state).",
  },
  // `infoOf` runs only behind a guard that found the order; `toBePaid` is entered only with the order kept.
  { file: AI_STATUS, mutator: 'StringLiteral', line: "present(output.found ? output.info : null, 'order', 'aiStatus')", reason: BUG_ONLY_TEXT },
  { file: AI_STATUS, mutator: 'StringLiteral', line: "purchaseOf('aiOrder', present(context.info, 'order', 'aiStatus'))", original: "'order'", reason: BUG_ONLY_TEXT },
  { file: AI_STATUS, mutator: 'StringLiteral', line: "purchaseOf('aiOrder', present(context.info, 'order', 'aiStatus'))", original: "'aiStatus'", reason: BUG_ONLY_TEXT },
  {
    file: AI_STATUS,
    mutator: 'StringLiteral',
    line: "loadInfo: fromPromise<InfoOutcome, { orderId: string }>(() => Promise.reject(new Error('aiStatus: no loadInfo actor provided')))",
    reason: 'a failed AI/info call is not reported: the page says the connection is gone (`tests/machines/aiStatus.edges.test.ts` checks that for an app with no call), so the text of the default\'s error shows nowhere.',
  },
  {
    file: AI_STATUS,
    mutator: 'ObjectLiteral',
    line: "missing: { description: 'No such order: \"application message lost\".' },",
    reason: "the state's config holds only its description, which is documentation (kept in step with the chart by the diagram tests in `tests/docs/`); without it `missing` is the same final step with nothing to do.",
  },
];
