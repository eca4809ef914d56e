// @vitest-environment node
/**
 * The cine player's edges (issue 25 §4), as the play/pause control and the viewer see them: the
 * exact event each intent of the control sends, which instances are clips, and how a clip opens
 * after the patient moved or on a frame that failed. The chart is driven by the events the viewer
 * sends it (FRAMES, MOVED, FRAME_TIME) and observed through its connect object.
 */
import { describe, expect, it, vi } from 'vitest';
import { connectCine } from '../../machines/cine/cine.connect';
import { cineMachine } from '../../machines/cine/cine.machine';
import type { CineFrames, CineInput, CineInstance } from '../../machines/cine/cine.types';
import { startChart } from './modelHarness';

const clip: CineInstance = { sopUid: '1.2.840.7.1', modality: 'US', frames: 12 };
const ct: CineInstance = { sopUid: '1.2.840.7.2', modality: 'CT', frames: 1 };
const frames = (instance: CineInstance, current: CineFrames['current'] = 'ready', next: CineFrames['next'] = 'ready'): CineFrames => ({ instance, current, next });
const input = (instance: CineInstance, more: Partial<CineInput> = {}): CineInput => ({ ...frames(instance, 'pending', 'pending'), reducedMotion: false, held: false, ...more });

function start(startInput: CineInput) {
  const advance = vi.fn<() => void>();
  const started = startChart(cineMachine, { input: startInput, provide: () => ({ actions: { advance } }) });
  const view = () => connectCine(started.actor.getSnapshot() as never, started.actor.send);
  return { ...started, view, advance };
}

describe('the play/pause control', () => {
  it('sends play, pause, and for toggle the one the clip needs', () => {
    const { actor, view } = start(input(clip));
    const send = vi.fn();
    const control = () => connectCine(actor.getSnapshot() as never, send);
    control().play();
    control().pause();
    expect(send.mock.calls).toEqual([[{ type: 'PLAY' }], [{ type: 'PAUSE' }]]);
    // Waiting for its first frame, the clip counts as playing: toggle pauses it.
    expect(view()).toMatchObject({ state: 'waiting', playing: true });
    send.mockClear();
    control().toggle();
    expect(send.mock.calls).toEqual([[{ type: 'PAUSE' }]]);
    view().pause();
    expect(view()).toMatchObject({ state: 'paused', playing: false, hasClip: true });
    send.mockClear();
    control().toggle();
    expect(send.mock.calls).toEqual([[{ type: 'PLAY' }]]);
  });

  it('pause stops a clip that is showing a frame, and it stays on that frame', () => {
    const { actor, view, advance, clock } = start(input(clip));
    actor.send({ type: 'FRAMES', ...frames(clip) });
    expect(view().state).toBe('playing');
    view().pause();
    expect(view()).toMatchObject({ state: 'paused', playing: false });
    clock.increment(1000);
    expect(advance).not.toHaveBeenCalled();
  });
});

describe('what is a clip', () => {
  it.each(['US', 'XA', 'XRF'])('a %s object of several frames plays when it opens, with no frame time from its file', (modality) => {
    const instance = { ...clip, modality };
    const { actor, view, advance, clock } = start(input(instance));
    expect(view()).toMatchObject({ hasClip: true, playing: true, state: 'waiting' });
    actor.send({ type: 'FRAMES', ...frames(instance) });
    clock.increment(40);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it('a single ultrasound image has nothing to play, even when its file gives a frame time', () => {
    const single = { ...clip, frames: 1 };
    const { actor, view } = start(input(single));
    expect(view()).toMatchObject({ hasClip: false, state: 'still' });
    actor.send({ type: 'FRAME_TIME', sopUid: single.sopUid, frameTimeMs: 33 });
    actor.send({ type: 'FRAMES', ...frames(single) });
    expect(view()).toMatchObject({ hasClip: false, state: 'still' });
  });

  it('frames of a CT or MR are slices until their own file gives a frame time', () => {
    const mr = { ...clip, modality: 'MR' };
    const { actor, view } = start(input(mr));
    actor.send({ type: 'FRAME_TIME', sopUid: ct.sopUid, frameTimeMs: 33 });
    expect(view().hasClip).toBe(false);
    actor.send({ type: 'FRAME_TIME', sopUid: mr.sopUid, frameTimeMs: 33 });
    expect(view()).toMatchObject({ hasClip: true, frameTimeMs: 33 });
  });
});

describe('the frame time a file gives', () => {
  it('is not believed when it is infinite, and the clip plays at the default', () => {
    const { actor, view } = start(input(clip));
    for (const frameTimeMs of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) actor.send({ type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs });
    expect(view().frameTimeMs).toBe(40);
  });
});

describe('how a clip opens', () => {
  it('after the patient moved, another series and back opens the clip playing again', () => {
    const { actor, view } = start(input(clip));
    actor.send({ type: 'MOVED', ...frames(clip) });
    expect(view().state).toBe('paused');
    actor.send({ type: 'FRAMES', ...frames(ct) });
    expect(view()).toMatchObject({ hasClip: false, state: 'still' });
    actor.send({ type: 'FRAMES', ...frames(clip) });
    expect(view()).toMatchObject({ hasClip: true, state: 'playing' });
  });

  it('opened on a finding\'s frame, it stays paused while its frames arrive, and another clip opens playing', () => {
    const other = { ...clip, sopUid: '1.2.840.7.3' };
    const { actor, view } = start(input(clip, { held: true }));
    actor.send({ type: 'FRAMES', ...frames(clip) });
    expect(view().state).toBe('paused');
    actor.send({ type: 'FRAMES', ...frames(other) });
    expect(view().state).toBe('playing');
  });

  it('a clip whose frame on screen failed stops on its message, and play does not start it', () => {
    const { actor, view, advance, clock } = start(input(clip));
    actor.send({ type: 'FRAMES', ...frames(clip, 'failed', 'ready') });
    expect(view()).toMatchObject({ state: 'paused', playing: false, hasClip: true });
    view().play();
    clock.increment(1000);
    expect(view().state).toBe('paused');
    expect(advance).not.toHaveBeenCalled();
  });

  it('moves to a failed next frame once, and stops there', () => {
    const { actor, view, advance, clock } = start(input(clip));
    actor.send({ type: 'FRAMES', ...frames(clip, 'ready', 'failed') });
    clock.increment(40);
    expect(advance).toHaveBeenCalledTimes(1);
    expect(view().state).toBe('paused');
    // Play again on the failed frame: it is on screen now, so the clip does not move.
    view().play();
    clock.increment(1000);
    expect(advance).toHaveBeenCalledTimes(1);
    expect(view().state).toBe('paused');
  });

  it('after its own step, waits to be told the frame after is there', () => {
    const { actor, view, advance, clock } = start(input(clip));
    actor.send({ type: 'FRAMES', ...frames(clip) });
    clock.increment(40);
    expect(advance).toHaveBeenCalledTimes(1);
    clock.increment(1000);
    expect(advance).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ state: 'waiting', playing: true });
  });
});

describe('started bare (the QA panel starts every chart so)', () => {
  it('has nothing on screen: no clip, nothing playing, and it still hears what the viewer says', () => {
    const { actor, view } = start({} as CineInput);
    expect(actor.getSnapshot().status).toBe('active');
    expect(view()).toMatchObject({ hasClip: false, playing: false });
    actor.send({ type: 'FRAMES', ...frames(clip, 'pending', 'pending') });
    expect(view()).toMatchObject({ hasClip: true, playing: true });
  });
});
