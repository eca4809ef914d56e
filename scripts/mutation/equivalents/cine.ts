import type { Equivalent } from './shared';

const CINE = 'machines/cine/cine.machine.ts';

/**
 * Without its last branch (`{}`) or its target (`''`), `opening` takes no transition for a single
 * image or a stack of slices and the chart rests there instead of in `still`.
 */
const RESTS_IN_OPENING =
  "for one image or a stack of slices the chart then rests in `opening` instead of `still`. Nothing can tell the two apart: the connect object shows both as `still` (no control, not playing), and `opening`'s own branches are checked again after every event just as `still`'s is, so a file that later gives a frame time starts or pauses the clip exactly as through `still` (held, reduced motion and all). Nothing reads the state's name; `still` is the name docs/statecharts/cine.md gives this resting state. `tests/machines/cine.edges.test.ts` checks a single image and a stack of slices offer nothing until their file makes them a clip.";

/** The values a bare start (the QA panel's) begins with: the viewer's input replaces every one of them. */
const BARE_START_ONLY =
  "the placeholder of a chart started without input, which only the QA panel does: the viewer always gives the frames, reduced motion and held, and they replace every one of these values. A bare start with any of them still has no clip on screen (an instance of no frames), so the player rests still whatever the modality, UID, frame statuses or flags say; `tests/machines/cine.edges.test.ts` checks a bare start offers nothing and then plays the clip the viewer names.";

/** Surviving mutants of machines/cine/ that nothing outside the code can notice, each with its reason. */
export const EQUIVALENTS: readonly Equivalent[] = [
  { file: CINE, mutator: 'ObjectLiteral', line: "{ target: 'still' },", reason: RESTS_IN_OPENING },
  { file: CINE, mutator: 'StringLiteral', line: "{ target: 'still' },", original: "'still'", reason: RESTS_IN_OPENING },
  { file: CINE, mutator: 'StringLiteral', line: 'const NOTHING_ON_SCREEN', reason: BARE_START_ONLY },
  { file: CINE, mutator: 'BooleanLiteral', line: 'const NOTHING_ON_SCREEN', reason: BARE_START_ONLY },
  { file: CINE, mutator: 'ObjectLiteral', line: 'const NOTHING_ON_SCREEN', original: "{ sopUid: '', modality: '', frames: 0 }", reason: BARE_START_ONLY },
];
