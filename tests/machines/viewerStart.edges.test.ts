// @vitest-environment node
/**
 * Where the viewer opens a study (issue 12: on the AI's finding when the link asked for it, the
 * first of them by issue 24; else on the series the link names, else on the first slice), on studies the model's fixture does not
 * hold: a finding in a later series, on a later frame of a multi-frame instance, or on an image the
 * study does not list (found by mutation testing, docs/testing.md). Seen as the view sees it: the
 * series and the slice on screen.
 */
import { describe, expect, it, vi } from 'vitest';
import { connectViewer } from '../../machines/viewer/viewer.connect';
import { viewerMachine } from '../../machines/viewer/viewer.machine';
import { viewerFixtures, viewerInput } from '../../machines/viewer/viewer.model';
import { imageKey, type Finding, type SeriesStack, type StudyStack } from '../../machines/viewer/viewer.types';
import { flush, startChart, type ControllablePromise } from './modelHarness';

const { query, study, placeOf } = viewerFixtures;

/** A series of one instance of `frames` frames. */
function multiFrame(seriesUid: string, sopUid: string, frames: number): SeriesStack {
  return {
    seriesUid,
    seriesNumber: 3,
    modality: 'CT',
    description: null,
    thumbnailUrl: null,
    images: Array.from({ length: frames }, (_, i) => ({ key: imageKey(sopUid, i + 1), sopUid, frame: i + 1, frames })),
  };
}

/** The study: the fixture's two series, then a series of one instance of three frames. */
const third = multiFrame('1.2.840.1.3', '1.2.840.1.3.1', 3);
const stack: StudyStack = { ...study, series: [...study.series, third] };
const box = (at: Pick<Finding, 'seriesUid' | 'sopUid' | 'frame'>): Finding => ({ ...at, shape: 'box', x: 1, y: 2, width: 3, height: 4, label: 'Nodule' });

/** Opens the study with these findings, each with its one mark's image as its place, from the link (plus `series` when given); the view then. */
async function openOn(findings: Finding[] | null, series?: string) {
  const started = startChart(viewerMachine, { input: viewerInput, fake: ['loadStudy', 'loadImage', 'viewport'], provide: () => ({ actions: { reportFailure: vi.fn<() => void>(), dropImages: vi.fn<() => void>() } }) });
  started.actor.send({ type: 'OPEN', query: series ? { ...query, series } : query });
  (started.fakes.loadStudy as ControllablePromise<unknown>).resolve({ study: stack, findings, places: (findings ?? []).map(placeOf) });
  await flush();
  const view = connectViewer(started.actor.getSnapshot() as never, started.actor.send);
  return { seriesIndex: view.seriesIndex, slice: view.current?.index, frame: view.current?.frame, findingsOnImage: view.findingsOnImage };
}

describe('the viewer opens', () => {
  it("on the finding's series when it is not the first", async () => {
    const finding = box({ seriesUid: study.series[1]!.seriesUid, sopUid: study.series[1]!.images[0]!.sopUid, frame: 1 });
    expect(await openOn([finding])).toEqual({ seriesIndex: 1, slice: 0, frame: 1, findingsOnImage: [finding] });
  });

  it("on the finding's frame of a multi-frame instance", async () => {
    const finding = box({ seriesUid: third.seriesUid, sopUid: third.images[0]!.sopUid, frame: 3 });
    expect(await openOn([finding])).toEqual({ seriesIndex: 2, slice: 2, frame: 3, findingsOnImage: [finding] });
  });

  it('on the first slice of the first series when the finding is on a series the study does not hold', async () => {
    const finding = box({ seriesUid: '9.9.9', sopUid: third.images[0]!.sopUid, frame: 1 });
    expect(await openOn([finding])).toMatchObject({ seriesIndex: 0, slice: 0 });
  });

  it('on the series the link names when the finding is on an image its series does not hold', async () => {
    const finding = box({ seriesUid: third.seriesUid, sopUid: '9.9.9', frame: 1 });
    expect(await openOn([finding], study.series[1]!.seriesUid)).toMatchObject({ seriesIndex: 1, slice: 0 });
  });

  it('on the series the link names when there are no findings', async () => {
    expect(await openOn(null, third.seriesUid)).toMatchObject({ seriesIndex: 2, slice: 0, frame: 1 });
    expect(await openOn([], third.seriesUid)).toMatchObject({ seriesIndex: 2, slice: 0 });
  });
});
