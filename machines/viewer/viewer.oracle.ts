import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern, Trace } from '../oracle';
import { connectViewer } from './viewer.connect';
import type { ViewerMachine } from './viewer.machine';

const ISSUE = 'issue 12, item 3 (the viewer)';
const LINK = 'spec §4, after opening AI detail with status 3 (cloudFilm with checkWay, result, showAi, wadourl, studyuid, hospid); issue 12, item 3';
const ARCHIVES = 'issue 12, contracts: a wadourl on neither the app\'s origin nor imageArchiveOrigins is refused, never fetched';
const FIRST = 'issue 12, item 3: first image first, the rest loads behind it';
const BAD_FILES = 'issue 12, item 3: every bad file is a message on that image, never a blank canvas or a frozen page';
const MEMORY = 'issue 12, item 3: bounded memory, a cache cap';
const CATALOGUE = 'spec §8, error catalogue (the study call\'s failures); issue 12: list failed, retry';
const FINDINGS = 'issue 24 §2: count findings, and let the viewer jump from one finding to the next; the link of the AI findings lands on the first';
const NAMED_FINDING = 'issue 27 §1: a finding that the AI located opens the viewer on that slice';
const STANDARDS = 'issue 25 §1: the image list says which standard (a wadourl or a DICOMweb root), and both work through the same viewer chart';
const PRIOR = 'issue 27 §3: the prior study beside this one scrolls in step by slice position (nearest slice), not by index';
const WATCHDOG = 'issue 12, item 3 (an archive that answers not at all: timeout); 30 s is this project\'s choice';

/** The screen opens with its link once; later OPENs are not the screen opening. */
const opening: Pattern = { saw: { state: 'opening' } };
const brokenLink: Pattern = { all: [opening, { input: 'OPEN' }, { sees: { link: 'badUid' } }] };
const foreignArchive: Pattern = { all: [opening, { input: 'OPEN' }, { sees: { link: 'foreignArchive' } }] };
const goodLink: Pattern = { all: [opening, { input: 'OPEN' }, { sees: { link: 'good' } }] };
/** The image list named no archive (the link's), or one the configuration allows. */
const allowedListArchive: Pattern = { not: { sees: { listArchive: 'foreign' } } };
const noCalls: Pattern = { all: [{ not: { call: 'loadStudy' } }, { not: { call: 'loadImage' } }] };
const onScreenWas = (status: string): Pattern => ({ saw: { currentStatus: status } });
const aboutImageOnScreen = (type: string): Pattern => ({ input: type, with: { key: { sameAs: 'saw.currentKey' } } });

/** What the film viewer must do, from the specification and issue 12. */
export const viewerOracle: Oracle<SnapshotFrom<ViewerMachine>> = {
  chart: 'viewer',
  // The longest wait the viewer knows: the watchdog of an image that does not answer.
  quietMs: 30_000,
  view: (snapshot) => {
    const view = connectViewer(snapshot, () => {});
    return {
      state: view.state,
      problem: view.problem,
      seriesIndex: view.seriesIndex,
      slice: view.current?.index ?? null,
      atFirst: view.current ? view.current.index === 0 : null,
      atLast: view.current ? view.current.index === view.current.count - 1 : null,
      currentKey: view.current?.key ?? null,
      imageProblem: view.imageProblem,
      onFinding: view.findingsOnImage.length > 0,
      finding: view.finding?.number ?? null,
      findingCount: view.finding?.count ?? 0,
      position: view.current?.position ?? null,
    };
  },
  derive: (trace) => ({ ...imagesSeen(trace), ...findingsAnswered(trace) }),
  promises: [
    {
      id: 'broken-link-refused',
      says: 'A link without a valid study UID says so, and asks for nothing.',
      source: LINK,
      rule: { kind: 'always', if: brokenLink, then: { all: [{ sees: { state: 'refused', problem: 'badParameters' } }, noCalls] } },
    },
    {
      id: 'foreign-archive-refused',
      says: 'An archive on neither the app\'s origin nor a configured one is refused with a plain message and never fetched from.',
      source: ARCHIVES,
      rule: { kind: 'always', if: foreignArchive, then: { all: [{ sees: { state: 'refused', problem: 'archiveRefused' } }, noCalls] } },
    },
    {
      id: 'refused-stays-quiet',
      says: 'A refused link never leads to a call, whatever the patient does next.',
      source: ARCHIVES,
      rule: { kind: 'always', if: { saw: { state: 'refused' } }, then: noCalls },
    },
    {
      id: 'configured-archive-opens',
      says: 'A link to a configured archive asks for the study\'s image list with its study UID and hospital, and for the AI findings when showAi is true.',
      source: `${LINK}; ${ARCHIVES}`,
      rule: {
        kind: 'always',
        if: goodLink,
        then: {
          call: 'loadStudy',
          with: { studyUid: { sameAs: 'input.query.studyuid' }, hospId: { sameAs: 'input.query.hospid' }, withFindings: true },
        },
      },
    },
    {
      id: 'list-failure-reported',
      says: 'A study image list that cannot be had goes through the error catalogue, and can be asked for again.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { input: 'failure:loadStudy' }, then: { all: [{ effect: 'reportFailure' }, { sees: { state: 'failed' } }] } },
    },
    {
      id: 'retry-asks-again',
      says: 'Trying again asks for the study image list again.',
      source: CATALOGUE,
      rule: { kind: 'always', if: { all: [{ input: 'RETRY' }, { saw: { state: 'failed' } }] }, then: { call: 'loadStudy' } },
    },
    {
      id: 'list-archive-refused',
      says: 'An image list that names an archive on neither the app\'s origin nor a configured one is refused with a plain message, and the archive is never fetched from.',
      source: `${ARCHIVES}; ${STANDARDS}`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:loadStudy' }, { sees: { listArchive: 'foreign' } }] },
        then: { all: [{ sees: { state: 'refused', problem: 'archiveRefused' } }, { not: { call: 'loadImage' } }] },
      },
    },
    {
      id: 'images-by-named-standard',
      says: 'Every image is asked for by the standard the image list names: WADO-RS under a DICOMweb root, else WADO-URI (its address, or the link\'s).',
      source: STANDARDS,
      rule: { kind: 'always', if: { call: 'loadImage' }, then: { call: 'loadImage', with: { protocol: { sameAs: 'sees.listProtocol' } } } },
    },
    {
      id: 'empty-study-said',
      says: 'A study without images says so, and fetches nothing.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { input: 'answer:loadStudy', with: { output: { study: { series: { length: 0 } } } } },
        then: { all: [{ sees: { state: 'refused', problem: 'noImages' } }, { not: { call: 'loadImage' } }] },
      },
    },
    {
      id: 'opens-on-first-slice',
      says: 'A study without AI findings opens on the first slice of its first series, and fetches that slice first.',
      source: FIRST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:loadStudy', with: { output: { study: { series: { 0: { seriesUid: { present: true } } } }, findings: null } } }, allowedListArchive] },
        then: { all: [{ sees: { seriesIndex: 0, slice: 0, state: 'imageLoading' } }, { call: 'loadImage', with: { key: { sameAs: 'sees.currentKey' } } }] },
      },
    },
    {
      id: 'opens-on-ai-finding',
      says: 'A study opened to see its AI findings opens on the image the finding is on, and fetches that image first.',
      source: `${LINK}; ${FIRST}`,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:loadStudy', with: { output: { study: { series: { 0: { seriesUid: { present: true } } } }, findings: { 0: { sopUid: { present: true } } } } } }, allowedListArchive] },
        then: { all: [{ sees: { onFinding: true, state: 'imageLoading' } }, { call: 'loadImage', with: { key: { sameAs: 'sees.currentKey' } } }] },
      },
    },
    {
      id: 'lands-on-first-finding',
      says: 'A study opened with AI findings to go to opens on the first of them, and counts them all, when the link names none of them.',
      source: FINDINGS,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:loadStudy' }, { sees: { findingsAnswered: { above: 0 }, findingNamed: null } }] },
        then: { sees: { finding: 1, findingCount: { sameAs: 'sees.findingsAnswered' }, currentKey: { sameAs: 'sees.findingKey' } } },
      },
    },
    {
      id: 'lands-on-named-finding',
      says: "A link that names one of the study's AI findings opens on that finding's image, and counts them all.",
      source: NAMED_FINDING,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'answer:loadStudy' }, { sees: { findingsAnswered: { above: 0 }, findingNamed: { present: true } } }] },
        then: { sees: { finding: { sameAs: 'sees.findingNamed' }, findingCount: { sameAs: 'sees.findingsAnswered' }, currentKey: { sameAs: 'sees.findingKey' } } },
      },
    },
    {
      id: 'no-findings-no-control',
      says: 'Without findings to go to (none asked for, none found, none to be had), there is no finding control.',
      source: FINDINGS,
      rule: { kind: 'always', if: { all: [{ input: 'answer:loadStudy' }, { sees: { findingsAnswered: 0 } }] }, then: { sees: { finding: null } } },
    },
    {
      id: 'next-finding',
      says: 'Next shows the next finding\'s image, after the last the first again; the count stays.',
      source: FINDINGS,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'NEXT_FINDING' }, { saw: { findingCount: { above: 1 } } }] },
        then: {
          all: [
            { sees: { currentKey: { sameAs: 'sees.findingKey' }, findingCount: { sameAs: 'saw.findingCount' } } },
            {
              any: [
                { all: [{ saw: { finding: { sameAs: 'saw.findingCount' } } }, { sees: { finding: 1 } }] },
                { all: [{ saw: { finding: { not: { sameAs: 'saw.findingCount' } } } }, { sees: { finding: { sameAs: 'saw.finding', plus: 1 } } }] },
              ],
            },
          ],
        },
      },
    },
    {
      id: 'previous-finding',
      says: 'Previous shows the previous finding\'s image, before the first the last; the count stays.',
      source: FINDINGS,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'PREVIOUS_FINDING' }, { saw: { findingCount: { above: 1 } } }] },
        then: {
          all: [
            { sees: { currentKey: { sameAs: 'sees.findingKey' }, findingCount: { sameAs: 'saw.findingCount' } } },
            {
              any: [
                { all: [{ saw: { finding: 1 } }, { sees: { finding: { sameAs: 'saw.findingCount' } } }] },
                { all: [{ saw: { finding: { above: 1 } } }, { sees: { finding: { sameAs: 'saw.finding', plus: -1 } } }] },
              ],
            },
          ],
        },
      },
    },
    {
      id: 'back-to-finding',
      says: 'After scrolling away or to another series, "go to the finding" shows the image of the finding the control names.',
      source: FINDINGS,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'GO_TO_FINDING' }, { saw: { finding: { present: true } } }] },
        then: { sees: { finding: { sameAs: 'saw.finding' }, currentKey: { sameAs: 'sees.findingKey' } } },
      },
    },
    {
      id: 'slice-on-screen-first',
      says: 'While the slice on screen is on its way, nothing else is fetched before it.',
      source: FIRST,
      rule: {
        kind: 'always',
        if: { all: [{ call: 'loadImage' }, { sees: { currentStatus: 'loading' } }] },
        then: { call: 'loadImage', with: { key: { sameAs: 'sees.currentKey' } } },
      },
    },
    {
      id: 'slice-on-screen-never-forgotten',
      says: 'The slice on screen is always shown, failed with a message, or on its way: never waiting for nothing.',
      source: BAD_FILES,
      rule: { kind: 'always', if: { sees: { state: 'imageLoading' } }, then: { sees: { currentStatus: 'loading' } } },
    },
    {
      id: 'few-at-a-time',
      says: 'No more images are fetched at once than the viewer allows.',
      source: ISSUE,
      rule: { kind: 'always', if: { input: ['IMAGE_LOADED', 'IMAGE_FAILED', 'STEP_SLICE', 'GO_TO_SLICE', 'SELECT_SERIES'] }, then: { sees: { roomToLoad: { above: -1 } } } },
    },
    {
      id: 'rest-loads-behind',
      says: 'Once the first slice is shown, the rest of the series loads behind it.',
      source: FIRST,
      rule: {
        kind: 'always',
        if: { all: [aboutImageOnScreen('IMAGE_LOADED'), onScreenWas('loading'), { saw: { seriesIndex: 0, keptBytes: 0, failedImages: 0 } }] },
        then: { all: [{ sees: { state: 'imageReady' } }, { call: 'loadImage' }] },
      },
    },
    {
      id: 'another-series-starts-over',
      says: 'Another series opens on its first slice and fetches it first, stopping the fetch of the series left.',
      source: FIRST,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'SELECT_SERIES' }, { saw: { state: { oneOf: ['imageLoading', 'imageReady', 'imageFailed'] }, seriesIndex: { not: { sameAs: 'input.index' } }, inFlight: 1 } }] },
        then: { all: [{ sees: { seriesIndex: { sameAs: 'input.index' }, slice: 0 } }, { stop: 'loadImage' }] },
      },
    },
    {
      id: 'scrubber-goes-there',
      says: 'The scrubber shows the slice it points at.',
      source: ISSUE,
      rule: { kind: 'always', if: { all: [{ input: 'GO_TO_SLICE' }, { saw: { atLast: false } }] }, then: { sees: { slice: { sameAs: 'input.index' } } } },
    },
    {
      id: 'swipe-steps-on',
      says: 'A swipe on shows the next slice; at the last it stays there.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'STEP_SLICE', with: { by: 1 } }, { saw: { slice: { present: true } } }] },
        then: { any: [{ all: [{ saw: { atLast: false } }, { sees: { slice: { sameAs: 'saw.slice', plus: 1 } } }] }, { all: [{ saw: { atLast: true } }, { sees: { slice: { sameAs: 'saw.slice' } } }] }] },
      },
    },
    {
      id: 'swipe-steps-back',
      says: 'A swipe back shows the previous slice; at the first it stays there.',
      source: ISSUE,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'STEP_SLICE', with: { by: -1 } }, { saw: { slice: { present: true } } }] },
        then: { any: [{ all: [{ saw: { atFirst: false } }, { sees: { slice: { sameAs: 'saw.slice', plus: -1 } } }] }, { all: [{ saw: { atFirst: true } }, { sees: { slice: { sameAs: 'saw.slice' } } }] }] },
      },
    },
    {
      id: 'bad-file-is-a-message',
      says: 'A file that cannot be shown is a message on that image, naming what went wrong.',
      source: BAD_FILES,
      rule: {
        kind: 'always',
        if: { all: [aboutImageOnScreen('IMAGE_FAILED'), onScreenWas('loading')] },
        then: { sees: { state: 'imageFailed', imageProblem: { sameAs: 'input.problem' } } },
      },
    },
    {
      id: 'silence-is-a-message',
      says: 'An archive that does not answer for the slice on screen is a timeout message on that image.',
      source: WATCHDOG,
      rule: { kind: 'always', if: { all: [aboutImageOnScreen('IMAGE_TIMED_OUT'), onScreenWas('loading')] }, then: { sees: { state: 'imageFailed', imageProblem: 'timeout' } } },
    },
    {
      id: 'silence-waited-30-s',
      says: 'The timeout comes 30 s after the image was asked for.',
      source: WATCHDOG,
      rule: {
        kind: 'timing',
        what: { all: [{ sees: { imageProblem: 'timeout' } }, { not: { saw: { imageProblem: 'timeout' } } }] },
        when: [{ since: { call: 'loadImage' }, ms: 30_000 }],
      },
    },
    {
      id: 'failed-image-retried',
      says: 'Trying a failed image again fetches it again.',
      source: BAD_FILES,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'RETRY_IMAGE' }, { saw: { state: 'imageFailed' } }] },
        then: { all: [{ call: 'loadImage', with: { key: { sameAs: 'saw.currentKey' } } }, { sees: { state: 'imageLoading' } }] },
      },
    },
    {
      id: 'cache-capped',
      says: 'The decoded images kept never take more than the cache allows.',
      source: MEMORY,
      rule: { kind: 'always', if: { input: 'IMAGE_LOADED' }, then: { sees: { roomInCache: { above: -1 } } } },
    },
    {
      id: 'dropped-pixels-forgotten',
      says: 'Images dropped from the cache are forgotten by the app too, and the cache holds less for it.',
      source: MEMORY,
      rule: { kind: 'always', if: { effect: 'dropImages' }, then: { sees: { roomInCache: { above: 0 } } } },
    },
    {
      id: 'follows-nearest-position',
      says: 'Told where the study beside it is, the viewer shows the slice nearest that position in the series on screen.',
      source: PRIOR,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'FOLLOW_POSITION', with: { position: 9.2 } }, { saw: { position: { oneOf: [9, 10] } } }] },
        then: { sees: { position: 9 } },
      },
    },
    {
      id: 'following-never-echoes',
      says: 'Following the study beside it never tells that study back: the two cannot chase each other.',
      source: PRIOR,
      rule: { kind: 'always', if: { input: 'FOLLOW_POSITION' }, then: { not: { effect: 'sliceMoved' } } },
    },
    {
      id: 'patient-moves-told',
      says: 'When the patient moves to another slice, the viewer tells where the slice on screen now is, for the study beside it.',
      source: PRIOR,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['STEP_SLICE', 'GO_TO_SLICE'] }, { saw: { state: { oneOf: ['imageLoading', 'imageReady', 'imageFailed'] } } }, { not: { sees: { slice: { sameAs: 'saw.slice' } } } }] },
        then: { effect: 'sliceMoved', with: { position: { sameAs: 'sees.position' } } },
      },
    },
  ],
};

/** What the viewer is set up with when the screen opens (the start's input). */
interface Settings {
  appOrigin: string;
  archiveOrigins: readonly string[];
  concurrency: number;
  cacheBytes: number;
}
const IMAGE_RESULTS = ['IMAGE_LOADED', 'IMAGE_FAILED', 'IMAGE_TIMED_OUT'];
const DICOM_UID = /^[0-9]+(\.[0-9]+)*$/;
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : null);

/**
 * The oracle's own reading of the link and its own count of the images, from what an onlooker
 * sees: the settings the screen opened with, the links it was given, the images asked for
 * (loadImage calls) and stopped, the answers about each, and the images the app was told to drop.
 * An image is in flight from its call to its answer or its stop; kept from a loaded answer to its drop.
 */
function imagesSeen(trace: Trace): Record<string, unknown> {
  const settings = (trace[0]?.input.input ?? {}) as Partial<Settings>;
  const inFlight = new Set<string>();
  const kept = new Map<string, number>();
  const failed = new Set<string>();
  for (const step of trace) {
    const { type, key, bytes } = step.input as { type: string; key?: unknown; bytes?: unknown };
    if (IMAGE_RESULTS.includes(type) && typeof key === 'string' && inFlight.has(key)) {
      inFlight.delete(key);
      if (type === 'IMAGE_LOADED') kept.set(key, typeof bytes === 'number' ? bytes : 0);
      else failed.add(key);
    }
    for (const stopped of step.stoppedCalls ?? []) if (stopped.name === 'loadImage') inFlight.delete((stopped.input as { key: string }).key);
    for (const effect of step.effects) if (effect.name === 'dropImages') for (const dropped of (effect.params as { keys: string[] }).keys) kept.delete(dropped);
    for (const call of step.calls) {
      if (call.name !== 'loadImage') continue;
      const asked = (call.input as { key: string }).key;
      inFlight.add(asked);
      failed.delete(asked);
    }
  }
  const last = trace[trace.length - 1];
  const currentKey = last?.view.currentKey;
  const keptBytes = [...kept.values()].reduce((sum, n) => sum + n, 0);
  let link: 'badUid' | 'foreignArchive' | 'good' | null = null;
  if (last?.input.type === 'OPEN') {
    const query = last.input.query as { studyuid?: string | null; wadourl?: string | null };
    const uid = query.studyuid?.trim() ?? '';
    const archive = originOf(query.wadourl ?? '');
    const allowed = [settings.appOrigin ?? '', ...(settings.archiveOrigins ?? [])].map(originOf);
    link = !DICOM_UID.test(uid) || uid.length > 64 ? 'badUid' : archive === null || !allowed.includes(archive) ? 'foreignArchive' : 'good';
  }
  // The archive the latest image list named: none (the link's), a configured one, or a foreign one; and its standard.
  const listed = trace.findLast((step) => step.input.type === 'answer:loadStudy')?.input.output as { archive?: { protocol: string; root?: string; url?: string } | null } | undefined;
  const listOrigin = listed?.archive ? originOf(listed.archive.root ?? listed.archive.url ?? '') : null;
  const allowedOrigins = [settings.appOrigin ?? '', ...(settings.archiveOrigins ?? [])].map(originOf);
  return {
    link,
    listArchive: !listed ? null : !listed.archive ? 'link' : listOrigin !== null && allowedOrigins.includes(listOrigin) ? 'allowed' : 'foreign',
    listProtocol: listed?.archive?.protocol ?? 'wadoUri',
    inFlight: inFlight.size,
    roomToLoad: (settings.concurrency ?? 0) - inFlight.size,
    keptBytes,
    roomInCache: (settings.cacheBytes ?? 0) - keptBytes,
    failedImages: failed.size,
    currentStatus:
      typeof currentKey !== 'string' ? null : inFlight.has(currentKey) ? 'loading' : kept.has(currentKey) ? 'ready' : failed.has(currentKey) ? 'failed' : 'idle',
  };
}

/**
 * The oracle's own reading of the findings the study list's answer gave: the images of its places
 * that are in its study (a place elsewhere cannot be gone to), in the answer's order; and which of
 * them the finding the view names (from 1) is. None without marks (none found, or none to be had).
 */
function findingsAnswered(trace: Trace): Record<string, unknown> {
  type Image = { key: string; sopUid: string; frame: number };
  type Place = { seriesUid: string; sopUid: string; frame: number; findingId?: string | null };
  const answer = trace.findLast((step) => step.input.type === 'answer:loadStudy')?.input.output as
    | { study: { series: { seriesUid: string; images: Image[] }[] }; findings: unknown[] | null; places: Place[] }
    | undefined;
  const keyOf = (place: Place) =>
    answer?.study.series.find((series) => series.seriesUid === place.seriesUid)?.images.find((image) => image.sopUid === place.sopUid && image.frame === place.frame)?.key;
  const located = answer && (answer.findings?.length ?? 0) > 0 ? answer.places.filter((place) => keyOf(place) !== undefined) : [];
  const keys = located.map((place) => keyOf(place)!);
  const shown = trace[trace.length - 1]?.view.finding;
  // The finding the screen's link named (its first OPEN), as its place among those located, from 1.
  const named = (trace.find((step) => step.input.type === 'OPEN')?.input.query as { finding?: string | null } | undefined)?.finding ?? null;
  const namedAt = named === null ? -1 : located.findIndex((place) => place.findingId === named);
  return { findingsAnswered: keys.length, findingKey: typeof shown === 'number' ? (keys[shown - 1] ?? null) : null, findingNamed: namedAt < 0 ? null : namedAt + 1 };
}
