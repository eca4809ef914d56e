import { assign, enqueueActions, fromCallback, fromPromise, sendParent, sendTo, setup, type EventObject, type CallbackActorLogic } from 'xstate';
import { cineMachine } from '../cine/cine.machine';
import { cineFrames, nextInClip, sopUidOf } from '../cine/cineStack';
import { present } from '../present';
import { planLoads, statusOf } from './loadPlan';
import { nearestSlice, positionOf } from './slicePosition';
import {
  isArchiveAllowed,
  locateFindings,
  readViewerParams,
  startingFinding,
  startingPlace,
  wadoRsInstance,
  wadoUri,
  archiveAddress,
  type StudyArchive,
  type ImageRequest,
  type ImageState,
  type LoadedStudy,
  type StudyRequest,
  type ViewerContext,
  type ViewerEvent,
  type ViewerInput,
  type ViewerQuery,
} from './viewer.types';
import { viewerViewportMachine } from './viewerViewport.machine';

type LoadImageActor = { src: 'loadImage'; logic: CallbackActorLogic<EventObject, ImageRequest>; id: string | undefined };
type DropImages = { type: 'dropImages'; params: { keys: string[] } };

/** The study, which every state from viewing on holds. */
export const studyOf = (context: Pick<ViewerContext, 'study'>) => present(context.study, 'study', 'viewer');
const paramsOf = (context: Pick<ViewerContext, 'params'>) => present(context.params, 'link', 'viewer');
const archiveOf = (context: Pick<ViewerContext, 'archive'>) => present(context.archive, 'archive', 'viewer');
/** The image list's archive, else the link's. */
const studyArchive = (context: Pick<ViewerContext, 'params'>, loaded: LoadedStudy): StudyArchive => loaded.archive ?? { protocol: 'wadoUri', url: paramsOf(context).wadoUrl };

/** Where the slice on screen is, for the study beside this one (issue 27 §3). */
const tellPosition = {
  type: 'sliceMoved',
  params: ({ context }: { context: ViewerContext }) => ({ position: positionOf(studyOf(context).series[context.seriesIndex]!.images[context.sliceIndex]) }),
} as const;

/** The id of the load of an image, and of its watchdog timer. */
export const loadId = (key: string) => `load:${key}`;
const watchdogId = (key: string) => `watchdog:${key}`;

/**
 * The film viewer's chart (issue 12): the link is read and its archive checked, the study image
 * list asked for (it may name the archive and its standard, WADO-URI or WADO-RS: checked too), then each image has its own state (idle, loading, ready, failed) while the
 * patient moves through the stack. It loads the slice on screen first and then outward, a few at a
 * time, stops what is no longer wanted, and keeps no more decoded pixels than the cache holds.
 *
 * The app provides `loadStudy`, `loadImage` (fetch and decode one image; it answers with
 * IMAGE_LOADED or IMAGE_FAILED), `dropImages` (forget pixels) and `reportFailure`. The viewport
 * chart (tool, gestures, zoom, pan, window, AI layer) runs as its child.
 */
export const viewerMachine = setup({
  types: {
    context: {} as ViewerContext,
    events: {} as ViewerEvent,
    input: {} as ViewerInput,
  },
  actors: {
    loadStudy: fromPromise<LoadedStudy, StudyRequest>(() => Promise.reject(new Error('viewer: no loadStudy'))),
    /** Sends back IMAGE_LOADED or IMAGE_FAILED for its key; stopping it aborts the fetch and the decode. */
    loadImage: fromCallback<EventObject, ImageRequest>(() => {}),
    viewport: viewerViewportMachine,
    /** Cine (issue 25 §4): the clip player; its step is this chart's CINE_ADVANCE. */
    cine: cineMachine.provide({ actions: { advance: sendParent({ type: 'CINE_ADVANCE' }) } }),
  },
  actions: {
    reportFailure: (_, _params: { error: unknown }) => {},
    /** The pixels of these images are no longer kept. */
    dropImages: (_, _params: { keys: string[] }) => {},
    /**
     * The study on screen is shown, or the patient moved it (issue 27 §3): where its slice is now,
     * for the prior study beside it. Not on FOLLOW_POSITION: following never echoes back.
     */
    sliceMoved: (_, _params: { position: number | null }) => {},
    setImage: assign(({ context }, { key, state }: { key: string; state: ImageState }) => ({ images: { ...context.images, [key]: state } })),
    /** The image becomes idle: asked for again when wanted. */
    forgetImage: assign(({ context }, key: string) => ({ images: withoutKeys(context.images, [key]) })),
    /** A load that answered is over: its actor and its watchdog go. */
    release: enqueueActions(({ enqueue }, key: string) => {
      enqueue.stopChild(loadId(key));
      enqueue.cancel(watchdogId(key));
    }),
    showSeries: sendTo('viewport', ({ context }) => ({ type: 'SERIES_SHOWN' as const, modality: studyOf(context).series[context.seriesIndex]!.modality })),
    // Cine (issue 25 §4): the player is told what is on screen, and when the patient moved.
    tellCine: sendTo('cine', ({ context }) => ({ type: 'FRAMES' as const, ...cineFrames(context) })),
    cineMoved: sendTo('cine', ({ context }) => ({ type: 'MOVED' as const, ...cineFrames(context) })),
    cineFrameTime: enqueueActions(({ enqueue }, { key, frameTimeMs }: { key: string; frameTimeMs: number | null }) => {
      if (frameTimeMs !== null) enqueue.sendTo('cine', { type: 'FRAME_TIME', sopUid: sopUidOf(key), frameTimeMs });
    }),
    /** To this finding's image; the viewport starts afresh when that is in another series. */
    showFinding: enqueueActions(({ context, enqueue }, index: number) => {
      const place = context.places[index]!;
      enqueue.assign({ findingIndex: index, seriesIndex: place.seriesIndex, sliceIndex: place.sliceIndex });
      if (place.seriesIndex !== context.seriesIndex) {
        enqueue.sendTo('viewport', { type: 'SERIES_SHOWN', modality: studyOf(context).series[place.seriesIndex]!.modality });
      }
    }),
  },
  guards: {
    hasBadParameters: ({ context }, query: ViewerQuery) => readViewerParams(query, context.appOrigin) === null,
    isArchiveRefused: ({ context }, query: ViewerQuery) =>
      !isArchiveAllowed(paramsOf({ params: readViewerParams(query, context.appOrigin) }).wadoUrl, context.appOrigin, context.archiveOrigins),
    isStudyArchiveRefused: ({ context }, loaded: LoadedStudy) => {
      const address = archiveAddress(studyArchive(context, loaded));
      return !URL.canParse(address) || !isArchiveAllowed(address, context.appOrigin, context.archiveOrigins);
    },
    hasImages: (_, loaded: LoadedStudy) => loaded.study.series.some((series) => series.images.length > 0),
    isLoading: ({ context }, key: string) => statusOf(context.images, key) === 'loading',
    movesSlice: ({ context }, index: number) => Number.isInteger(index) && clampSlice(index, sliceCount(context)) !== context.sliceIndex,
    /** The series on screen has a slice with a position, and the nearest to this one is not the one shown. */
    followMoves: ({ context }, position: number) => {
      const nearest = nearestSlice(studyOf(context).series[context.seriesIndex]!.images, position);
      return nearest !== null && nearest !== context.sliceIndex;
    },
    isOtherSeries: ({ context }, index: number) =>
      index !== context.seriesIndex && Number.isInteger(index) && index >= 0 && index < studyOf(context).series.length,
    currentFailed: ({ context }) => statusOf(context.images, currentKey(context)) === 'failed',
    hasOtherFindings: ({ context }) => context.places.length > 1,
    /** Cine: the next frame of the clip is there to show (decoded, or failed with its message). */
    nextFrameSettled: ({ context }) => cineFrames(context).next !== 'pending',
    isAwayFromFinding: ({ context }) => {
      const place = context.places[context.findingIndex];
      return place !== undefined && (place.seriesIndex !== context.seriesIndex || place.sliceIndex !== context.sliceIndex);
    },
  },
  delays: {
    /** An image with no answer by then is a message on that image, never a spinner for ever. */
    imageTimeout: 30_000,
  },
})
  // Outside setup: an action that enqueues another by name cannot be typed within the same setup call.
  .extend({
    actions: {
      /** Loads, stops and drops what the plan says for where the patient is now. */
      schedule: enqueueActions<ViewerContext, ViewerEvent, undefined, ViewerEvent, LoadImageActor, DropImages, never, 'imageTimeout'>(({ context, enqueue }) => {
        const study = studyOf(context);
        const archive = archiveOf(context);
        const plan = planLoads({ ...context, study });
        for (const key of plan.abandon) {
          enqueue.stopChild(loadId(key));
          enqueue.cancel(watchdogId(key));
        }
        if (plan.evict.length > 0) enqueue({ type: 'dropImages', params: { keys: plan.evict } });
        const seriesUid = study.series[context.seriesIndex]!.seriesUid;
        for (const ref of plan.start) {
          const uids = { studyUid: study.studyUid, seriesUid, sopUid: ref.sopUid };
          const url = archive.protocol === 'wadoRs' ? wadoRsInstance(archive.root, uids) : wadoUri(archive.url, uids);
          enqueue.spawnChild('loadImage', { id: loadId(ref.key), input: { key: ref.key, protocol: archive.protocol, url, sopUid: ref.sopUid, frame: ref.frame, frames: ref.frames } });
          enqueue.raise({ type: 'IMAGE_TIMED_OUT', key: ref.key }, { id: watchdogId(ref.key), delay: 'imageTimeout' });
        }
        const started = Object.fromEntries(plan.start.map((ref): [string, ImageState] => [ref.key, { status: 'loading' }]));
        enqueue.assign({ images: { ...withoutKeys(context.images, [...plan.abandon, ...plan.evict]), ...started } });
      }),
    },
  })
  .createMachine({
    id: 'viewer',
    context: ({ input }) => ({ ...input, params: null, archive: null, problem: null, study: null, findings: null, places: [], findingIndex: 0, seriesIndex: 0, sliceIndex: 0, images: {} }),
    initial: 'opening',
    states: {
      opening: {
        on: {
          OPEN: [
            {
              guard: { type: 'hasBadParameters', params: ({ event }) => event.query },
              target: 'refused',
              description: 'No study UID or no archive address, or a malformed one: nothing is asked.',
              actions: assign({ problem: 'badParameters' }),
            },
            {
              guard: { type: 'isArchiveRefused', params: ({ event }) => event.query },
              target: 'refused',
              description: 'The archive is neither the app\'s own nor a configured one: it is never fetched from.',
              actions: assign({ problem: 'archiveRefused' }),
            },
            { target: 'listing', actions: assign(({ context, event }) => ({ params: readViewerParams(event.query, context.appOrigin) })) },
          ],
        },
      },
      refused: {
        type: 'final',
        description: 'A plain message (a broken link, an archive not allowed, a study without images); nothing is fetched.',
      },
      listing: {
        description: 'The study image list, and the AI findings when showAi is true.',
        invoke: {
          id: 'loadStudy',
          src: 'loadStudy',
          input: ({ context }) => {
            const params = paramsOf(context);
            return { studyUid: params.studyUid, hospId: params.hospId, withFindings: params.showAi };
          },
          onDone: [
            {
              guard: { type: 'isStudyArchiveRefused', params: ({ event }) => event.output },
              target: 'refused',
              description: 'The image list names an archive that is neither the app\'s own nor a configured one: it is never fetched from.',
              actions: assign({ problem: 'archiveRefused' }),
            },
            {
              guard: { type: 'hasImages', params: ({ event }) => event.output },
              target: 'viewing',
              description: 'Opens on the AI finding the link names, else the first when there is one, else on the series the link names, else on the first slice.',
              actions: assign(({ context, event }) => {
                const study = { ...event.output.study, series: event.output.study.series.filter((series) => series.images.length > 0) };
                // Places only with marks to draw: the control never names a finding the image does not show.
                const places = event.output.findings?.length ? locateFindings(study, event.output.places) : [];
                const { seriesUid, findingId } = paramsOf(context);
                const findingIndex = startingFinding(places, findingId);
                return { study, archive: studyArchive(context, event.output), findings: event.output.findings, places, findingIndex, ...startingPlace(study, places, seriesUid, findingIndex), images: {} };
              }),
            },
            { target: 'refused', description: 'A study without images says so.', actions: assign({ problem: 'noImages' }) },
          ],
          onError: { target: 'failed', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      failed: {
        description: 'The list could not be had: the error catalogue has its say, and the patient may try again.',
        on: { RETRY: 'listing' },
      },
      viewing: {
        description:
          'Each image idle, loading, ready or failed. The slice on screen loads first, then outward from it; a few at a time; no more decoded pixels than the cache holds; each load has a watchdog (imageTimeout).',
        entry: ['schedule', tellPosition],
        invoke: [
          {
            id: 'viewport',
            src: 'viewport',
            input: ({ context }) => ({
              modality: studyOf(context).series[context.seriesIndex]!.modality,
              hasFindings: (context.findings?.length ?? 0) > 0,
            }),
          },
          // A study opened on an AI finding stays on the finding's frame: the clip waits for play.
          { id: 'cine', src: 'cine', input: ({ context }) => ({ ...cineFrames(context), reducedMotion: context.reducedMotion ?? false, held: context.places.length > 0 }) },
        ],
        on: {
          STEP_SLICE: {
            guard: { type: 'movesSlice', params: ({ context, event }) => context.sliceIndex + event.by },
            actions: [assign({ sliceIndex: ({ context, event }) => clampSlice(context.sliceIndex + event.by, sliceCount(context)) }), 'schedule', 'cineMoved', tellPosition],
          },
          GO_TO_SLICE: {
            guard: { type: 'movesSlice', params: ({ event }) => event.index },
            actions: [assign({ sliceIndex: ({ context, event }) => clampSlice(event.index, sliceCount(context)) }), 'schedule', 'cineMoved', tellPosition],
          },
          SELECT_SERIES: {
            guard: { type: 'isOtherSeries', params: ({ event }) => event.index },
            actions: [assign({ seriesIndex: ({ event }) => event.index, sliceIndex: 0 }), 'showSeries', 'schedule', 'tellCine', tellPosition],
          },
          IMAGE_LOADED: {
            guard: { type: 'isLoading', params: ({ event }) => event.key },
            actions: [
              { type: 'setImage', params: ({ event }) => ({ key: event.key, state: { status: 'ready', bytes: event.bytes } }) },
              { type: 'release', params: ({ event }) => event.key },
              'schedule',
              // Cine: the file's frame time first, so the frame is timed by it once drawn.
              { type: 'cineFrameTime', params: ({ event }) => ({ key: event.key, frameTimeMs: event.frameTimeMs ?? null }) },
              'tellCine',
            ],
          },
          IMAGE_FAILED: {
            guard: { type: 'isLoading', params: ({ event }) => event.key },
            actions: [
              { type: 'setImage', params: ({ event }) => ({ key: event.key, state: { status: 'failed', problem: event.problem } }) },
              { type: 'release', params: ({ event }) => event.key },
              'schedule',
              'tellCine',
            ],
          },
          IMAGE_TIMED_OUT: {
            description: 'The watchdog of a load: no answer in time is a timeout message on that image.',
            guard: { type: 'isLoading', params: ({ event }) => event.key },
            actions: [
              { type: 'setImage', params: ({ event }) => ({ key: event.key, state: { status: 'failed', problem: 'timeout' } }) },
              { type: 'release', params: ({ event }) => event.key },
              'schedule',
              'tellCine',
            ],
          },
          RETRY_IMAGE: {
            guard: 'currentFailed',
            actions: [{ type: 'forgetImage', params: ({ context }) => currentKey(context) }, 'schedule', 'tellCine'],
          },
          NEXT_FINDING: {
            description: 'The next AI finding (after the last, the first): its image, in its series.',
            guard: 'hasOtherFindings',
            actions: [{ type: 'showFinding', params: ({ context }) => (context.findingIndex + 1) % context.places.length }, 'schedule', 'cineMoved', tellPosition],
          },
          PREVIOUS_FINDING: {
            description: 'The previous AI finding (before the first, the last).',
            guard: 'hasOtherFindings',
            actions: [{ type: 'showFinding', params: ({ context }) => (context.findingIndex + context.places.length - 1) % context.places.length }, 'schedule', 'cineMoved', tellPosition],
          },
          GO_TO_FINDING: {
            description: 'Back to the finding the control names, after scrolling or another series.',
            guard: 'isAwayFromFinding',
            actions: [{ type: 'showFinding', params: ({ context }) => context.findingIndex }, 'schedule', 'cineMoved', tellPosition],
          },
          FOLLOW_POSITION: {
            description: 'The study beside this one moved (issue 27 §3): to the slice nearest its position, in the series on screen; never told back.',
            guard: { type: 'followMoves', params: ({ event }) => event.position },
            actions: [
              assign({ sliceIndex: ({ context, event }) => nearestSlice(studyOf(context).series[context.seriesIndex]!.images, event.position)! }),
              'schedule',
              'cineMoved',
            ],
          },
          CINE_ADVANCE: {
            description: 'Cine: the player\'s step, to the next frame of the clip (after the last, the first), only once that frame is decoded or failed.',
            guard: 'nextFrameSettled',
            actions: [assign({ sliceIndex: ({ context }) => nextInClip(studyOf(context).series[context.seriesIndex]!.images, context.sliceIndex) }), 'schedule', 'tellCine'],
          },
        },
      },
    },
  });

function sliceCount(context: ViewerContext): number {
  return studyOf(context).series[context.seriesIndex]!.images.length;
}

function withoutKeys<T>(record: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

function clampSlice(index: number, count: number): number {
  return Math.min(count - 1, Math.max(0, index));
}

/** The key of the image on screen. */
export function currentKey(context: Pick<ViewerContext, 'study' | 'seriesIndex' | 'sliceIndex'>): string {
  return studyOf(context).series[context.seriesIndex]!.images[context.sliceIndex]!.key;
}

export type ViewerMachine = typeof viewerMachine;
