import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CineMachine } from './cine.machine';
import { frameTimeOf } from './cine.types';

/** `still`: nothing to play; `waiting`: playing, held until a frame is decoded. */
export type CineState = 'still' | 'paused' | 'playing' | 'waiting';

/** What the play/pause control needs: whether there is a clip, whether it plays, its rate, and the patient's intents. */
export function connectCine(snapshot: SnapshotFrom<CineMachine>, send: ActorRefFrom<CineMachine>['send']) {
  const state: CineState = snapshot.matches({ playing: 'showing' })
    ? 'playing'
    : snapshot.matches('playing')
      ? 'waiting'
      : snapshot.matches('paused')
        ? 'paused'
        : 'still';
  const playing = state === 'playing' || state === 'waiting';
  return {
    state,
    /** A clip is on screen: the control shows. */
    hasClip: state !== 'still',
    playing,
    /** How long each frame is shown, in ms. */
    frameTimeMs: frameTimeOf(snapshot.context),
    play: () => send({ type: 'PLAY' }),
    pause: () => send({ type: 'PAUSE' }),
    toggle: () => send({ type: playing ? 'PAUSE' : 'PLAY' }),
  };
}
export type CineView = ReturnType<typeof connectCine>;
