import type { Equivalent } from './shared';

const FEEDBACK = 'machines/feedback/feedback.machine.ts';

const DEFAULT_CALLS =
  "the chart's default calls are reached only by an app that provides none of its own; the app (`src/features/help/useFeedback.ts`) provides all four (loadDraft, chooseImages, prepareImages, submitFeedback), so neither the default's error, nor its text, nor the name it carries can be seen.";
const NARROWS_ONLY = 'the action runs on its own event only (the chart names it on that event alone), so the test of the event type is always true there; it only narrows the type.';

/** Surviving mutants of machines/feedback/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: FEEDBACK, mutator: 'StringLiteral', line: 'const unprovided = (name: string) => () => Promise.reject(new Error(`feedback: no ${name} actor provided`));', reason: DEFAULT_CALLS },
  { file: FEEDBACK, mutator: 'ArrowFunction', line: 'const unprovided = (name: string) => () => Promise.reject(new Error(`feedback: no ${name} actor provided`));', reason: DEFAULT_CALLS },
  ...['loadDraft', 'chooseImages', 'prepareImages', 'submitFeedback'].map((name) => ({ file: FEEDBACK, mutator: 'StringLiteral', line: `(unprovided('${name}'))`, reason: DEFAULT_CALLS })),
  ...["event.type === 'CHOOSE_TYPE'", "event.type === 'EDIT'", "event.type === 'SET_QUALITY'", "event.type === 'REMOVE_IMAGE'", "event.type === 'UPLOAD_PROGRESS'", "event.type === 'NEW'"].map((test) => ({
    file: FEEDBACK,
    mutator: 'ConditionalExpression',
    line: test,
    original: test,
    replacement: 'true',
    reason: NARROWS_ONLY,
  })),
  {
    file: FEEDBACK,
    mutator: 'StringLiteral',
    line: "params: ({ event }) => ({ problem: event.problem ?? 'contentShort' })",
    reason: "this branch is taken only when the `formFine` guard found a problem (the event's problem is not null), so the fallback is never used; it is there for the type only.",
  },
  {
    file: FEEDBACK,
    mutator: 'ArrayDeclaration',
    line: "tags: ['busy'],",
    reason: "nothing reads the feedback chart's `busy` tag: the form's view asks which state it is in (`canAct`, `isChoosing`, `isAdding`, `isSending`, which `tests/machines/feedback.edges.test.ts` checks); the tag shows only in the chart's diagram.",
  },
  {
    file: FEEDBACK,
    mutator: 'StringLiteral',
    line: "tags: ['busy'],",
    reason: "nothing reads the feedback chart's `busy` tag: the form's view asks which state it is in (`canAct`, `isChoosing`, `isAdding`, `isSending`, which `tests/machines/feedback.edges.test.ts` checks); the tag shows only in the chart's diagram.",
  },
];
