import type { FoundPrior, PriorRequest, PriorStudy } from './compare.types';

/** patient1's chest CT of 2026-11-18, and its prior of 2026-02-09 (docs/extensions.md). */
export const compareInput: PriorRequest = { studyUid: '1.2.840.9.1', hospId: 'H1' };

const prior: PriorStudy = {
  collectFilmId: '8',
  studyUId: '1.2.840.9.2',
  hospId: 'H1',
  wadoUrl: 'http://localhost/sandbox/wado',
  studyDate: '2026-02-09',
  studyDescription: 'CT chest',
  modality: 'CT',
  bodyPart: 'CHEST',
};
const found: FoundPrior = { prior, currentFilmId: '1' };

/** A prior or none, or a failure; the patient's taps; each study telling where it is (one position, and none). */
export const compareEvents = [
  { type: 'xstate.done.actor.findPrior', output: found },
  { type: 'xstate.done.actor.findPrior', output: null },
  { type: 'xstate.error.actor.findPrior', error: new Error('offline') },
  { type: 'OPEN_PRIOR' },
  { type: 'CLOSE_PRIOR' },
  { type: 'UNLINK' },
  { type: 'LINK' },
  { type: 'CURRENT_MOVED', position: -40 },
  { type: 'PRIOR_MOVED', position: -42 },
  { type: 'PRIOR_MOVED', position: null },
];

export const compareFixtures = { prior, found };
