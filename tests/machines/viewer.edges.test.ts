// @vitest-environment node
/**
 * What the viewer's model-based paths leave open: the link's rules, the WADO-URI request, the load
 * plan on stacks longer than the model's, the watchdog's exact delay, what is dropped from the
 * cache, and the viewport child hearing of a series change.
 */
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { outward, planLoads, type PlanInput } from '../../machines/viewer/loadPlan';
import { connectViewer } from '../../machines/viewer/viewer.connect';
import { loadId, viewerMachine } from '../../machines/viewer/viewer.machine';
import { viewerFixtures, viewerInput } from '../../machines/viewer/viewer.model';
import { dicomWebUrl, imageKey, isArchiveAllowed, readViewerParams, wadoRsInstance, wadoUri, type ImageRequest, type ImageState, type StudyStack } from '../../machines/viewer/viewer.types';
import { viewerViewportMachine, type ViewerViewportMachine } from '../../machines/viewer/viewerViewport.machine';
import type { ActorRefFrom } from 'xstate';
import { flush, startChart, type ControllablePromise } from './modelHarness';

const { loaded, query, a1, a2, b1, finding } = viewerFixtures;
const APP = 'http://localhost';

describe('the link', () => {
  it('reads the six parameters of spec section 4, showAi only when "true"', () => {
    expect(readViewerParams({ ...query }, APP)).toEqual({
      wadoUrl: 'https://pacs.example.org/wado',
      studyUid: query.studyuid,
      hospId: 'H1',
      showAi: true,
      checkWay: '2',
      result: '2',
      seriesUid: null,
      findingId: null,
    });
    expect(readViewerParams({ ...query, series: ' 1.2.3 ' }, APP)?.seriesUid).toBe('1.2.3');
    expect(readViewerParams({ ...query, finding: ' n2 ' }, APP)?.findingId).toBe('n2');
    expect(readViewerParams({ ...query, showAi: 'TRUE' }, APP)?.showAi).toBe(false);
    expect(readViewerParams({ ...query, showAi: null, hospid: null, checkWay: null, result: null }, APP)).toMatchObject({ showAi: false, hospId: '', checkWay: '', result: '' });
  });

  it('trims what it reads, and takes a study UID of up to 64 characters with parts of many digits', () => {
    const uid = `12.${'3'.repeat(61)}`;
    expect(uid).toHaveLength(64);
    expect(readViewerParams({ ...query, studyuid: ` ${uid} `, wadourl: ' /sandbox/wado ', hospid: ' H1 ' }, APP)).toMatchObject({
      studyUid: uid,
      wadoUrl: 'http://localhost/sandbox/wado',
      hospId: 'H1',
    });
  });

  it('reads a relative archive address against the app\'s own origin', () => {
    expect(readViewerParams({ ...query, wadourl: '/sandbox/wado' }, APP)?.wadoUrl).toBe('http://localhost/sandbox/wado');
  });

  it.each([
    ['no study UID', { studyuid: null }],
    ['a study UID that only ends like one', { studyuid: 'x1.2' }],
    ['no archive parameter', { wadourl: null }],
    ['an archive address that does not parse', { wadourl: 'http://' }],
    ['a study UID with letters', { studyuid: '1.2.abc' }],
    ['a study UID longer than 64 characters', { studyuid: `1.${'2'.repeat(63)}` }],
    ['no archive', { wadourl: '' }],
    ['an archive of spaces only', { wadourl: '   ' }],
    ['an archive that is not a web address', { wadourl: 'javascript:alert(1)' }],
    ['an archive of another scheme', { wadourl: 'ftp://pacs.example.org/wado' }],
  ])('refuses %s', (_name, change) => {
    expect(readViewerParams({ ...query, ...change }, APP)).toBeNull();
  });

  it('allows the app\'s own origin and the configured ones, by origin only', () => {
    const configured = ['https://pacs.example.org/', 'not a url'];
    expect(isArchiveAllowed('http://localhost/sandbox/wado', APP, configured)).toBe(true);
    expect(isArchiveAllowed('https://pacs.example.org/other/path?x=1', APP, configured)).toBe(true);
    expect(isArchiveAllowed('https://pacs.example.org:8443/wado', APP, configured)).toBe(false);
    expect(isArchiveAllowed('http://pacs.example.org/wado', APP, configured)).toBe(false);
    expect(isArchiveAllowed('https://evil.example.com/wado', APP, configured)).toBe(false);
  });

  it('names an image by its instance and frame', () => {
    expect(imageKey('1.2.3', 4)).toBe('1.2.3:4');
  });

  it('asks each image with a standard WADO-URI request as PS3.18 writes it (the media type\'s slash literal), keeping the archive\'s own query as written', () => {
    expect(wadoUri('https://pacs.example.org/wado?site=3', { studyUid: '1.2', seriesUid: '1.2.3', sopUid: '1.2.3.4' })).toBe(
      'https://pacs.example.org/wado?site=3&requestType=WADO&studyUID=1.2&seriesUID=1.2.3&objectUID=1.2.3.4&contentType=application/dicom',
    );
    // The archive's own parameters are not re-encoded; ours replace any it already names.
    expect(wadoUri('https://pacs.example.org/wado?ae=PACS%201&contentType=image%2Fjpeg&requestType=X', { studyUid: '1', seriesUid: '2', sopUid: '3' })).toBe(
      'https://pacs.example.org/wado?ae=PACS%201&requestType=WADO&studyUID=1&seriesUID=2&objectUID=3&contentType=application/dicom',
    );
    expect(wadoUri('https://pacs.example.org/wado?contentType=image%2Fjpeg&site=3', { studyUid: '1', seriesUid: '2', sopUid: '3' })).toBe(
      'https://pacs.example.org/wado?site=3&requestType=WADO&studyUID=1&seriesUID=2&objectUID=3&contentType=application/dicom',
    );
    expect(wadoUri('https://pacs.example.org/wado', { studyUid: '1', seriesUid: '2', sopUid: '3' })).toBe(
      'https://pacs.example.org/wado?requestType=WADO&studyUID=1&seriesUID=2&objectUID=3&contentType=application/dicom',
    );
  });
});

/** A study of one series of `count` images of 100 bytes each. */
function stack(count: number, more: StudyStack['series'] = []): StudyStack {
  const images = Array.from({ length: count }, (_, i) => ({ key: `s${i}`, sopUid: `1.${i}`, frame: 1, frames: 1 }));
  return { ...loaded.study, series: [{ ...loaded.study.series[0]!, images }, ...more] };
}
const plan = (input: Partial<PlanInput> & { study: StudyStack }) =>
  planLoads({ seriesIndex: 0, sliceIndex: 0, images: {}, concurrency: 3, cacheBytes: 1_000, ...input });
const ready: ImageState = { status: 'ready', bytes: 100 };
const keys = (refs: Array<{ key: string }>) => refs.map((ref) => ref.key);

describe('the load plan', () => {
  it('walks outward from the slice on screen, forward first', () => {
    expect(outward(5, 2)).toEqual([2, 3, 1, 4, 0]);
    expect(outward(3, 0)).toEqual([0, 1, 2]);
    expect(outward(3, 2)).toEqual([2, 1, 0]);
    expect(outward(1, 0)).toEqual([0]);
  });

  it('fetches the slice on screen alone, then its nearest neighbours, a few at a time', () => {
    expect(keys(plan({ study: stack(10), sliceIndex: 4 }).start)).toEqual(['s4']);
    expect(keys(plan({ study: stack(10), sliceIndex: 4, images: { s4: { status: 'loading' } } }).start)).toEqual([]);
    expect(keys(plan({ study: stack(10), sliceIndex: 4, images: { s4: ready } }).start)).toEqual(['s5', 's3', 's6']);
    expect(keys(plan({ study: stack(10), sliceIndex: 4, images: { s4: ready, s5: { status: 'loading' } } }).start)).toEqual(['s3', 's6']);
  });

  it('keeps only as many images as the cache holds, nearest first', () => {
    const images = { s0: ready, s1: ready, s2: ready };
    expect(plan({ study: stack(10), images, cacheBytes: 300 })).toEqual({ start: [], abandon: [], evict: [] });
    expect(keys(plan({ study: stack(10), images, cacheBytes: 500 }).start)).toEqual(['s3', 's4']);
  });

  it('after a jump, stops what is no longer wanted and drops the farthest images to make room', () => {
    const result = plan({ study: stack(10), sliceIndex: 9, cacheBytes: 300, images: { s0: ready, s1: ready, s2: ready, s3: { status: 'loading' } } });
    expect(result.abandon).toEqual(['s3']);
    expect(keys(result.start)).toEqual(['s9']);
    expect(result.evict).toEqual(['s0']);
    const settled = plan({ study: stack(10), sliceIndex: 9, cacheBytes: 300, images: { s1: ready, s2: ready, s9: ready } });
    expect(keys(settled.start)).toEqual(['s8', 's7']);
    expect(settled.evict).toEqual(['s1', 's2']);
  });

  it('lets the farthest load give way when the slice on screen would wait', () => {
    const result = plan({ study: stack(10), concurrency: 2, images: { s5: { status: 'loading' }, s6: { status: 'loading' } } });
    expect(result.abandon).toEqual(['s6']);
    expect(keys(result.start)).toEqual(['s0']);
  });

  it('counts what decoded images really take, and nothing for a failed one', () => {
    // s0 takes 100 and s2 300: with the real sizes s1 (estimated at 200) still fits in 300.
    expect(keys(plan({ study: stack(4), cacheBytes: 300, images: { s0: ready, s2: { status: 'ready', bytes: 300 } } }).start)).toEqual(['s1']);
    // A failed s1 takes no room: s2 fits beside s0.
    expect(keys(plan({ study: stack(4), cacheBytes: 200, images: { s0: ready, s1: { status: 'failed', problem: 'corrupt' } } }).start)).toEqual(['s2']);
  });

  it('keeps loading the slice on screen even when it alone is more than the cache', () => {
    const result = plan({ study: stack(3), sliceIndex: 1, cacheBytes: 50, images: { s0: ready, s1: { status: 'loading' } } });
    expect(result.abandon).toEqual([]);
  });

  it('lets the farthest loads give way, whatever order they started in', () => {
    const result = plan({ study: stack(10), concurrency: 2, images: { s6: { status: 'loading' }, s3: { status: 'loading' }, s5: { status: 'loading' } } });
    expect(result.abandon).toEqual(['s5', 's6']);
    expect(keys(result.start)).toEqual(['s0']);
  });

  it('drops the farthest decoded image first', () => {
    const result = plan({ study: stack(10), cacheBytes: 250, images: { s5: ready, s9: ready } });
    expect(result.evict).toEqual(['s9']);
  });

  it('drops only decoded images', () => {
    const result = plan({ study: stack(10), sliceIndex: 9, cacheBytes: 150, images: { s0: { status: 'failed', problem: 'truncated' }, s5: ready } });
    expect(result.evict).toEqual(['s5']);
  });

  it('does not try a failed image again by itself', () => {
    expect(keys(plan({ study: stack(3), images: { s0: { status: 'failed', problem: 'truncated' } } }).start)).toEqual(['s1', 's2']);
  });

  it('drops the images of other series before those of the series on screen', () => {
    const other = { ...loaded.study.series[1]!, images: [{ key: 'o0', sopUid: '9.0', frame: 1, frames: 1 }] };
    const result = plan({ study: stack(4, [other]), sliceIndex: 0, cacheBytes: 300, images: { o0: ready, s3: ready, s0: ready, s1: ready } });
    expect(result.evict[0]).toBe('o0');
  });
});

function startViewer(input = viewerInput, fake: readonly string[] = ['loadStudy', 'loadImage', 'viewport']) {
  const actions = { reportFailure: vi.fn(), dropImages: vi.fn() };
  const started = startChart(viewerMachine, { input, fake, provide: () => ({ actions }) });
  const fakes = started.fakes as Record<string, ControllablePromise<unknown>>;
  const requests = () => started.recorder.callsOf('loadImage') as ImageRequest[];
  const view = () => connectViewer(started.actor.getSnapshot() as never, started.actor.send);
  return { ...started, fakes, actions, requests, view };
}

async function opened(input = viewerInput, fake?: readonly string[]) {
  const started = startViewer(input, fake);
  started.actor.send({ type: 'OPEN', query });
  started.fakes.loadStudy!.resolve(loaded);
  await flush();
  return started;
}

describe('the viewer chart, edges', () => {
  it('asks the first image of the study from the archive of the link', async () => {
    const { requests } = await opened();
    expect(requests()).toEqual([
      {
        key: a1.key,
        protocol: 'wadoUri',
        url: wadoUri('https://pacs.example.org/wado', { studyUid: loaded.study.studyUid, seriesUid: loaded.study.series[0]!.seriesUid, sopUid: a1.sopUid }),
        sopUid: a1.sopUid,
        frame: 1,
        frames: 1,
      },
    ]);
  });

  it('asks by the standard the image list names: WADO-RS under its DICOMweb root (a signature on the root kept), WADO-URI at its address', async () => {
    const uids = { studyUid: loaded.study.studyUid, seriesUid: loaded.study.series[0]!.seriesUid, sopUid: a1.sopUid };
    const archives = [
      [{ protocol: 'wadoRs', root: 'https://pacs.example.org/dicom-web/' }, 'wadoRs', `https://pacs.example.org/dicom-web/studies/${uids.studyUid}/series/${uids.seriesUid}/instances/${uids.sopUid}`],
      [{ protocol: 'wadoRs', root: 'http://localhost/sandbox/dicom-web?exp=1&sig=x' }, 'wadoRs', `http://localhost/sandbox/dicom-web/studies/${uids.studyUid}/series/${uids.seriesUid}/instances/${uids.sopUid}?exp=1&sig=x`],
      [{ protocol: 'wadoUri', url: 'https://pacs.example.org/other/wado' }, 'wadoUri', wadoUri('https://pacs.example.org/other/wado', uids)],
    ] as const;
    for (const [archive, protocol, url] of archives) {
      const { actor, fakes, requests } = startViewer();
      actor.send({ type: 'OPEN', query });
      fakes.loadStudy!.resolve({ ...loaded, archive });
      await flush();
      expect(requests()[0]).toMatchObject({ key: a1.key, protocol, url });
    }
    expect(wadoRsInstance('https://pacs.example.org/dicom-web', uids)).toBe(dicomWebUrl('https://pacs.example.org/dicom-web//', 'studies', uids.studyUid, 'series', uids.seriesUid, 'instances', uids.sopUid));
  });

  it('refuses an image list that names an archive the configuration does not allow, or no web address at all', async () => {
    for (const archive of [{ protocol: 'wadoRs', root: 'https://elsewhere.example.com/dicom-web' }, { protocol: 'wadoUri', url: 'not an address' }] as const) {
      const { actor, fakes, requests, view } = startViewer();
      actor.send({ type: 'OPEN', query });
      fakes.loadStudy!.resolve({ ...loaded, archive });
      await flush();
      expect(view()).toMatchObject({ state: 'refused', problem: 'archiveRefused' });
      expect(requests()).toEqual([]);
    }
  });

  it('opens an archive of its own origin too, and reports a failed list to the catalogue', async () => {
    const { actor, fakes, actions, view } = startViewer();
    actor.send({ type: 'OPEN', query: { ...query, wadourl: '/sandbox/wado', showAi: 'false' } });
    expect(fakes.loadStudy!.inputs).toEqual([{ studyUid: query.studyuid, hospId: 'H1', withFindings: false }]);
    const error = new Error('offline');
    fakes.loadStudy!.reject(error);
    await flush();
    expect(actions.reportFailure).toHaveBeenCalledWith(expect.anything(), { error });
    expect(view().state).toBe('failed');
  });

  it('gives an image 30 s: at 29 999 ms it is still on its way, at 30 000 ms it is a timeout and its fetch is stopped', async () => {
    const { clock, view, fakes } = await opened();
    clock.increment(29_999);
    expect(view().state).toBe('imageLoading');
    clock.increment(1);
    expect(view()).toMatchObject({ state: 'imageFailed', imageProblem: 'timeout' });
    expect(fakes.loadImage!.stoppedRuns).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['network', true],
    ['timeout', true],
    ['archiveError', true],
    ['truncated', true],
    ['notFound', false],
    ['denied', false],
    ['crossOrigin', false],
    ['notDicom', false],
    ['corrupt', false],
    ['unsupportedSyntax', false],
    ['badDimensions', false],
    ['missingFrame', false],
  ] as const)('an image that failed with %s offers "try again": %s (only where asking again can help)', async (problem, offered) => {
    const { actor, view } = await opened();
    expect(view().canRetryImage).toBe(false);
    actor.send({ type: 'IMAGE_FAILED', key: a1.key, problem });
    expect(view()).toMatchObject({ state: 'imageFailed', imageProblem: problem, canRetryImage: offered });
  });

  it('an image that answered has no watchdog left', async () => {
    const { actor, clock, view } = await opened();
    actor.send({ type: 'IMAGE_LOADED', key: a1.key, bytes: 100 });
    actor.send({ type: 'IMAGE_LOADED', key: a2.key, bytes: 100 });
    clock.increment(60_000);
    expect(view().state).toBe('imageReady');
    expect(view().progress).toEqual({ ready: 2, total: 2, loading: false });
  });

  it('tells the app exactly which pixels to drop', async () => {
    const { actor, actions } = await opened();
    actor.send({ type: 'IMAGE_LOADED', key: a1.key, bytes: 100 });
    actor.send({ type: 'IMAGE_LOADED', key: a2.key, bytes: 100 });
    actor.send({ type: 'SELECT_SERIES', index: 1 });
    expect(actions.dropImages).toHaveBeenCalledTimes(1);
    // Both images of the series left are as far; the one held longest goes.
    expect(actions.dropImages.mock.calls[0]![1]).toEqual({ keys: [a1.key] });
    actor.send({ type: 'IMAGE_LOADED', key: b1.key, bytes: 100 });
    expect(actor.getSnapshot().context.images).toEqual({ [a2.key]: { status: 'ready', bytes: 100 }, [b1.key]: { status: 'ready', bytes: 100 } });
  });

  it('stops the load of a series left, by its id', async () => {
    const { actor } = await opened();
    expect(actor.getSnapshot().children[loadId(a1.key)]).toBeDefined();
    actor.send({ type: 'SELECT_SERIES', index: 1 });
    expect(actor.getSnapshot().children[loadId(a1.key)]).toBeUndefined();
    expect(actor.getSnapshot().children[loadId(b1.key)]).toBeDefined();
  });

  it('tells its viewport child of the new series\' modality', async () => {
    const { actor, view } = await opened(viewerInput, ['loadStudy', 'loadImage']);
    const viewport = () => view().viewport as ActorRefFrom<ViewerViewportMachine>;
    expect(viewport().getSnapshot().context).toMatchObject({ modality: 'CT', hasFindings: true, aiShown: true });
    viewport().send({ type: 'APPLY_PRESET', preset: 'lung' });
    actor.send({ type: 'SELECT_SERIES', index: 1 });
    expect(viewport().getSnapshot().context).toMatchObject({ modality: 'MR', preset: 'file', window: null });
  });

  it('gives the view the findings of the image on screen only', async () => {
    const { actor, view } = await opened();
    expect(view()).toMatchObject({ ai: 'available', findingsOnImage: [finding] });
    actor.send({ type: 'STEP_SLICE', by: 1 });
    expect(view().findingsOnImage).toEqual([]);
  });

  it('says the findings could not be had, and that a link without showAi asked for none', async () => {
    const { actor, fakes, view } = startViewer();
    actor.send({ type: 'OPEN', query });
    fakes.loadStudy!.resolve({ ...loaded, findings: null });
    await flush();
    expect(view().ai).toBe('unavailable');
    const plain = startViewer();
    plain.actor.send({ type: 'OPEN', query: { ...query, showAi: null } });
    plain.fakes.loadStudy!.resolve({ ...loaded, findings: null });
    await flush();
    expect(plain.view().ai).toBe('off');
  });

  it('clamps the scrubber and ignores a slice that is not a whole number', async () => {
    const { view } = await opened();
    view().goToSlice(99);
    expect(view().current?.index).toBe(1);
    view().goToSlice(0.5);
    expect(view().current?.index).toBe(1);
    view().stepSlice(-5);
    expect(view().current?.index).toBe(0);
  });

  it('a study whose series hold no images says so; an empty series among others is left out', async () => {
    const empty = startViewer();
    empty.actor.send({ type: 'OPEN', query });
    empty.fakes.loadStudy!.resolve({ ...loaded, study: { ...loaded.study, series: [{ ...loaded.study.series[0]!, images: [] }] } });
    await flush();
    expect(empty.view()).toMatchObject({ state: 'refused', problem: 'noImages' });
    expect(empty.actor.getSnapshot().status).toBe('done');
    const mixed = startViewer();
    mixed.actor.send({ type: 'OPEN', query });
    mixed.fakes.loadStudy!.resolve({ ...loaded, study: { ...loaded.study, series: [{ ...loaded.study.series[0]!, seriesUid: 'empty', images: [] }, ...loaded.study.series] } });
    await flush();
    expect(mixed.view().study?.series.map((series) => series.seriesUid)).toEqual(loaded.study.series.map((series) => series.seriesUid));
  });

  it('ignores a series that is not there', async () => {
    const { view } = await opened();
    view().selectSeries(-1);
    view().selectSeries(2);
    view().selectSeries(0.5);
    expect(view().seriesIndex).toBe(0);
    view().selectSeries(1);
    expect(view()).toMatchObject({ seriesIndex: 1, current: { key: b1.key, index: 0, count: 1 } });
  });

  it('lets go of a load that failed or timed out', async () => {
    const { actor, clock } = await opened();
    actor.send({ type: 'IMAGE_FAILED', key: a1.key, problem: 'corrupt' });
    expect(actor.getSnapshot().children[loadId(a1.key)]).toBeUndefined();
    expect(actor.getSnapshot().children[loadId(a2.key)]).toBeDefined();
    clock.increment(30_000);
    expect(actor.getSnapshot().children[loadId(a2.key)]).toBeUndefined();
    expect(actor.getSnapshot().context.images[a2.key]).toEqual({ status: 'failed', problem: 'timeout' });
  });

  it('after a timeout, moves on to the next image', async () => {
    const { clock, requests } = await opened();
    clock.increment(30_000);
    expect(requests().map((request) => request.key)).toEqual([a1.key, a2.key]);
  });

  it('gives each load its own watchdog: one answering does not silence another\'s', async () => {
    const three = { ...loaded, study: stack(3) };
    const { actor, fakes, clock, view } = startViewer({ ...viewerInput, concurrency: 2, cacheBytes: 1_000 });
    actor.send({ type: 'OPEN', query });
    fakes.loadStudy!.resolve(three);
    await flush();
    actor.send({ type: 'IMAGE_LOADED', key: 's0', bytes: 100 });
    actor.send({ type: 'IMAGE_LOADED', key: 's1', bytes: 100 });
    clock.increment(30_000);
    expect(actor.getSnapshot().context.images.s2).toEqual({ status: 'failed', problem: 'timeout' });
    expect(view().progress).toEqual({ ready: 2, total: 3, loading: false });
  });

  it('an answered load\'s watchdog never fires on a later load of the same image', async () => {
    const { actor, clock, view } = await opened({ ...viewerInput, cacheBytes: 100 });
    clock.increment(10_000);
    actor.send({ type: 'IMAGE_LOADED', key: a1.key, bytes: 100 });
    view().goToSlice(1);
    clock.increment(5_000);
    actor.send({ type: 'IMAGE_LOADED', key: a2.key, bytes: 100 });
    view().goToSlice(0);
    expect(view().state).toBe('imageLoading');
    // 30 s after the first load of a1 began: only the new load's watchdog may end it, at 45 s.
    clock.increment(15_000);
    expect(view().state).toBe('imageLoading');
    clock.increment(15_000);
    expect(view()).toMatchObject({ state: 'imageFailed', imageProblem: 'timeout' });
  });

  it('without the app\'s loadStudy, says the list failed', async () => {
    const { actor, actions } = startViewer(viewerInput, ['loadImage', 'viewport']);
    actor.send({ type: 'OPEN', query });
    await flush();
    expect(actions.reportFailure).toHaveBeenCalledWith(expect.anything(), { error: new Error('viewer: no loadStudy') });
  });

  it('tells its viewport there are no findings to draw when none came', async () => {
    const { actor, fakes, view } = startViewer(viewerInput, ['loadStudy', 'loadImage']);
    actor.send({ type: 'OPEN', query });
    fakes.loadStudy!.resolve({ ...loaded, findings: [] });
    await flush();
    expect(view().ai).toBe('none');
    expect((view().viewport as ActorRefFrom<ViewerViewportMachine>).getSnapshot().context).toMatchObject({ hasFindings: false, aiShown: false });
  });

  it('is named as its diagrams are', () => {
    expect([viewerMachine.id, viewerViewportMachine.id]).toEqual(['viewer', 'viewerViewport']);
  });

  it('says which images are ready, and draws findings of this frame only', async () => {
    const { actor, fakes, view } = startViewer();
    actor.send({ type: 'OPEN', query });
    expect(view()).toMatchObject({ findingsOnImage: [], current: null, progress: null, viewport: null, study: null });
    fakes.loadStudy!.resolve({ ...loaded, findings: [finding, { ...finding, frame: 2 }, { ...finding, sopUid: a2.sopUid }] });
    await flush();
    expect(view().isReady(a1.key)).toBe(false);
    actor.send({ type: 'IMAGE_LOADED', key: a1.key, bytes: 100 });
    expect(view().isReady(a1.key)).toBe(true);
    expect(view().isReady(a2.key)).toBe(false);
    expect(view().findingsOnImage).toEqual([finding]);
  });

  it('sends the patient\'s intents as the chart\'s events', async () => {
    const { actor, fakes, view } = startViewer();
    view().open(query);
    expect(view().state).toBe('listing');
    fakes.loadStudy!.reject(new Error('offline'));
    await flush();
    view().retry();
    expect(view().state).toBe('listing');
    fakes.loadStudy!.resolve(loaded);
    await flush();
    actor.send({ type: 'IMAGE_FAILED', key: a1.key, problem: 'truncated' });
    expect(view().state).toBe('imageFailed');
    view().retryImage();
    expect(view().state).toBe('imageLoading');
    view().selectSeries(1);
    expect(view().seriesIndex).toBe(1);
  });

  it('stops every load when the screen closes', async () => {
    const { actor, fakes } = await opened();
    actor.stop();
    expect(fakes.loadImage!.pendingRuns).toBe(0);
    expect(createActor(viewerMachine, { input: viewerInput }).start().getSnapshot().value).toBe('opening');
  });
});

describe('going from one AI finding to another (issue 24 §2)', () => {
  const { placeOf, second } = viewerFixtures;
  // Three findings, so that next and previous part ways: two in the CT series, one in the MR series.
  const onA2 = { ...finding, findingId: 'n2', sopUid: a2.sopUid, label: 'Nodule 4 mm' };
  const onB1 = { ...second, findingId: 'n3' };
  const three = { ...loaded, findings: [finding, onA2, onB1], places: [finding, onA2, onB1].map(placeOf) };

  async function openedWith(output: unknown) {
    const started = startViewer(viewerInput, ['loadStudy', 'loadImage']);
    started.actor.send({ type: 'OPEN', query });
    started.fakes.loadStudy!.resolve(output);
    await flush();
    const viewport = () => (started.view().viewport as ActorRefFrom<ViewerViewportMachine>).getSnapshot().context;
    const at = () => [started.view().seriesIndex, started.view().current?.index, started.view().finding?.number];
    return { ...started, viewport, at };
  }

  it('names the finding, where it is and whether it is on screen', async () => {
    const { view, actor } = await openedWith(three);
    expect(view().finding).toEqual({ number: 1, count: 3, label: 'Nodule 6 mm', seriesNumber: 1, image: 1, images: 2, onScreen: true });
    actor.send({ type: 'NEXT_FINDING' });
    actor.send({ type: 'NEXT_FINDING' });
    expect(view().finding).toEqual({ number: 3, count: 3, label: 'Cyst', seriesNumber: 2, image: 1, images: 1, onScreen: true });
    actor.send({ type: 'SELECT_SERIES', index: 0 });
    expect(view().finding).toMatchObject({ number: 3, onScreen: false });
  });

  it('the finding is off screen once the patient scrolls to another slice of its series, and on it again back there', async () => {
    const { view, actor } = await openedWith(three);
    actor.send({ type: 'STEP_SLICE', by: 1 });
    expect(view().finding).toMatchObject({ number: 1, image: 1, onScreen: false });
    actor.send({ type: 'STEP_SLICE', by: -1 });
    expect(view().finding).toMatchObject({ number: 1, image: 1, onScreen: true });
  });

  it('next goes forward and round, fetching the finding\'s image; the viewport starts afresh only in another series', async () => {
    const { actor, at, viewport, requests } = await openedWith(three);
    viewport();
    actor.send({ type: 'NEXT_FINDING' });
    expect(at()).toEqual([0, 1, 2]);
    expect(requests().at(-1)?.key).toBe(a2.key);
    expect(viewport()).toMatchObject({ modality: 'CT' });
    actor.send({ type: 'NEXT_FINDING' });
    expect(at()).toEqual([1, 0, 3]);
    expect(requests().at(-1)?.key).toBe(b1.key);
    expect(viewport()).toMatchObject({ modality: 'MR' });
    actor.send({ type: 'NEXT_FINDING' });
    expect(at()).toEqual([0, 0, 1]);
    expect(viewport()).toMatchObject({ modality: 'CT' });
  });

  it('keeps the zoom and window when the next finding is in the same series', async () => {
    const { actor, view, viewport } = await openedWith(three);
    (view().viewport as ActorRefFrom<ViewerViewportMachine>).send({ type: 'APPLY_PRESET', preset: 'lung' });
    actor.send({ type: 'NEXT_FINDING' });
    expect(viewport()).toMatchObject({ preset: 'lung' });
    actor.send({ type: 'NEXT_FINDING' });
    expect(viewport()).toMatchObject({ preset: 'file' });
  });

  it('previous goes backward and round', async () => {
    const { actor, at } = await openedWith(three);
    actor.send({ type: 'PREVIOUS_FINDING' });
    expect(at()).toEqual([1, 0, 3]);
    actor.send({ type: 'PREVIOUS_FINDING' });
    expect(at()).toEqual([0, 1, 2]);
    actor.send({ type: 'PREVIOUS_FINDING' });
    expect(at()).toEqual([0, 0, 1]);
  });

  it('"go to the finding" comes back from another slice or series, and does nothing on it', async () => {
    const { actor, at, view, viewport } = await openedWith(three);
    actor.send({ type: 'STEP_SLICE', by: 1 });
    expect(at()).toEqual([0, 1, 1]);
    view().goToFinding();
    expect(at()).toEqual([0, 0, 1]);
    view().nextFinding();
    view().nextFinding();
    actor.send({ type: 'SELECT_SERIES', index: 0 });
    expect(viewport()).toMatchObject({ modality: 'CT' });
    view().goToFinding();
    expect(at()).toEqual([1, 0, 3]);
    expect(viewport()).toMatchObject({ modality: 'MR' });
    const before = actor.getSnapshot();
    actor.send({ type: 'GO_TO_FINDING' });
    expect(actor.getSnapshot()).toBe(before);
    view().previousFinding();
    expect(at()).toEqual([0, 1, 2]);
  });

  it('with one finding, there is no next or previous, only the way back to it', async () => {
    const { actor, at, view } = await openedWith({ ...loaded, findings: [onA2], places: [placeOf(onA2)] });
    expect(view().finding).toMatchObject({ number: 1, count: 1, onScreen: true });
    actor.send({ type: 'SELECT_SERIES', index: 1 });
    const away = actor.getSnapshot();
    actor.send({ type: 'NEXT_FINDING' });
    actor.send({ type: 'PREVIOUS_FINDING' });
    expect(actor.getSnapshot()).toBe(away);
    actor.send({ type: 'GO_TO_FINDING' });
    expect(at()).toEqual([0, 1, 1]);
  });

  it('has no finding to go to without findings, or when none is on an image of the study', async () => {
    for (const output of [
      { ...loaded, findings: null },
      { ...loaded, findings: [] },
      { ...loaded, findings: [finding], places: [{ ...placeOf(finding), sopUid: '9.9.9' }] },
    ]) {
      const { actor, view } = await openedWith(output);
      expect(view().finding).toBeNull();
      const shown = actor.getSnapshot();
      for (const type of ['NEXT_FINDING', 'PREVIOUS_FINDING', 'GO_TO_FINDING'] as const) actor.send({ type });
      expect(actor.getSnapshot()).toBe(shown);
    }
  });

  it('goes to the places in the order given, leaving out those the study does not hold', async () => {
    const { at, actor } = await openedWith({ ...three, places: [placeOf(onB1), { ...placeOf(onA2), seriesUid: '9.9' }, placeOf(onA2)] });
    expect(at()).toEqual([1, 0, 1]);
    actor.send({ type: 'NEXT_FINDING' });
    expect(at()).toEqual([0, 1, 2]);
    actor.send({ type: 'NEXT_FINDING' });
    expect(at()).toEqual([1, 0, 1]);
  });
});
