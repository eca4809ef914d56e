/**
 * Cine (issue 25 §4): an ultrasound or angiography clip (a multi-frame instance whose frames are
 * the images of its series in the viewer chart) played at the file's own frame rate, with play and
 * pause. The viewer chart runs the player as its child and tells it what is on screen.
 */

/** Modalities whose multi-frame objects are time series (clips), not stacks of slices: ultrasound, X-ray angiography and fluoroscopy. */
export const CINE_MODALITIES: ReadonlySet<string> = new Set(['US', 'XA', 'XRF']);

/**
 * A clip whose file gives no rate (no Frame Time, Cine Rate or Recommended Display Frame Rate)
 * plays at 25 frames a second: the PAL video rate ultrasound machines in China record at. Real
 * ultrasound files carry a Frame Time (the Cine module requires it when the frames are timed).
 */
export const DEFAULT_FRAME_TIME_MS = 40;

/** The instance of the image on screen. */
export interface CineInstance {
  sopUid: string;
  modality: string;
  /** Frames of the instance: a clip has more than one. */
  frames: number;
}

/** Whether an image is there to draw: decoded, failed (a message on it), or neither yet. */
export type FrameStatus = 'ready' | 'failed' | 'pending';

/** What the viewer tells the player of the stack on screen. */
export interface CineFrames {
  instance: CineInstance;
  /** The image on screen. */
  current: FrameStatus;
  /** The frame after it in its clip (after the last frame, the first). */
  next: FrameStatus;
}

export interface CineInput extends CineFrames {
  /** The patient asked the system for reduced motion: nothing plays until they ask. */
  reducedMotion: boolean;
  /**
   * The frame on screen is one the patient was taken to (an AI finding), or the patient moved
   * through the stack (a swipe, the scrubber, a finding) since this clip opened: it does not start by itself.
   */
  held: boolean;
}

export interface CineContext extends CineInput {
  /** Frame times (ms) the decoded files gave, by instance. */
  frameTimes: Record<string, number>;
  /** How long the frame on screen is shown: the clip's frame time when it was drawn. */
  frameMs: number;
}

export type CineEvent =
  /** The play/pause control. The view also pauses when the page is hidden. */
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  /** The viewer: the stack on screen changed (a frame decoded, failed or dropped, the player's own step, another series). */
  | ({ type: 'FRAMES' } & CineFrames)
  /** The viewer: the patient moved through the stack (a swipe, the scrubber, a finding): the player pauses there. */
  | ({ type: 'MOVED' } & CineFrames)
  /** The viewer: a decoded file gave its frame time (Frame Time, else Cine Rate, else Recommended Display Frame Rate). */
  | { type: 'FRAME_TIME'; sopUid: string; frameTimeMs: number };

/**
 * Whether the instance on screen is a clip to play: several frames, and either a cine modality
 * or a file that gave a frame time. An enhanced CT or MR (frames without a time) is a stack of
 * slices and scrolls instead.
 */
export function isClip(instance: CineInstance, frameTimes: Readonly<Record<string, number>>): boolean {
  return instance.frames > 1 && (CINE_MODALITIES.has(instance.modality.toUpperCase()) || frameTimes[instance.sopUid] !== undefined);
}

/** How long each frame of the clip on screen is shown: the file's frame time, else the default. */
export function frameTimeOf(context: Pick<CineContext, 'instance' | 'frameTimes'>): number {
  return context.frameTimes[context.instance.sopUid] ?? DEFAULT_FRAME_TIME_MS;
}

/**
 * A frame time worth believing: a positive number of milliseconds, at most a minute (a file may say
 * 0 or nonsense). NaN and the infinities fail one of the two comparisons.
 */
export const isFrameTime = (ms: number) => ms > 0 && ms <= 60_000;
