import { UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const SCAN_ENTRY = 'machines/scanEntry/scanEntry.machine.ts';

/** Surviving mutants of machines/scanEntry/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: SCAN_ENTRY, mutator: 'StringLiteral', line: "Promise.reject(new Error('scanEntry: no scan actor provided'))", reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: SCAN_ENTRY,
    mutator: 'ArrowFunction',
    line: "Promise.reject(new Error('scanEntry: no scan actor provided'))",
    reason: 'only an app that provides no `scan` could tell a default that fails from one that answers nothing; the app provides the real one (src/shared/views/useScanEntry.ts), and the chart is never started without it.',
  },
];
