import { BUG_ONLY_TEXT, UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const COLLECT = 'machines/collect/collect.machine.ts';
const COLLECT_CONNECT = 'machines/collect/collect.connect.ts';
/** The app gives the chart all six calls: src/features/collect/useCollect.ts. */
const PROVIDED = 'src/features/collect/useCollect.ts provides all six calls, and the chart is never started without them';

/** Surviving mutants of machines/collect/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: COLLECT, mutator: 'StringLiteral', line: 'Promise.reject(new Error(`collect: no ${name} actor provided`))', reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: COLLECT,
    mutator: 'StringLiteral',
    line: "(unprovided('",
    reason: "the name only goes into the text of the default's error, which shows nowhere (above).",
  },
  {
    file: COLLECT,
    mutator: 'ArrowFunction',
    line: 'const unprovided = (name: string) =>',
    reason: `only an app that provides no call could tell a default that fails from one that answers nothing (or from none at all); ${PROVIDED}.`,
  },
  { file: COLLECT, mutator: 'StringLiteral', line: "present(context.sent, 'code sent', 'collect')", reason: BUG_ONLY_TEXT },
  { file: COLLECT, mutator: 'StringLiteral', line: "present(context.captcha, 'image code', 'collect')", reason: BUG_ONLY_TEXT },
  { file: COLLECT, mutator: 'StringLiteral', line: "present(context.bagCode, 'bag code', 'collect')", reason: BUG_ONLY_TEXT },
  { file: COLLECT, mutator: 'StringLiteral', line: "present(event.problem, 'problem', 'collect')", reason: BUG_ONLY_TEXT },
  { file: COLLECT, mutator: 'StringLiteral', line: "present(context.verified, 'verification', 'collect')", reason: BUG_ONLY_TEXT },
  ...(
    [
      ["edit: assign(({ context, event }) => (event.type === 'EDIT'", 'edit', 'EDIT'],
      ["chooseMethod: assign(({ event }) => (event.type === 'CHOOSE_METHOD'", 'chooseMethod', 'CHOOSE_METHOD'],
      ["enterCode: assign(({ event }) => (event.type === 'ENTER_CODE'", 'enterCode', 'ENTER_CODE'],
    ] as const
  ).map(([line, action, event]) => ({
    file: COLLECT,
    mutator: 'ConditionalExpression',
    line,
    replacement: 'true',
    reason: `\`${action}\` runs on ${event} only, so the event is always ${event} there; the test only narrows the type.`,
  })),
  {
    file: COLLECT,
    mutator: 'ConditionalExpression',
    line: 'const refusedWith = (problem: CollectProblem) =>',
    original: '!outcome.ok',
    replacement: 'true',
    reason: 'every answer list asks `accepted` first, so these guards only ever see refusals; `!outcome.ok` only narrows the type to reach the problem.',
  },
  {
    file: COLLECT,
    mutator: 'ConditionalExpression',
    line: 'endsVerification: (_, outcome: Outcome<unknown>) =>',
    original: '!outcome.ok',
    replacement: 'true',
    reason: 'both answer lists that ask `endsVerification` ask `accepted` first, so it only ever sees refusals; `!outcome.ok` only narrows the type to reach the problem.',
  },
  ...['exhausted: {', 'locked: {'].map((line) => ({
    file: COLLECT,
    mutator: 'ObjectLiteral',
    line,
    reason: "the state holds only its description, which is documentation (ignored everywhere else, see docs/testing.md); the empty state is entered, left and shown the same.",
  })),
  ...["'idCard'", "''"].map((original) => ({
    file: COLLECT_CONNECT,
    mutator: 'StringLiteral',
    line: "canType: snapshot.can({ type: 'EDIT', field: 'idCard', value: '' }),",
    original,
    reason: 'the question is whether the form takes an EDIT at all: no guard reads which field or what value, so any field and value give the same answer.',
  })),
];
