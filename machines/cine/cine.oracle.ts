import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern, Trace } from '../oracle';
import { connectCine } from './cine.connect';
import type { CineMachine } from './cine.machine';
import { cineFixtures } from './cine.model';

const CINE = 'issue 25 §4: ultrasound and XA cine played at the file\'s own frame rate (Frame Time / Cine Rate), with play/pause';
const HOLD = 'issue 25 §4 (cine): a frame not decoded yet holds playback; no skipping to a blank frame, no faster than the file says';
const MOTION = 'issue 25 §4 (cine): a swipe, the scrubber or a series change pauses; reduced-motion users get it paused at start; WCAG 2.2.2 (pause, stop, hide)';
const DEFAULT_RATE = 'this project\'s choice (machines/cine/cine.types.ts): a clip whose file gives no rate plays at 25 frames a second';

/** Timing begins when a frame is drawn while playing: the player's own step, or playing with its frame drawn after anything else. */
const frameDrawn: Pattern = { any: [{ effect: 'advance' }, { all: [{ sees: { state: 'playing' } }, { not: { saw: { state: 'playing' } } }] }] };
const fileRateKnown: Pattern = { input: 'FRAME_TIME', with: { frameTimeMs: cineFixtures.FILE_FRAME_TIME_MS } };
const ultrasoundClipAtStart = (input: { reducedMotion: boolean; held: boolean }): Pattern => ({
  input: 'start',
  with: { input: { ...input, current: 'pending', instance: { modality: 'US', frames: { above: 1 } } } },
});

/**
 * What the viewer last told the player of the frame on screen and the next one, up to the last
 * step's input (before that step's own advance): the player's step puts the next frame on screen,
 * and the one after it is not known until the viewer says.
 */
function told(trace: Trace) {
  const start = trace[0]!.input.input as { current: string; next: string };
  let current = start.current;
  let next = start.next;
  trace.forEach((step, i) => {
    if (step.input.type === 'FRAMES' || step.input.type === 'MOVED') ({ current, next } = step.input as unknown as { current: string; next: string });
    if (i < trace.length - 1 && step.effects.some((effect) => effect.name === 'advance')) [current, next] = [next, 'pending'];
  });
  return { toldCurrent: current, toldNext: next };
}

/** What the cine player must do, from issue 25. */
export const cineOracle: Oracle<SnapshotFrom<CineMachine>> = {
  chart: 'cine',
  // The longest a frame is shown here: the file's 66 ms; a second is plenty to see a timer that should not be there.
  quietMs: 1000,
  view: (snapshot) => {
    const { state, hasClip, playing } = connectCine(snapshot, () => {});
    return { state, hasClip, playing };
  },
  derive: told,
  promises: [
    {
      id: 'clip-opens-playing',
      says: 'An ultrasound clip opens playing, as on the scanner (held until its first frame is drawn).',
      source: `${CINE}; this project's choice, as ultrasound review stations do`,
      rule: { kind: 'always', if: ultrasoundClipAtStart({ reducedMotion: false, held: false }), then: { sees: { hasClip: true, playing: true, state: 'waiting' } } },
    },
    {
      id: 'reduced-motion-paused',
      says: 'For a patient who asked for reduced motion, a clip opens paused.',
      source: MOTION,
      rule: { kind: 'always', if: ultrasoundClipAtStart({ reducedMotion: true, held: false }), then: { sees: { hasClip: true, state: 'paused' } } },
    },
    {
      id: 'finding-frame-stays',
      says: 'A clip opened on an AI finding\'s frame stays on it, paused.',
      source: 'issue 24 §2: the link of the AI findings lands on the first finding; issue 25 §4 (cine)',
      rule: { kind: 'always', if: ultrasoundClipAtStart({ reducedMotion: false, held: true }), then: { sees: { hasClip: true, state: 'paused' } } },
    },
    {
      id: 'single-image-still',
      says: 'A single image has nothing to play: no control.',
      source: CINE,
      rule: {
        kind: 'always',
        if: { any: [{ input: 'start', with: { input: { instance: { frames: 1 } } } }, { input: ['FRAMES', 'MOVED'], with: { instance: { frames: 1 } } }] },
        then: { sees: { hasClip: false, playing: false } },
      },
    },
    {
      id: 'slices-are-no-clip',
      says: 'A multi-frame stack of slices (an enhanced MR) scrolls; it plays only once its file gives a frame time.',
      source: CINE,
      rule: {
        kind: 'always',
        if: { input: 'start', with: { input: { instance: { modality: 'MR', frames: { above: 1 } } } } },
        then: { sees: { hasClip: false } },
      },
    },
    {
      id: 'frame-time-makes-a-clip',
      says: 'Frames whose file gives a frame time are a clip, whatever the modality.',
      source: CINE,
      rule: {
        kind: 'always',
        if: { all: [fileRateKnown, { earlier: { input: 'start', with: { input: { instance: { frames: { above: 1 } } } } } }, { not: { earlier: { input: ['FRAMES', 'MOVED'], with: { instance: { frames: 1 } } } } }] },
        then: { sees: { hasClip: true } },
      },
    },
    {
      id: 'plays-at-file-rate',
      says: 'Each frame is shown for the file\'s frame time from when it is drawn, then the next (66 ms here; 40 ms when the file gives none).',
      source: `${CINE}; ${DEFAULT_RATE}`,
      rule: {
        kind: 'timing',
        what: { effect: 'advance' },
        when: [
          { since: { all: [frameDrawn, { any: [fileRateKnown, { earlier: fileRateKnown }] }] }, ms: cineFixtures.FILE_FRAME_TIME_MS },
          { since: { all: [frameDrawn, { not: fileRateKnown }, { not: { earlier: fileRateKnown } }] }, ms: 40 },
        ],
      },
    },
    {
      id: 'never-an-undecoded-frame',
      says: 'The clip moves on only to a frame already decoded (or failed, to show why): never to a blank one.',
      source: HOLD,
      rule: { kind: 'always', if: { effect: 'advance' }, then: { sees: { toldNext: { oneOf: ['ready', 'failed'] } } } },
    },
    {
      id: 'waits-for-the-frame',
      says: 'While the next frame is on its way, the clip holds and says it is waiting.',
      source: HOLD,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'time' }, { saw: { state: 'playing' } }, { sees: { toldNext: 'pending' } }] },
        then: { all: [{ sees: { state: 'waiting' } }, { not: { effect: 'advance' } }] },
      },
    },
    {
      id: 'failed-frame-stops',
      says: 'A frame that failed stops the clip on its message.',
      source: `${HOLD}; issue 12, item 3: every bad file is a message on that image`,
      rule: { kind: 'always', if: { all: [{ effect: 'advance' }, { sees: { toldNext: 'failed' } }] }, then: { sees: { state: 'paused' } } },
    },
    {
      id: 'pause-stops',
      says: 'Pause stops the clip on the frame on screen.',
      source: CINE,
      rule: { kind: 'always', if: { input: 'PAUSE' }, then: { all: [{ sees: { playing: false } }, { not: { effect: 'advance' } }] } },
    },
    {
      id: 'paused-stays',
      says: 'A paused clip does not move by itself.',
      source: CINE,
      rule: { kind: 'always', if: { saw: { state: 'paused' } }, then: { not: { effect: 'advance' } } },
    },
    {
      id: 'play-plays',
      says: 'Play starts a paused clip from the frame on screen.',
      source: CINE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PLAY' }, { saw: { state: 'paused' } }, { not: { sees: { toldCurrent: 'failed' } } }] },
        then: { sees: { playing: true } },
      },
    },
    {
      id: 'patient-move-pauses',
      says: 'A swipe, the scrubber or a finding pauses the clip on the frame the patient chose.',
      source: MOTION,
      rule: { kind: 'always', if: { input: 'MOVED' }, then: { all: [{ sees: { playing: false } }, { not: { effect: 'advance' } }] } },
    },
  ],
};
