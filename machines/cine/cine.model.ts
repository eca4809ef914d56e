import type { CineFrames, CineInput, CineInstance } from './cine.types';

/**
 * The player's events for path generation: an ultrasound clip of several frames whose file, once
 * decoded, says 66 ms a frame (the sandbox's phantom); the frame on screen and the next one
 * decoded, on their way or failed; the patient's moves; another series (one CT slice).
 */
const clip: CineInstance = { sopUid: '1.2.840.9.1', modality: 'US', frames: 20 };
const slice: CineInstance = { sopUid: '1.2.840.9.2', modality: 'CT', frames: 1 };
/** The file's Frame Time. */
const FILE_FRAME_TIME_MS = 66;

const frames = (current: CineFrames['current'], next: CineFrames['next'], instance = clip): CineFrames => ({ instance, current, next });

/** The viewer opens on the clip's first frame, before anything is decoded. */
export const cineInput: CineInput = { ...frames('pending', 'pending'), reducedMotion: false, held: false };

/**
 * Reduced motion asked for; the clip opened on an AI finding's frame; a single CT slice; a
 * multi-frame MR (a stack of slices until its file gives a frame time).
 */
export const cineOtherInputs: CineInput[] = [
  { ...cineInput, reducedMotion: true },
  { ...cineInput, held: true },
  { ...frames('ready', 'ready', slice), reducedMotion: false, held: false },
  { ...frames('pending', 'pending', { ...clip, modality: 'MR' }), reducedMotion: false, held: false },
];

export const cineEvents = [
  { type: 'PLAY' },
  { type: 'PAUSE' },
  { type: 'FRAMES', ...frames('ready', 'pending') },
  { type: 'FRAMES', ...frames('ready', 'ready') },
  { type: 'FRAMES', ...frames('ready', 'failed') },
  { type: 'FRAMES', ...frames('failed', 'pending') },
  { type: 'FRAMES', ...frames('ready', 'ready', slice) },
  { type: 'MOVED', ...frames('ready', 'ready') },
  { type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs: FILE_FRAME_TIME_MS },
  { type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs: 0 },
  { type: 'xstate.after.frameTime.cine.playing.showing' },
];

export const cineFixtures = { clip, slice, frames, FILE_FRAME_TIME_MS };
