import { BUG_ONLY_TEXT, UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const MACHINE = 'machines/packageTask/packageTask.machine.ts';

const NARROWS = (event: string) => `the action runs on ${event} only, so the event is always ${event} there; the test only narrows the type.`;
const BUSY_TAG =
  "nothing reads the packaging chart's `busy` tag: its view says what is under way by the state (`isRequesting`, `isChanging`, `isSendingEmail`), and no screen asks the tag; it shows only in the chart's diagram.";
const EMAIL_ANSWER =
  'the branch is taken only for an answer its guard (`sent`) found sent, so the other side of the test (an address of `\'\'`) never runs; the test only narrows the type.';
const OTHER_CHOICE =
  "the guard guards SET_DESENSITIZE in `packing` only: the event is always SET_DESENSITIZE there, and every way into `packing` keeps the task the server answered, so the task is never null; these two tests only narrow the type (the choice that matters, the other desensitize choice, is tested: tests/machines/packageTask.edges.test.ts).";
const TASK_ANSWER =
  "the guard sees a task only: finding's `null` answer (no task yet) is taken by `noTask` before it, and the other calls always answer a task; the `?.` only satisfies the type.";

/** Surviving mutants of machines/packageTask/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  // The defaults of the calls: the app provides every one (src/features/downloads/usePackageTask.ts).
  { file: MACHINE, mutator: 'StringLiteral', line: 'const unprovided = (name: string) =>', reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: MACHINE,
    mutator: 'ArrowFunction',
    line: 'const unprovided = (name: string) =>',
    reason:
      "a default that is no function at all fails when it starts, as a default that rejects does: both lead where any failure of the call leads (finding: 'offline' and try again; tests/machines/packageTask.edges.test.ts), and neither error is shown or kept.",
  },
  { file: MACHINE, mutator: 'StringLiteral', line: "(unprovided('", reason: UNSHOWN_DEFAULT_ERROR },
  // An action with nothing to do where it runs (listed before the error texts of the same line).
  {
    file: MACHINE,
    mutator: 'StringLiteral',
    line: "present(event.output, 'task', 'packageTask') }, 'resetPolls']",
    original: "'resetPolls'",
    reason:
      "a task found packing is the first one this page follows: nothing was polled yet (finding is reached only from the start and from a failed finding), so the counts `resetPolls` sets to 0 are 0 already, and XState runs an action name it does not know as nothing.",
  },
  // Texts of the errors only a wrong chart throws.
  { file: MACHINE, mutator: 'StringLiteral', line: "present(context.task, 'task', 'packageTask')", reason: BUG_ONLY_TEXT },
  { file: MACHINE, mutator: 'StringLiteral', line: "present(event.output, 'task', 'packageTask')", reason: BUG_ONLY_TEXT },
  { file: MACHINE, mutator: 'StringLiteral', line: "present(context.link, 'link', 'packageTask')", reason: BUG_ONLY_TEXT },
  // Type narrowing only.
  { file: MACHINE, mutator: 'ConditionalExpression', line: "chooseFormat: assign(({ event }) => (event.type === 'CHOOSE_FORMAT'", replacement: 'true', reason: NARROWS('CHOOSE_FORMAT') },
  { file: MACHINE, mutator: 'ConditionalExpression', line: "setDesensitize: assign(({ event }) => (event.type === 'SET_DESENSITIZE'", replacement: 'true', reason: NARROWS('SET_DESENSITIZE') },
  { file: MACHINE, mutator: 'ConditionalExpression', line: "editEmail: assign(({ event }) => (event.type === 'EDIT_EMAIL'", replacement: 'true', reason: NARROWS('EDIT_EMAIL') },
  {
    file: MACHINE,
    mutator: 'ConditionalExpression',
    line: "otherChoice: ({ context, event }) => event.type === 'SET_DESENSITIZE'",
    replacement: 'true',
    reason: OTHER_CHOICE,
  },
  {
    file: MACHINE,
    mutator: 'LogicalOperator',
    line: "otherChoice: ({ context, event }) => event.type === 'SET_DESENSITIZE'",
    replacement: "event.type === 'SET_DESENSITIZE' || context.task !== null",
    reason: OTHER_CHOICE,
  },
  { file: MACHINE, mutator: 'OptionalChaining', line: "isReady: (_, task: TaskLike | null) => task?.state === 'ready',", reason: TASK_ANSWER },
  { file: MACHINE, mutator: 'OptionalChaining', line: "isFailed: (_, task: TaskLike | null) => task?.state === 'failed',", reason: TASK_ANSWER },
  { file: MACHINE, mutator: 'StringLiteral', line: "type: 'emailSent', params: ({ event }) => (event.output.ok ?", reason: EMAIL_ANSWER },
  // Tags nothing reads.
  { file: MACHINE, mutator: 'ArrayDeclaration', line: "tags: ['busy'],", reason: BUSY_TAG },
  { file: MACHINE, mutator: 'StringLiteral', line: "tags: ['busy'],", reason: BUSY_TAG },
];
