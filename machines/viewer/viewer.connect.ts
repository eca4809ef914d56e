import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CineMachine } from '../cine/cine.machine';
import { statusOf } from './loadPlan';
import { studyOf, type ViewerMachine } from './viewer.machine';
import { RETRYABLE_IMAGE_PROBLEMS, type Finding, type ImageProblem, type SeriesStack, type ViewerQuery } from './viewer.types';
import type { ViewerViewportMachine } from './viewerViewport.machine';

/** What the screen shows, for `data-viewer-state`: the viewer's phase, and in a study the state of the image on screen. */
export type ViewerScreenState = 'opening' | 'refused' | 'listing' | 'failed' | 'imageLoading' | 'imageReady' | 'imageFailed';

/** showAi: `off` when the link did not ask; else whether findings came (`available`, `none`) or could not be had. */
export type AiLayer = 'off' | 'unavailable' | 'none' | 'available';

/** What the screen needs: the phase, the study, the image on screen, the progress, and the patient's intents. */
export function connectViewer(snapshot: SnapshotFrom<ViewerMachine>, send: ActorRefFrom<ViewerMachine>['send']) {
  const { seriesIndex, sliceIndex, images, problem, findings, params, places, findingIndex } = snapshot.context;
  const phase = String(snapshot.value) as 'opening' | 'refused' | 'listing' | 'failed' | 'viewing';
  const study = phase === 'viewing' ? studyOf(snapshot.context) : null;
  const series: SeriesStack | null = study?.series[seriesIndex] ?? null;
  const current = series ? { ...series.images[sliceIndex]!, index: sliceIndex, count: series.images.length } : null;
  const image = current ? images[current.key] : undefined;
  const ai: AiLayer = !params?.showAi ? 'off' : findings === null ? 'unavailable' : findings.length > 0 ? 'available' : 'none';
  const place = study ? places[findingIndex] : undefined;
  const state: ViewerScreenState = phase !== 'viewing' ? phase : image?.status === 'ready' ? 'imageReady' : image?.status === 'failed' ? 'imageFailed' : 'imageLoading';
  return {
    state,
    /** Why the study cannot be shown at all (state `refused`). */
    problem,
    study,
    seriesIndex,
    series,
    /** The image on screen: which, and where in its series. */
    current,
    /** Why the image on screen is not shown, when it failed. */
    imageProblem: image?.status === 'failed' ? image.problem : (null as ImageProblem | null),
    /** "Try again" is offered only where asking again can help. */
    canRetryImage: image?.status === 'failed' && RETRYABLE_IMAGE_PROBLEMS.has(image.problem),
    /** The series on screen: images decoded of all, and whether more are on their way. */
    progress: series
      ? {
          ready: series.images.filter((r) => statusOf(images, r.key) === 'ready').length,
          total: series.images.length,
          loading: series.images.some((r) => statusOf(images, r.key) === 'loading'),
        }
      : null,
    /** Whether an image's pixels are kept (the renderer may draw it). */
    isReady: (imageKey: string) => statusOf(images, imageKey) === 'ready',
    ai,
    /** The AI findings drawn on the image on screen. */
    findingsOnImage: current && findings ? findings.filter((f: Finding) => f.sopUid === current.sopUid && f.frame === current.frame) : [],
    /**
     * The AI findings control, while a study is shown with findings to go to: which finding
     * (from 1) of how many, its label as the AI wrote it, where it is (series number, image from 1
     * of the series' count) and whether that is the image on screen.
     */
    finding: place
      ? {
          number: findingIndex + 1,
          count: places.length,
          label: place.label,
          seriesNumber: study!.series[place.seriesIndex]!.seriesNumber,
          image: place.sliceIndex + 1,
          images: study!.series[place.seriesIndex]!.images.length,
          onScreen: place.seriesIndex === seriesIndex && place.sliceIndex === sliceIndex,
        }
      : null,
    /** The viewport chart (tool, gestures, zoom, pan, window, AI layer), while a study is shown. */
    viewport: study ? ((snapshot.children.viewport as ActorRefFrom<ViewerViewportMachine> | undefined) ?? null) : null,
    /** The cine player (issue 25 §4), while a study is shown. */
    cine: study ? ((snapshot.children.cine as ActorRefFrom<CineMachine> | undefined) ?? null) : null,
    open: (query: ViewerQuery) => send({ type: 'OPEN', query }),
    retry: () => send({ type: 'RETRY' }),
    stepSlice: (by: number) => send({ type: 'STEP_SLICE', by }),
    goToSlice: (index: number) => send({ type: 'GO_TO_SLICE', index }),
    selectSeries: (index: number) => send({ type: 'SELECT_SERIES', index }),
    retryImage: () => send({ type: 'RETRY_IMAGE' }),
    nextFinding: () => send({ type: 'NEXT_FINDING' }),
    previousFinding: () => send({ type: 'PREVIOUS_FINDING' }),
    goToFinding: () => send({ type: 'GO_TO_FINDING' }),
    /** The study beside this one moved (issue 27 §3). */
    followPosition: (position: number) => send({ type: 'FOLLOW_POSITION', position }),
  };
}
export type ViewerView = ReturnType<typeof connectViewer>;
