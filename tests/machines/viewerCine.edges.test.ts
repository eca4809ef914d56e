// @vitest-environment node
/**
 * The cine player inside the viewer chart (issue 25 §4): the real viewer with the real player,
 * the study and the images answered by hand, time on a simulated clock.
 */
import { vi, describe, expect, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import { connectCine } from '../../machines/cine/cine.connect';
import type { CineMachine } from '../../machines/cine/cine.machine';
import { DEFAULT_FRAME_TIME_MS } from '../../machines/cine/cine.types';
import { nextInClip } from '../../machines/cine/cineStack';
import { loadOrder, planLoads } from '../../machines/viewer/loadPlan';
import { connectViewer } from '../../machines/viewer/viewer.connect';
import { viewerMachine } from '../../machines/viewer/viewer.machine';
import { viewerFixtures, viewerInput } from '../../machines/viewer/viewer.model';
import type { ImageRef, LoadedStudy, SeriesStack } from '../../machines/viewer/viewer.types';
import { flush, startChart } from './modelHarness';

const FRAME_TIME_MS = 66;
const frames = (sopUid: string, count: number): ImageRef[] =>
  Array.from({ length: count }, (_, i) => ({ key: `${sopUid}:${i + 1}`, sopUid, frame: i + 1, frames: count }));
const clip: SeriesStack = { seriesUid: '1.2.840.5.1', seriesNumber: 1, modality: 'US', description: 'Liver cine', thumbnailUrl: null, images: frames('1.2.840.5.1.1', 3) };
const ct = viewerFixtures.study.series[0]!;
const study = { ...viewerFixtures.study, series: [clip, ct] };
const loaded: LoadedStudy = { study, findings: null, places: [], archive: null };
const query = { ...viewerFixtures.query, showAi: null };

async function openClip(options: { reducedMotion?: boolean; series?: SeriesStack[]; loaded?: LoadedStudy; showAi?: string; cacheBytes?: number } = {}) {
  const actions = { reportFailure: vi.fn(), dropImages: vi.fn() };
  const started = startChart(viewerMachine, {
    input: { ...viewerInput, concurrency: 3, cacheBytes: options.cacheBytes ?? 10_000, reducedMotion: options.reducedMotion ?? false },
    fake: ['loadStudy', 'loadImage'],
    provide: () => ({ actions }),
  });
  started.actor.send({ type: 'OPEN', query: { ...query, showAi: options.showAi ?? null } });
  started.fakes.loadStudy!.resolve(options.loaded ?? { ...loaded, study: { ...study, series: options.series ?? study.series } });
  await flush();
  const viewer = () => connectViewer(started.actor.getSnapshot() as never, started.actor.send);
  const cine = () => {
    const ref = viewer().cine as ActorRefFrom<CineMachine>;
    return connectCine(ref.getSnapshot(), ref.send);
  };
  const decode = (key: string, frameTimeMs: number | null = FRAME_TIME_MS) => started.actor.send({ type: 'IMAGE_LOADED', key, bytes: 100, frameTimeMs });
  const wait = async (ms: number) => {
    started.clock.increment(ms);
    await flush();
  };
  return { ...started, actions, viewer, cine, decode, wait, slice: () => viewer().current!.index };
}

describe('cine in the viewer', () => {
  it('plays the clip at its file\'s frame time, looping, once its frames are decoded', async () => {
    const { cine, decode, wait, slice } = await openClip();
    expect(cine()).toMatchObject({ hasClip: true, state: 'waiting' });
    decode(clip.images[0]!.key);
    expect(cine()).toMatchObject({ state: 'playing', frameTimeMs: FRAME_TIME_MS });
    decode(clip.images[1]!.key);
    decode(clip.images[2]!.key);
    // Timing began when the first frame was drawn: 65 ms later it is still on screen.
    await wait(FRAME_TIME_MS - 1);
    expect(slice()).toBe(0);
    await wait(1);
    expect(slice()).toBe(1);
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(2);
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(0);
    expect(cine().state).toBe('playing');
  });

  it('holds on a frame until the next is decoded, then moves on at once', async () => {
    const { actor, cine, decode, wait, slice } = await openClip();
    decode(clip.images[0]!.key);
    await wait(FRAME_TIME_MS * 3);
    expect(slice()).toBe(0);
    expect(cine().state).toBe('waiting');
    // A step the player asked for late, or twice, never lands on a frame that is not there.
    actor.send({ type: 'CINE_ADVANCE' });
    expect(slice()).toBe(0);
    decode(clip.images[1]!.key);
    expect(slice()).toBe(1);
    expect(cine().state).toBe('playing');
  });

  it('stops on a frame that failed, with its message', async () => {
    const { actor, cine, decode, wait, slice, viewer } = await openClip();
    decode(clip.images[0]!.key);
    actor.send({ type: 'IMAGE_FAILED', key: clip.images[1]!.key, problem: 'corrupt' });
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(1);
    expect(viewer().imageProblem).toBe('corrupt');
    expect(cine().state).toBe('paused');
  });

  it('pauses when the patient swipes or scrubs, and plays again from there', async () => {
    const { actor, cine, decode, wait, slice } = await openClip();
    for (const image of clip.images) decode(image.key);
    actor.send({ type: 'GO_TO_SLICE', index: 2 });
    expect(cine().state).toBe('paused');
    await wait(FRAME_TIME_MS * 3);
    expect(slice()).toBe(2);
    cine().play();
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(0);
    actor.send({ type: 'STEP_SLICE', by: 1 });
    expect(cine().state).toBe('paused');
  });

  it('stops the clip for another series, and a clip shown again opens playing', async () => {
    const { actor, cine, decode, wait, slice } = await openClip();
    for (const image of clip.images) decode(image.key);
    actor.send({ type: 'SELECT_SERIES', index: 1 });
    expect(cine()).toMatchObject({ hasClip: false, state: 'still' });
    await wait(FRAME_TIME_MS * 2);
    expect(slice()).toBe(0);
    actor.send({ type: 'SELECT_SERIES', index: 0 });
    // Its frames are still decoded, and its frame time remembered.
    expect(cine()).toMatchObject({ state: 'playing', frameTimeMs: FRAME_TIME_MS });
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(1);
  });

  it('opens paused for reduced motion', async () => {
    const { cine, decode, wait, slice } = await openClip({ reducedMotion: true });
    for (const image of clip.images) decode(image.key);
    expect(cine().state).toBe('paused');
    await wait(FRAME_TIME_MS * 2);
    expect(slice()).toBe(0);
  });

  it('stays paused on the AI finding\'s frame a study opened on', async () => {
    const mark = { findingId: 'f1', seriesUid: clip.seriesUid, sopUid: clip.images[0]!.sopUid, frame: 2, shape: 'box' as const, x: 1, y: 1, width: 2, height: 2, label: 'Lesion' };
    const { cine, decode, wait, slice } = await openClip({ showAi: 'true', loaded: { study, findings: [mark], places: [viewerFixtures.placeOf(mark)], archive: null } });
    for (const image of clip.images) decode(image.key);
    expect(slice()).toBe(1);
    expect(cine().state).toBe('paused');
    await wait(FRAME_TIME_MS * 2);
    expect(slice()).toBe(1);
  });

  it('plays an ultrasound file without a rate at the default, and offers nothing for a stack of slices', async () => {
    const { cine, decode } = await openClip();
    decode(clip.images[0]!.key, null);
    expect(cine().frameTimeMs).toBe(DEFAULT_FRAME_TIME_MS);
    const mr = await openClip({ series: [{ ...clip, modality: 'MR' }] });
    mr.decode(clip.images[0]!.key, null);
    expect(mr.cine().hasClip).toBe(false);
    mr.decode(clip.images[1]!.key, 40);
    expect(mr.cine().hasClip).toBe(true);
  });

  it('loads a clip\'s frames ahead of the one on screen and round the loop; other stacks outward', () => {
    expect(loadOrder(clip, 1)).toEqual([1, 2, 0]);
    expect(loadOrder({ ...clip, modality: 'MR' }, 1)).toEqual([1, 2, 0]);
    expect(loadOrder({ ...clip, modality: 'MR', images: frames('m', 4) }, 1)).toEqual([1, 2, 0, 3]);
    expect(loadOrder({ ...clip, images: [...frames('a', 2), ...frames('b', 2)] }, 1)).toEqual([1, 2, 0, 3]);
    // A clip longer than the cache: at its last frame, the first ones are wanted next, and the frames just behind go first.
    const long = { ...clip, images: frames('long', 6) };
    const ready = (keys: number[]) => Object.fromEntries(keys.map((i) => [long.images[i]!.key, { status: 'ready' as const, bytes: 100 }]));
    const plan = planLoads({ study: { ...study, series: [long] }, seriesIndex: 0, sliceIndex: 5, images: ready([3, 4, 5]), concurrency: 2, cacheBytes: 300 });
    expect(plan.start.map((image) => image.frame)).toEqual([1, 2]);
    expect(plan.evict).toEqual([long.images[4]!.key, long.images[3]!.key]);
  });

  it('loops each clip of a series within its own frames', () => {
    const two = [...frames('a', 2), ...frames('b', 3)];
    expect([0, 1, 2, 3, 4].map((i) => nextInClip(two, i))).toEqual([1, 0, 3, 4, 2]);
    expect(nextInClip(frames('single', 1), 0)).toBe(0);
  });
});

describe('cine in the viewer, told of every move and every answer', () => {
  /** A clip of four frames with AI findings on its frames 2 and 4. */
  const four: SeriesStack = { ...clip, images: frames(clip.images[0]!.sopUid, 4) };
  const mark = (frame: number) => ({ findingId: `f${frame}`, seriesUid: four.seriesUid, sopUid: four.images[0]!.sopUid, frame, shape: 'box' as const, x: 1, y: 1, width: 2, height: 2, label: `Lesion ${frame}` });
  const onFindings = () =>
    openClip({ showAi: 'true', loaded: { study: { ...study, series: [four, ct] }, findings: [mark(2), mark(4)], places: [viewerFixtures.placeOf(mark(2)), viewerFixtures.placeOf(mark(4))], archive: null } });

  it.each(['NEXT_FINDING', 'PREVIOUS_FINDING'] as const)('after %s, play waits for the finding\'s frame, not the one left', async (type) => {
    const { actor, cine, decode, slice } = await onFindings();
    expect(slice()).toBe(1);
    decode(four.images[1]!.key);
    actor.send({ type });
    expect(slice()).toBe(3);
    cine().play();
    expect(cine().state).toBe('waiting');
  });

  it('back on the finding, play waits for its frame, not the one scrolled to', async () => {
    const { actor, cine, decode, slice } = await onFindings();
    actor.send({ type: 'GO_TO_SLICE', index: 0 });
    decode(four.images[0]!.key);
    actor.send({ type: 'GO_TO_FINDING' });
    expect(slice()).toBe(1);
    cine().play();
    expect(cine().state).toBe('waiting');
  });

  it('stops on a frame that timed out, with its message', async () => {
    const { cine, decode, wait, slice, viewer } = await openClip();
    decode(clip.images[0]!.key);
    await wait(30_000);
    expect(slice()).toBe(1);
    expect(viewer().imageProblem).toBe('timeout');
    expect(cine().state).toBe('paused');
  });

  it('after "try again" on a failed frame, play waits for it to come', async () => {
    const { actor, cine, decode, wait, slice, viewer } = await openClip();
    decode(clip.images[0]!.key);
    actor.send({ type: 'IMAGE_FAILED', key: clip.images[1]!.key, problem: 'network' });
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(1);
    viewer().retryImage();
    cine().play();
    expect(cine().state).toBe('waiting');
  });

  it('knows a clip whatever the case of its modality', () => {
    expect(loadOrder({ ...four, modality: 'us' }, 3)).toEqual([3, 0, 1, 2]);
  });

  it('a clip longer than the cache asks for the frame after next as it plays, dropping the one behind', async () => {
    const five: SeriesStack = { ...clip, images: frames(clip.images[0]!.sopUid, 5) };
    const { actions, decode, recorder, wait, slice } = await openClip({ series: [five], cacheBytes: 300 });
    for (const image of five.images.slice(0, 3)) decode(image.key);
    const asked = () => (recorder.callsOf('loadImage') as Array<{ key: string }>).map((request) => request.key);
    expect(asked()).toEqual(five.images.slice(0, 3).map((image) => image.key));
    await wait(FRAME_TIME_MS);
    expect(slice()).toBe(1);
    expect(asked()).toEqual(five.images.slice(0, 4).map((image) => image.key));
    expect(actions.dropImages).toHaveBeenLastCalledWith(expect.anything(), { keys: [five.images[0]!.key] });
  });
});
