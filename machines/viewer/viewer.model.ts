import type { Finding, FindingPlace, LoadedStudy, StudyStack, ViewerInput } from './viewer.types';

/**
 * The viewer's events for path generation: a small study (a CT series of two images, an MR series
 * of one), one image loaded at a time and a cache of two images, so that loading outward, stopping
 * and dropping all happen within a few steps. Two AI findings, one in each series, so that going
 * from one to the next changes series, and going back to one after scrolling away does not. The
 * image list names no archive (the link's, WADO-URI), a configured DICOMweb root, or a foreign one.
 * The CT slices give their positions (10 and 9 mm), the MR's none: the prior study beside this one
 * is followed to the nearest slice where there are positions, and not where there are none.
 */
export const viewerInput: ViewerInput = {
  appOrigin: 'http://localhost',
  archiveOrigins: ['https://pacs.example.org'],
  concurrency: 1,
  cacheBytes: 200,
};

const IMAGE_BYTES = 100;

const study: StudyStack = {
  studyUid: '1.2.840.1',
  patientName: '张三',
  patientId: 'P1',
  sex: 'M',
  age: '045Y',
  studyDate: '2026-11-20',
  studyDescription: 'CT chest',
  hospitalName: 'Demo hospital',
  series: [
    {
      seriesUid: '1.2.840.1.1',
      seriesNumber: 1,
      modality: 'CT',
      description: 'Lung',
      thumbnailUrl: null,
      images: [
        { key: '1.2.840.1.1.1:1', sopUid: '1.2.840.1.1.1', frame: 1, frames: 1, position: 10 },
        { key: '1.2.840.1.1.2:1', sopUid: '1.2.840.1.1.2', frame: 1, frames: 1, position: 9 },
      ],
    },
    {
      seriesUid: '1.2.840.1.2',
      seriesNumber: 2,
      modality: 'MR',
      description: null,
      thumbnailUrl: null,
      images: [{ key: '1.2.840.1.2.1:1', sopUid: '1.2.840.1.2.1', frame: 1, frames: 1 }],
    },
  ],
};
const [a1, a2] = study.series[0]!.images;
const [b1] = study.series[1]!.images;

const finding: Finding = { findingId: 'n1', seriesUid: '1.2.840.1.1', sopUid: a1!.sopUid, frame: 1, shape: 'box', x: 10, y: 20, width: 30, height: 40, label: 'Nodule 6 mm' };
const second: Finding = { findingId: 'n2', seriesUid: '1.2.840.1.2', sopUid: b1!.sopUid, frame: 1, shape: 'mark', x: 5, y: 5, width: 0, height: 0, label: 'Cyst' };
/** Where the viewer goes to see a finding: here, the image of its one mark. */
const placeOf = ({ findingId, label, seriesUid, sopUid, frame }: Finding): FindingPlace => ({ findingId: findingId ?? null, label, seriesUid, sopUid, frame });
const loaded: LoadedStudy = { study, archive: null, findings: [finding, second], places: [placeOf(finding), placeOf(second)] };
/** The findings were asked for and could not be had: the images open without them. */
const withoutFindings: LoadedStudy = { study, archive: null, findings: null, places: [] };
const empty: LoadedStudy = { study: { ...study, series: [] }, archive: null, findings: null, places: [] };
/** The image list names the archive's DICOMweb root (a configured origin): WADO-RS. */
const dicomWeb: LoadedStudy = { ...withoutFindings, archive: { protocol: 'wadoRs', root: 'https://pacs.example.org/dicom-web' } };
/** The image list names an archive the configuration does not list. */
const foreignRoot: LoadedStudy = { ...withoutFindings, archive: { protocol: 'wadoRs', root: 'https://elsewhere.example.com/dicom-web' } };

/** The link of an AI result (spec section 4), with an archive the configuration lists. */
const query = { checkWay: '2', result: '2', showAi: 'true', wadourl: 'https://pacs.example.org/wado', studyuid: study.studyUid, hospid: 'H1' };

export const viewerEvents = [
  { type: 'OPEN', query },
  /** A report's item the AI located links to its finding (issue 27 §1): here the second. */
  { type: 'OPEN', query: { ...query, finding: 'n2' } },
  { type: 'OPEN', query: { ...query, studyuid: 'not a uid' } },
  { type: 'OPEN', query: { ...query, wadourl: 'https://elsewhere.example.com/wado' } },
  { type: 'xstate.done.actor.loadStudy', output: loaded },
  { type: 'xstate.done.actor.loadStudy', output: withoutFindings },
  { type: 'xstate.done.actor.loadStudy', output: empty },
  { type: 'xstate.done.actor.loadStudy', output: dicomWeb },
  { type: 'xstate.done.actor.loadStudy', output: foreignRoot },
  { type: 'xstate.error.actor.loadStudy', error: new Error('offline') },
  { type: 'RETRY' },
  { type: 'STEP_SLICE', by: 1 },
  { type: 'STEP_SLICE', by: -1 },
  { type: 'GO_TO_SLICE', index: 1 },
  { type: 'SELECT_SERIES', index: 1 },
  { type: 'SELECT_SERIES', index: 0 },
  { type: 'IMAGE_LOADED', key: a1!.key, bytes: IMAGE_BYTES },
  { type: 'IMAGE_LOADED', key: a2!.key, bytes: IMAGE_BYTES },
  { type: 'IMAGE_LOADED', key: b1!.key, bytes: IMAGE_BYTES },
  { type: 'IMAGE_FAILED', key: a2!.key, problem: 'truncated' },
  { type: 'IMAGE_TIMED_OUT', key: b1!.key },
  { type: 'RETRY_IMAGE' },
  { type: 'NEXT_FINDING' },
  { type: 'PREVIOUS_FINDING' },
  { type: 'GO_TO_FINDING' },
  /** Cine (issue 25 §4): the player's step; here every instance is one frame, so it stays on it once decoded. */
  { type: 'CINE_ADVANCE' },
  /** The prior study beside this one moved (issue 27 §3): nearest the second CT slice. */
  { type: 'FOLLOW_POSITION', position: 9.2 },
];

export const viewerFixtures = { study, loaded, withoutFindings, empty, dicomWeb, foreignRoot, query, finding, second, placeOf, a1: a1!, a2: a2!, b1: b1!, IMAGE_BYTES };
