/** What an explanation of a surviving mutant holds, and the reasons several charts share. */
export interface Equivalent {
  file: string;
  /** Stryker's mutator name, e.g. `ConditionalExpression`. */
  mutator: string;
  /** A piece of the (trimmed) source line the mutant starts on. */
  line: string;
  /** A piece of the code the mutant replaces (on one line), when the line alone is not enough. */
  original?: string;
  /** The mutant's replacement, when the line holds several mutants of that mutator. */
  replacement?: string;
  reason: string;
}

/** Why the text of a chart's "cannot happen" error is not observable. */
export const BUG_ONLY_TEXT =
  'the text of an error the chart throws only when it is wrong (a state without the context field it always holds, or an answer its own guard did not recognise). No path reaches it; `tests/machines/present.edges.test.ts` checks the message `present` builds.';
export const UNSHOWN_DEFAULT_ERROR =
  "the default's error (an app that did not provide this call) leads where any failure of the call leads, and that failure is not shown or kept, so neither its text nor its absence can be seen. (`tests/machines/session.edges.test.ts` checks the calls whose failure the patient does see: completeSignIn, startSignIn.)";
export const CHILD_ID_UNREAD =
  'nothing looks this child up by its id (the chart and the app talk to it through events: sendBack, sendParent); the id only names it.';
export const NO_OP_DEFAULTS =
  'the chart\'s default effects do nothing, and XState runs a named action that has no implementation as nothing too; the app provides every one of them.';
