import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern } from '../oracle';
import { connectCompare } from './compare.connect';
import type { CompareMachine } from './compare.machine';

const PRIOR = 'issue 27 §3: from the viewer, open the patient\'s earlier study of the same body part and modality side by side';
const IN_STEP = 'issue 27 §3: scrolling in step by slice position; a way to unlink (this project\'s reading of "in step")';
const EXTRA = 'docs/extensions.md: a call beyond the specification is optional; without its answer the app is as the specification describes it';

const comparing: Pattern = { saw: { comparing: true } };

/** What the comparison with the prior study must do, from issue 27 §3. */
export const compareOracle: Oracle<SnapshotFrom<CompareMachine>> = {
  chart: 'compare',
  view: (snapshot) => {
    const { state, prior, comparing, linked } = connectCompare(snapshot, () => {});
    return { state, hasPrior: prior !== null, comparing, linked };
  },
  promises: [
    {
      id: 'asks-for-the-prior',
      says: 'The viewer asks for the prior of the study it shows, as it opens.',
      source: PRIOR,
      rule: { kind: 'always', if: { input: 'start' }, then: { call: 'findPrior', with: { studyUid: { sameAs: 'start.studyUid' } } } },
    },
    {
      id: 'control-only-with-prior',
      says: '"Compare with prior" is offered only when there is a prior.',
      source: PRIOR,
      rule: { kind: 'always', if: { sees: { state: 'ready' } }, then: { sees: { hasPrior: true } } },
    },
    {
      id: 'no-prior-is-quiet',
      says: 'Without a prior, or when it cannot be had, nothing is offered and nothing is said.',
      source: EXTRA,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'failure:findPrior' }, { input: 'answer:findPrior', with: { output: null } }] },
        then: { all: [{ sees: { state: 'alone', comparing: false } }, { not: { effect: 'followOnPrior' } }] },
      },
    },
    {
      id: 'opens-beside',
      says: 'Tapping "Compare with prior" opens the prior beside the study, in step.',
      source: PRIOR,
      rule: { kind: 'always', if: { all: [{ input: 'OPEN_PRIOR' }, { saw: { state: 'ready' } }] }, then: { sees: { comparing: true, linked: true } } },
    },
    {
      id: 'prior-opens-at-same-place',
      says: 'The prior, once it shows its first slice, is taken to the position of the slice on screen, never the other way round.',
      source: IN_STEP,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PRIOR_MOVED' }, { saw: { state: 'opening' } }] },
        then: { all: [{ effect: 'followOnPrior' }, { not: { effect: 'followOnCurrent' } }] },
      },
    },
    {
      id: 'linked-follow-each-other',
      says: 'While linked, moving either study takes the other to the slice nearest its position.',
      source: IN_STEP,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['CURRENT_MOVED', 'PRIOR_MOVED'] }, { saw: { state: 'linked' } }] },
        then: { any: [{ all: [{ input: 'CURRENT_MOVED' }, { effect: 'followOnPrior', with: { position: { sameAs: 'input.position' } } }] }, { all: [{ input: 'PRIOR_MOVED' }, { effect: 'followOnCurrent', with: { position: { sameAs: 'input.position' } } }] }] },
      },
    },
    {
      id: 'unlinked-scroll-alone',
      says: 'Unlinked, each study scrolls alone.',
      source: IN_STEP,
      rule: {
        kind: 'always',
        if: { any: [{ saw: { state: 'unlinked' } }, { not: comparing }] },
        then: { any: [{ input: 'LINK' }, { all: [{ not: { effect: 'followOnPrior' } }, { not: { effect: 'followOnCurrent' } }] }] },
      },
    },
    {
      id: 'closes-to-single',
      says: 'Closing the comparison returns to the single viewer, with the control offered again.',
      source: PRIOR,
      rule: { kind: 'always', if: { all: [{ input: 'CLOSE_PRIOR' }, comparing] }, then: { sees: { state: 'ready', comparing: false } } },
    },
  ],
};
