import { UNSHOWN_DEFAULT_ERROR, type Equivalent } from './shared';

const MACHINE = 'machines/shareOpen/shareOpen.machine.ts';

/** Surviving mutants of machines/shareOpen/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: MACHINE, mutator: 'StringLiteral', line: 'const unprovided = (name: string) =>', reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: MACHINE,
    mutator: 'ArrowFunction',
    line: 'const unprovided = (name: string) =>',
    reason:
      "a default that is no function at all fails when it starts, as a default that rejects does: both lead where any failure of the call leads (preview: the page says it failed; open: 'offline'; tests/machines/shareOpen.edges.test.ts), and neither error is shown or kept. The app provides both calls (src/features/shares/useShareOpen.ts).",
  },
  { file: MACHINE, mutator: 'StringLiteral', line: "(unprovided('preview'))", reason: UNSHOWN_DEFAULT_ERROR },
  { file: MACHINE, mutator: 'StringLiteral', line: "(unprovided('open'))", reason: UNSHOWN_DEFAULT_ERROR },
  {
    file: MACHINE,
    mutator: 'ArrayDeclaration',
    line: "tags: ['busy'],",
    reason: "nothing reads the shareCode chart's `busy` tag: its view says it is opening by the state (`isOpening`), and no screen asks the tag; it shows only in the chart's diagram.",
  },
  {
    file: MACHINE,
    mutator: 'StringLiteral',
    line: "tags: ['busy'],",
    reason: "nothing reads the shareCode chart's `busy` tag: its view says it is opening by the state (`isOpening`), and no screen asks the tag; it shows only in the chart's diagram.",
  },
  {
    file: MACHINE,
    mutator: 'ObjectLiteral',
    line: 'refused: {',
    original: 'description:',
    reason: "the `refused` state's config holds only its description, which is documentation (the chart's diagram; descriptions are not mutated, docs/testing.md); emptied, the state is the same final stop.",
  },
];
