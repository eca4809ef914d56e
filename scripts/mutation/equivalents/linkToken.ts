import { UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const LINK_TOKEN = 'machines/linkToken/linkToken.machine.ts';

/** Surviving mutants of machines/linkToken/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: LINK_TOKEN, mutator: 'StringLiteral', line: "Promise.reject(new Error('linkToken: no moveToFragment actor provided'))", reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: LINK_TOKEN,
    mutator: 'ArrowFunction',
    line: "Promise.reject(new Error('linkToken: no moveToFragment actor provided'))",
    reason: 'the address rewritten or not, the download shows with its token all the same (both answers lead to `shown`), so a default that answers nothing instead of failing changes nothing. The app provides the real one (src/features/downloads/useLinkToken.ts).',
  },
];
