// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { connectCine } from '../../machines/cine/cine.connect';
import { cineMachine } from '../../machines/cine/cine.machine';
import { cineEvents, cineFixtures, cineInput, cineOtherInputs } from '../../machines/cine/cine.model';
import { cineOracle } from '../../machines/cine/cine.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'cine',
  machine: cineMachine,
  events: cineEvents as never,
  input: cineInput,
  otherInputs: cineOtherInputs,
  pinnedPaths: 3454,
  oracle: cineOracle,
  start: (input) => startChart(cineMachine, { input }),
});

describe('cine player, details', () => {
  const { frames, FILE_FRAME_TIME_MS, clip } = cineFixtures;
  function start(input = cineInput) {
    const started = startChart(cineMachine, { input });
    const view = () => connectCine(started.actor.getSnapshot() as never, started.actor.send);
    return { ...started, view };
  }

  it('the control toggles between play and pause, and says the rate it plays at', () => {
    const { actor, view } = start();
    actor.send({ type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs: FILE_FRAME_TIME_MS });
    actor.send({ type: 'FRAMES', ...frames('ready', 'ready') });
    expect(view()).toMatchObject({ state: 'playing', playing: true, hasClip: true, frameTimeMs: FILE_FRAME_TIME_MS });
    view().toggle();
    expect(view()).toMatchObject({ state: 'paused', playing: false });
    view().toggle();
    expect(view().state).toBe('playing');
    view().pause();
    view().play();
    expect(view().state).toBe('playing');
  });

  it('believes no frame time of 0, below 0, not a number or above a minute', () => {
    const { actor, view } = start();
    for (const frameTimeMs of [0, -5, Number.NaN, 60_001]) actor.send({ type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs });
    expect(view().frameTimeMs).toBe(40);
    actor.send({ type: 'FRAME_TIME', sopUid: clip.sopUid, frameTimeMs: 60_000 });
    expect(view().frameTimeMs).toBe(60_000);
  });

  it('a frame time of another instance is kept for it, not used for the clip on screen', () => {
    const { actor, view } = start();
    actor.send({ type: 'FRAME_TIME', sopUid: '9.9', frameTimeMs: 20 });
    expect(view().frameTimeMs).toBe(40);
    actor.send({ type: 'FRAMES', instance: { ...clip, sopUid: '9.9', modality: 'OT' }, current: 'ready', next: 'ready' });
    expect(view()).toMatchObject({ hasClip: true, frameTimeMs: 20 });
  });
});
