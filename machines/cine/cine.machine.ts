import { assign, setup } from 'xstate';
import { frameTimeOf, isClip, isFrameTime, type CineContext, type CineEvent, type CineFrames, type CineInput } from './cine.types';

const framesOf = ({ instance, current, next }: CineFrames): CineFrames => ({ instance, current, next });

const NOTHING_ON_SCREEN: CineInput = { instance: { sopUid: '', modality: '', frames: 0 }, current: 'pending', next: 'pending', reducedMotion: false, held: false };

/**
 * The cine player (issue 25 §4), a child of the viewer chart: a clip on screen plays at its
 * file's frame time, looping, and pauses when asked, when the patient moves through the stack or
 * when the page is hidden. A frame is shown for its whole frame time once it is drawn, and the
 * player moves on only to a frame already decoded (or failed: it stops there, on the message); it
 * never skips one and never runs faster than the file says.
 *
 * The viewer chart tells it what is on screen (FRAMES, MOVED, FRAME_TIME) and makes `advance` its
 * CINE_ADVANCE: the next frame of the clip, after the last the first.
 */
export const cineMachine = setup({
  types: {
    context: {} as CineContext,
    events: {} as CineEvent,
    input: {} as CineInput,
  },
  actions: {
    /** On to the next frame of the clip (the viewer chart moves the stack). */
    advance: () => {},
    /** What the player now knows is on screen: the frame it moved to, whose successor is not known yet. */
    shift: assign(({ context }) => ({ current: context.next, next: 'pending' as const })),
    keepFrames: assign((_, frames: CineFrames) => framesOf(frames)),
  },
  guards: {
    /** A clip that opens by itself: not after the patient moved, not for reduced motion. */
    startsPlaying: ({ context }) => isClip(context.instance, context.frameTimes) && !context.reducedMotion && !context.held,
    isClip: ({ context }) => isClip(context.instance, context.frameTimes),
    isOtherInstance: ({ context }, sopUid: string) => sopUid !== context.instance.sopUid,
    currentIs: ({ context }, status: CineFrames['current']) => context.current === status,
    nextIs: ({ context }, status: CineFrames['next']) => context.next === status,
    isFrameTime: (_, ms: number) => isFrameTime(ms),
  },
  delays: {
    /** The time of the frame on screen, fixed when it was drawn. */
    frameTime: ({ context }) => context.frameMs,
  },
}).createMachine({
  id: 'cine',
  // Started bare (the QA panel does), it has nothing on screen: no clip, so it rests still.
  context: ({ input }) => ({ ...NOTHING_ON_SCREEN, ...input, frameTimes: {}, frameMs: 0 }),
  initial: 'opening',
  on: {
    FRAMES: [
      {
        guard: { type: 'isOtherInstance', params: ({ event }) => event.instance.sopUid },
        target: '.opening',
        description: 'Another series on screen: its clip opens as at the start.',
        actions: [{ type: 'keepFrames', params: ({ event }) => event }, assign({ held: false })],
      },
      { actions: { type: 'keepFrames', params: ({ event }) => event } },
    ],
    MOVED: {
      target: '.opening',
      description: 'The patient moved through the stack: the player stays on the frame they chose.',
      actions: [{ type: 'keepFrames', params: ({ event }) => event }, assign({ held: true })],
    },
    FRAME_TIME: {
      guard: { type: 'isFrameTime', params: ({ event }) => event.frameTimeMs },
      actions: assign({ frameTimes: ({ context, event }) => ({ ...context.frameTimes, [event.sopUid]: event.frameTimeMs }) }),
    },
  },
  states: {
    opening: {
      always: [
        { guard: 'startsPlaying', target: 'playing', description: 'An ultrasound or angiography clip plays when it opens, as on the scanner.' },
        { guard: 'isClip', target: 'paused', description: 'Reduced motion asked for, or the patient moved: the clip waits for play.' },
        { target: 'still' },
      ],
    },
    still: {
      description: 'Nothing to play: one image, or a stack of slices (frames without a time).',
      always: { guard: 'isClip', target: 'opening', description: 'A decoded file gave a frame time: the frames are a clip after all.' },
    },
    paused: {
      on: { PLAY: 'playing' },
    },
    playing: {
      initial: 'holding',
      on: { PAUSE: 'paused' },
      states: {
        holding: {
          description: 'The frame on screen is not drawn yet: its time has not begun.',
          always: [
            { guard: { type: 'currentIs', params: 'ready' }, target: 'showing' },
            { guard: { type: 'currentIs', params: 'failed' }, target: '#cine.paused', description: 'The frame on screen failed: the clip stops on its message.' },
          ],
        },
        showing: {
          description: 'The frame on screen is shown for the file\'s frame time.',
          entry: assign({ frameMs: ({ context }) => frameTimeOf(context) }),
          after: { frameTime: 'due' },
        },
        due: {
          description: 'The frame has had its time; the next is not decoded yet: the clip holds, never skips.',
          always: [
            { guard: { type: 'nextIs', params: 'ready' }, target: 'showing', actions: ['advance', 'shift'] },
            { guard: { type: 'nextIs', params: 'failed' }, target: '#cine.paused', description: 'The next frame failed: the clip stops on its message.', actions: ['advance', 'shift'] },
          ],
        },
      },
    },
  },
});

export type CineMachine = typeof cineMachine;
