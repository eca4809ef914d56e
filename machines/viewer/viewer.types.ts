/**
 * The film viewer (route cloudFilm, issue 12): a study's series and images from the study image
 * list call, each image fetched from the archive the link names and decoded off the main thread.
 * The chart decides what to load and when; the app fetches, decodes and keeps the pixels.
 */

/**
 * The query the viewer is opened with (spec section 4: checkWay, result, showAi, wadourl, studyuid,
 * hospid), as strings; plus this app's own `series`, the series a thumbnail opens.
 */
export type ViewerQuery = Partial<Record<'checkWay' | 'result' | 'showAi' | 'wadourl' | 'studyuid' | 'hospid' | 'series' | 'finding', string | null>>;

/** The query once read: what the viewer asks for and where it fetches the images. */
export interface ViewerParams {
  /** The archive's WADO-URI address. */
  wadoUrl: string;
  studyUid: string;
  hospId: string;
  /** showAi=true: draw the AI findings of the study. */
  showAi: boolean;
  /** Passed on as given: how the AI result was ordered, and which result page asked. */
  checkWay: string;
  result: string;
  /** The series to open on (a thumbnail's), when the link names one. */
  seriesUid: string | null;
  /** The AI finding to open on (a report's item the AI located), when the link names one. */
  findingId: string | null;
}

/** A DICOM UID: digits in dot-separated parts, at most 64 characters (PS3.5 9.1). */
const DICOM_UID = /^[0-9]+(\.[0-9]+)*$/;

/** The query read, or null when it cannot open a study: no study UID, no archive, or an archive that is not a web address. */
export function readViewerParams(query: ViewerQuery, appOrigin: string): ViewerParams | null {
  const studyUid = query.studyuid?.trim() ?? '';
  const wado = archiveUrl(query.wadourl?.trim() ?? '', appOrigin);
  if (!DICOM_UID.test(studyUid) || studyUid.length > 64 || !wado) return null;
  return {
    wadoUrl: wado.href,
    studyUid,
    hospId: query.hospid?.trim() ?? '',
    showAi: query.showAi === 'true',
    checkWay: query.checkWay ?? '',
    result: query.result ?? '',
    seriesUid: query.series?.trim() || null,
    findingId: query.finding?.trim() || null,
  };
}

/** An http(s) address, a relative one read against the app's own origin. */
function archiveUrl(address: string, appOrigin: string): URL | null {
  if (address === '' || !URL.canParse(address, appOrigin)) return null;
  const url = new URL(address, appOrigin);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** Whether the viewer may fetch from this archive: the app's own origin or one the runtime configuration lists. */
export function isArchiveAllowed(wadoUrl: string, appOrigin: string, archiveOrigins: readonly string[]): boolean {
  const origin = new URL(wadoUrl).origin;
  return origin === new URL(appOrigin).origin || archiveOrigins.some((allowed) => URL.canParse(allowed) && new URL(allowed).origin === origin);
}

/**
 * One WADO-URI request (DICOM PS3.18 section 9): the object as `application/dicom`, written as the
 * standard writes it. Archives read the media type as text (Orthanc answers `application%2Fdicom`
 * with 400 "Unsupported content type"), so its slash stays a slash; the archive's own query stays
 * exactly as configured.
 */
export function wadoUri(wadoUrl: string, uids: { studyUid: string; seriesUid: string; sopUid: string }): string {
  const url = new URL(wadoUrl);
  const ours: Record<string, string> = { requestType: 'WADO', studyUID: uids.studyUid, seriesUID: uids.seriesUid, objectUID: uids.sopUid, contentType: 'application/dicom' };
  const own = url.search.slice(1).split('&').filter((part) => part !== '' && !(part.split('=')[0]! in ours));
  const added = Object.entries(ours).map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%2F', '/')}`);
  url.search = [...own, ...added].join('&');
  return url.href;
}

/**
 * Where a study's images are and which standard fetches them (issue 25 §1): an archive's DICOMweb
 * root (WADO-RS, PS3.18 chapter 10), or a WADO-URI address (chapter 9). The study image list says
 * which; without either, the link's `wadourl`.
 */
export type StudyArchive = { protocol: 'wadoRs'; root: string } | { protocol: 'wadoUri'; url: string };

/** The address a study archive fetches from, for the allowance check. */
export const archiveAddress = (archive: StudyArchive) => (archive.protocol === 'wadoRs' ? archive.root : archive.url);

/**
 * A resource under a DICOMweb root: the path segments joined after the root's path, the root's own
 * query (a signature the API put on it) kept after them.
 */
export function dicomWebUrl(root: string, ...segments: string[]): string {
  const url = new URL(root);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${segments.join('/')}`;
  return url.href;
}

/** WADO-RS instance retrieval (PS3.18 10.4.1.1.3): `{root}/studies/{study}/series/{series}/instances/{instance}`; its frames and metadata are below it. */
export function wadoRsInstance(root: string, uids: { studyUid: string; seriesUid: string; sopUid: string }): string {
  return dicomWebUrl(root, 'studies', uids.studyUid, 'series', uids.seriesUid, 'instances', uids.sopUid);
}

/** One image of a stack: a frame of an instance (frame 1 for a single-frame object). */
export interface ImageRef {
  /** `<sopUid>:<frame>`, unique in the study. */
  key: string;
  sopUid: string;
  /** 1-based, as the AI findings count frames. */
  frame: number;
  /** Frames of the instance: more than one, and its frames share one fetch. */
  frames: number;
  /** Where the slice is along the patient's long axis (mm), when the image list says: the prior study follows by it. */
  position?: number | null;
}

export const imageKey = (sopUid: string, frame: number) => `${sopUid}:${frame}`;

export interface SeriesStack {
  seriesUid: string;
  seriesNumber: number;
  modality: string;
  description: string | null;
  /** A small rendering the image server offers (absent from a plain WADO archive). */
  thumbnailUrl: string | null;
  /** In instance order, frames expanded; never empty. */
  images: ImageRef[];
}

/** The study as the viewer shows it: who and what, then its series in series-number order. */
export interface StudyStack {
  studyUid: string;
  patientName: string | null;
  patientId: string | null;
  sex: string | null;
  age: string | null;
  studyDate: string | null;
  studyDescription: string | null;
  hospitalName: string | null;
  series: SeriesStack[];
}

/**
 * An AI mark on one image, in that image's pixels: a box or a mark with its label. One finding (a
 * nodule) has many marks, a box on every slice that cuts it; `findingId` names the finding.
 */
export interface Finding {
  findingId?: string | null;
  seriesUid: string;
  sopUid: string;
  frame: number;
  shape: 'box' | 'mark';
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
}

/** An image of the study, by its series and instance, as a finding's mark names it. */
export type ImagePlace = Pick<Finding, 'seriesUid' | 'sopUid' | 'frame'>;

/** Where an image is in the study as the viewer walks it, or null when the study has no such image. */
export function locateImage(study: StudyStack, place: ImagePlace): { seriesIndex: number; sliceIndex: number } | null {
  const seriesIndex = study.series.findIndex((series) => series.seriesUid === place.seriesUid);
  const sliceIndex = study.series[seriesIndex]?.images.findIndex((image) => image.sopUid === place.sopUid && image.frame === place.frame) ?? -1;
  return sliceIndex >= 0 ? { seriesIndex, sliceIndex } : null;
}

/**
 * One AI finding as the viewer goes to it: its name and the image that shows it best (chosen by
 * src/shared/rules/aiFindings.ts, which also orders the findings).
 */
export interface FindingPlace extends ImagePlace {
  findingId: string | null;
  label: string;
}

/** A finding's place located in the study on screen. */
export interface LocatedFinding extends FindingPlace {
  seriesIndex: number;
  sliceIndex: number;
}

/** The findings' places that are images of this study, in the order given, located. */
export function locateFindings(study: StudyStack, places: readonly FindingPlace[]): LocatedFinding[] {
  return places.flatMap((place) => {
    const at = locateImage(study, place);
    return at ? [{ ...place, ...at }] : [];
  });
}

/** Which finding a study opens on: the one the link names (a report's item), else the first. */
export function startingFinding(findings: readonly LocatedFinding[], findingId: string | null): number {
  return Math.max(0, findingId === null ? 0 : findings.findIndex((finding) => finding.findingId === findingId));
}

/**
 * Where a study opens: on an AI finding when the link asked for them (the one it names, else the
 * first), since that is what the patient came to see; else on the series the link names (a
 * thumbnail's); else on the first slice of the first series.
 */
export function startingPlace(
  study: StudyStack,
  findings: readonly LocatedFinding[],
  seriesUid: string | null = null,
  findingIndex = 0,
): { seriesIndex: number; sliceIndex: number } {
  const chosen = findings[findingIndex];
  if (chosen) return { seriesIndex: chosen.seriesIndex, sliceIndex: chosen.sliceIndex };
  const named = study.series.findIndex((series) => series.seriesUid === seriesUid);
  return { seriesIndex: Math.max(0, named), sliceIndex: 0 };
}

/**
 * What `loadStudy` gives: the stack, and the AI findings when asked for (null: asked for and not
 * to be had): the marks to draw, and each finding's place to go to, in the order they are visited.
 */
export interface LoadedStudy {
  study: StudyStack;
  /** Where the images are, as the image list says; null: at the link's `wadourl`. */
  archive: StudyArchive | null;
  findings: Finding[] | null;
  places: FindingPlace[];
}

/** What `loadStudy` is asked. */
export interface StudyRequest {
  studyUid: string;
  hospId: string;
  withFindings: boolean;
}

/** What `loadImage` is asked: one image, by one of the two standards. */
export interface ImageRequest {
  key: string;
  /** How to fetch it: `url` is the WADO-URI request, or the WADO-RS instance (its frames and metadata below it). */
  protocol: StudyArchive['protocol'];
  url: string;
  sopUid: string;
  /** 1-based frame of the instance. */
  frame: number;
  /** Frames of the instance. */
  frames: number;
}

/** Why an image is not shown; each has its own message on the image. */
export type ImageProblem =
  /** The archive answered 404: it does not have the object. */
  | 'notFound'
  /** The archive answered another error (500 ...). */
  | 'archiveError'
  /** The archive refused access (401, 403): the credential it was sent, or none, does not open this image. */
  | 'denied'
  /** The archive is up but does not let this app read it from another origin (no CORS): the hospital must configure it. */
  | 'crossOrigin'
  /** No answer: the network is down or the archive is unreachable. */
  | 'network'
  /** No answer in time (the chart's own watchdog). */
  | 'timeout'
  /** The file is not DICOM, cut short or otherwise unreadable. */
  | 'notDicom'
  | 'truncated'
  | 'corrupt'
  /** A transfer syntax (compression) the decoder does not read. */
  | 'unsupportedSyntax'
  /** A legal pixel format the viewer does not draw (1-bit segmentations, 32-bit dose grids). */
  | 'unsupportedPixels'
  /** Rows or columns absent, zero or absurd. */
  | 'badDimensions'
  /** The object has no such frame. */
  | 'missingFrame';

/**
 * Problems that asking again can cure (issue 25 §3): the network, the archive's own trouble, a
 * download cut short. A missing, unreadable or unsupported file is the same file the next time;
 * an archive that refuses access or this app's origin refuses it again.
 */
export const RETRYABLE_IMAGE_PROBLEMS: ReadonlySet<ImageProblem> = new Set<ImageProblem>(['network', 'timeout', 'archiveError', 'truncated']);

/** An image's state; an image the map does not hold is idle (not asked for, or dropped). */
export type ImageState =
  | { status: 'loading' }
  /** Decoded and kept: its pixels take `bytes` of the cache. */
  | { status: 'ready'; bytes: number }
  | { status: 'failed'; problem: ImageProblem };

/** Why the viewer cannot show the study at all. */
export type ViewerProblem =
  /** The link lacks a study UID or an archive address, or they are malformed. */
  | 'badParameters'
  /** The archive (the link's, or the one the image list names) is neither the app's own nor one the configuration lists: never fetched. */
  | 'archiveRefused'
  /** The study has no images. */
  | 'noImages';

/** The deployment's settings, given once when the screen opens. */
export interface ViewerInput {
  /** The app's own origin: its archive is always allowed. */
  appOrigin: string;
  /** The origins of the runtime configuration's `imageArchiveOrigins` and `imageArchives`. */
  archiveOrigins: readonly string[];
  /** Images loaded at once. */
  concurrency: number;
  /** Decoded pixels kept at most, in bytes: farther images are dropped and loaded again when needed. */
  cacheBytes: number;
  /** Cine (issue 25 §4): the patient asked for reduced motion, so no clip plays by itself. */
  reducedMotion?: boolean;
}

export interface ViewerContext extends ViewerInput {
  params: ViewerParams | null;
  /** Where the study's images are fetched from, once the list has said. */
  archive: StudyArchive | null;
  problem: ViewerProblem | null;
  study: StudyStack | null;
  findings: Finding[] | null;
  /** The AI findings to go to, located in the study (empty without findings). */
  places: LocatedFinding[];
  /** The finding the patient was last taken to (0 from the start: the viewer opens on the first). */
  findingIndex: number;
  seriesIndex: number;
  sliceIndex: number;
  /** The images of the study asked for, by key; one it does not hold is idle. */
  images: Record<string, ImageState>;
}

export type ViewerEvent =
  /** The screen opened with this query. */
  | { type: 'OPEN'; query: ViewerQuery }
  /** Try the study image list again. */
  | { type: 'RETRY' }
  /** Swipe or wheel: this many slices on (negative: back). */
  | { type: 'STEP_SLICE'; by: number }
  /** The scrubber: this slice (0-based). */
  | { type: 'GO_TO_SLICE'; index: number }
  /** A thumbnail of the series strip. */
  | { type: 'SELECT_SERIES'; index: number }
  /** An image arrived and was decoded; its pixels take `bytes`; its file's frame time (ms) when it gives one (cine). */
  | { type: 'IMAGE_LOADED'; key: string; bytes: number; frameTimeMs?: number | null }
  | { type: 'IMAGE_FAILED'; key: string; problem: ImageProblem }
  /** The chart's own watchdog: an image had no answer in time. */
  | { type: 'IMAGE_TIMED_OUT'; key: string }
  /** Try the failed image on screen again. */
  | { type: 'RETRY_IMAGE' }
  /** The AI findings control: the next finding, the previous one (both go round), or back to the one it names. */
  | { type: 'NEXT_FINDING' }
  | { type: 'PREVIOUS_FINDING' }
  | { type: 'GO_TO_FINDING' }
  /** Cine (issue 25 §4): the player's own step, to the next frame of the clip on screen. */
  | { type: 'CINE_ADVANCE' }
  /** The study beside this one moved (issue 27 §3): to the slice nearest that position, without telling it back. */
  | { type: 'FOLLOW_POSITION'; position: number };
