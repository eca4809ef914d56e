import { UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const CONSULTATION = 'machines/consultation/consultation.machine.ts';

/** Surviving mutants of machines/consultation/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: CONSULTATION, mutator: 'StringLiteral', line: "Promise.reject(new Error('consultation: no ask actor provided'))", reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: CONSULTATION,
    mutator: 'ArrowFunction',
    line: "Promise.reject(new Error('consultation: no ask actor provided'))",
    reason: 'only an app that provides no `ask` could tell a default that fails from one that answers nothing; the app provides the real one (src/features/consultation/useConsultation.ts), and the chart is never started without it.',
  },
];
