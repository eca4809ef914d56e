import { CHILD_ID_UNREAD, type Equivalent } from './shared';

const SESSION_GATE = 'machines/sessionGate/sessionGate.machine.ts';

/** Surviving mutants of machines/sessionGate/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: SESSION_GATE,
    mutator: 'ArrowFunction',
    line: 'watchSession: fromCallback<SessionGateEvent>(() => () => {}),',
    reason: 'the default listener hears nothing and has nothing to clean up; without its clean-up function nothing changes. The app provides the real one (the session port).',
  },
  { file: SESSION_GATE, mutator: 'StringLiteral', line: "invoke: { id: 'watchSession', src: 'watchSession' },", original: "'watchSession'", reason: CHILD_ID_UNREAD },
];
