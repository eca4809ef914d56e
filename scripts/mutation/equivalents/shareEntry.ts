import type { Equivalent } from './shared';

const MACHINE = 'machines/shareEntry/shareEntry.machine.ts';
const RULE = 'src/shared/rules/shareText.ts';

/** Surviving mutants of machines/shareEntry/ and of its rule (the share text) that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  {
    file: MACHINE,
    mutator: 'ObjectLiteral',
    line: 'opening: {',
    original: 'description:',
    reason:
      "the `opening` state's config holds only its description, which is documentation (the chart's diagram; descriptions are not mutated, docs/testing.md); emptied, the state is the same final stop.",
  },
  {
    file: RULE,
    mutator: 'StringLiteral',
    line: 'const bare = [...plain.replace(ADDRESS,',
    replacement: '""',
    reason:
      "a web address taken out of the text before looking for a code standing alone leaves a space or nothing: the same codes stand alone either way. A code is told apart only from letters and digits on either side, and the character after an address is never one (the address would have taken it in), so it never glues a code to anything; a code before the address sees that character or the space, a code cannot begin right after it. (In `accessCodeIn` the space does show, as one of the six marks a label reaches over: tests/rules/shareText.test.ts.)",
  },
];
