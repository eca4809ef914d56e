import { EXAMS } from '../demoData';
import type { ExamKey } from '../demoData';
import type { SeriesThumbnail } from '../../src/shared/api/studySchemas';
import { WADO_PATH } from '../sandboxUrls';
import { SERIES_TEMPLATES } from './seriesTemplates';
import type { SeriesTemplate, TemplateName } from './seriesTemplates';
import { uidFor } from './uids';

/**
 * Which series and instances a study has: a pure function of the study, with UIDs from uidFor, so
 * a reseeded sandbox (or the plain WADO server, which has no database) finds the same ones.
 *
 * The series are chosen so the sandbox serves every transfer syntax:
 *
 * | study                                         | series (syntax)                                                 |
 * | --------------------------------------------- | --------------------------------------------------------------- |
 * | patient1 2026-11-18 CT chest (newest)        | 300 × 1 mm axial (explicit VR little endian), 60 × 5 mm lung (JPEG-LS) |
 * | patient1 2025-03-19 CT chest                  | 100 × 3 mm (RLE)                                                |
 * | patient2 2026-01-20 CT chest                  | 100 × 3 mm (JPEG 2000)                                          |
 * | any other CT chest                            | 100 × 3 mm (JPEG lossless)                                      |
 * | patient1 2024-05-06 CT head                   | 100 × 1.5 mm (explicit VR big endian)                           |
 * | any other CT head                             | 100 × 1.5 mm (implicit VR little endian)                        |
 * | CT abdomen                                    | 100 × 2.5 mm (deflated explicit VR little endian)               |
 * | MR head                                       | 24 × axial T2 (JPEG 2000), 24 × axial FLAIR (RLE)                |
 * | MR lumbar spine, MR knee                      | 15 × sagittal T2 (JPEG 2000), 20 × sagittal PD (RLE)             |
 * | DR chest, DR cervical spine                   | one MONOCHROME1 12-bit radiograph (JPEG lossless)               |
 * | US                                            | one 20-frame cine, RGB in, YBR_FULL_422 out (JPEG baseline)     |
 *
 * With the test-only faults on, one more study changes (FAULT_STUDY).
 */

/**
 * The study as the catalogue needs it: four fields of a study row (repositories/studies.ts
 * StudyRecord has them, under these names).
 */
export interface CatalogueStudy {
  studyUId: string;
  /** The exam's description as the seed writes it ("胸部CT平扫"): it names the demo exam. */
  studyDescription: string;
  modality: string;
  /** YYYY-MM-DD */
  studyDate: string;
}

/** A demo study: its date and exam (unique among the demo studies). */
interface StudyRule {
  date: string;
  exam: ExamKey;
  series: readonly TemplateName[];
}

/** Studies whose series differ from their exam's. */
const STUDY_SERIES: readonly StudyRule[] = [
  // patient1's newest chest CT (its lung-nodule analysis is not paid yet; the finished one, with
  // the boxes the viewer draws, is on the 2026-02-09 chest CT).
  { date: '2026-11-18', exam: 'ctChest', series: ['chestAxial1mm', 'chestLung5mm'] },
  { date: '2025-03-19', exam: 'ctChest', series: ['chest3mmRle'] }, // patient1
  { date: '2026-01-20', exam: 'ctChest', series: ['chest3mmJpeg2000'] }, // patient2
  { date: '2024-05-06', exam: 'ctHead', series: ['head15mmBigEndian'] }, // patient1
];

const EXAM_SERIES: Record<ExamKey, readonly TemplateName[]> = {
  ctChest: ['chest3mmJpegLossless'],
  ctHead: ['head15mmImplicit'],
  ctAbdomen: ['abdomen25mmDeflated'],
  mrHead: ['mrHeadT2', 'mrHeadFlair'],
  mrLumbar: ['mrLumbarT2'],
  mrKnee: ['mrKneePd'],
  drChest: ['dxChestPa'],
  drCervical: ['dxCervicalLateral'],
  usAbdomen: ['usLiver'],
  usThyroid: ['usThyroid'],
};

const MODALITY_SERIES: Record<string, readonly TemplateName[]> = {
  CT: EXAM_SERIES.ctChest,
  MR: EXAM_SERIES.mrHead,
  DR: EXAM_SERIES.drChest,
  DX: EXAM_SERIES.drChest,
  CR: EXAM_SERIES.drChest,
  US: EXAM_SERIES.usAbdomen,
};

/**
 * The test-only faults (on when the sandbox runs with SANDBOX_FAULTS=1): patient1's DR cervical
 * spine study of 2025-01-27 lists two more instances after its good one, a file cut off in its
 * pixel data and a file whose transfer syntax is MPEG2 (1.2.840.10008.1.2.4.100), which no viewer
 * of this app decodes.
 */
export const FAULT_STUDY = { date: '2025-01-27', exam: 'drCervical' } as const;
export const UNSUPPORTED_SYNTAX_UID = '1.2.840.10008.1.2.4.100';

export type InstanceFault = 'truncated' | 'unsupportedSyntax';

export interface CatalogueInstance {
  sopUid: string;
  instanceNumber: number;
  frames: number;
  /** Which of the template's instances this one is made from. */
  templateIndex: number;
  fault?: InstanceFault;
}

export interface CatalogueSeries {
  seriesUid: string;
  seriesNumber: number;
  template: SeriesTemplate;
  instances: CatalogueInstance[];
}

/** The exam a study description names, as the seed writes it; null for any other. */
export function examOfDescription(description: string): ExamKey | null {
  const entry = Object.entries(EXAMS).find(([, exam]) => exam.description === description);
  return entry ? (entry[0] as ExamKey) : null;
}

export function templateNamesOf(study: CatalogueStudy): readonly TemplateName[] {
  const exam = examOfDescription(study.studyDescription);
  const rule = STUDY_SERIES.find((r) => r.date === study.studyDate && r.exam === exam);
  if (rule) return rule.series;
  if (exam) return EXAM_SERIES[exam];
  return MODALITY_SERIES[study.modality] ?? EXAM_SERIES.ctChest;
}

export function isFaultStudy(study: CatalogueStudy): boolean {
  return study.studyDate === FAULT_STUDY.date && examOfDescription(study.studyDescription) === FAULT_STUDY.exam;
}

export function seriesUidOf(studyUid: string, seriesNumber: number): string {
  return uidFor(`${studyUid}/series/${seriesNumber}`);
}

/** The study's series in order (series numbers from 1), instances in order. */
export function catalogue(study: CatalogueStudy, options: { faults: boolean }): CatalogueSeries[] {
  return templateNamesOf(study).map((name, i) => {
    const template = SERIES_TEMPLATES[name];
    const seriesNumber = i + 1;
    const instances: CatalogueInstance[] = Array.from({ length: template.instances }, (_, index) => ({
      sopUid: uidFor(`${study.studyUId}/${seriesNumber}/${index + 1}`),
      instanceNumber: index + 1,
      frames: template.frames,
      templateIndex: index,
    }));
    if (options.faults && seriesNumber === 1 && isFaultStudy(study)) {
      (['truncated', 'unsupportedSyntax'] as const).forEach((fault, k) => {
        instances.push({ sopUid: uidFor(`${study.studyUId}/${seriesNumber}/fault/${fault}`), instanceNumber: template.instances + k + 1, frames: template.frames, templateIndex: 0, fault });
      });
    }
    return { seriesUid: seriesUidOf(study.studyUId, seriesNumber), seriesNumber, template, instances };
  });
}

/** Every template the given studies use, each once, in the order the studies name them. */
export function templatesOf(studies: readonly CatalogueStudy[]): SeriesTemplate[] {
  const names = new Set<TemplateName>();
  for (const study of studies) for (const name of templateNamesOf(study)) names.add(name);
  return [...names].map((name) => SERIES_TEMPLATES[name]);
}

/** A WADO-URI address of one object as a JPEG at most `columns` pixels wide. */
export function wadoJpegUrl(wadoUrl: string, studyUid: string, seriesUid: string, sopUid: string, columns?: number): string {
  const query = new URLSearchParams({ requestType: 'WADO', studyUID: studyUid, seriesUID: seriesUid, objectUID: sopUid, contentType: 'image/jpeg' });
  if (columns) query.set('columns', String(columns));
  return `${wadoUrl}?${query}`;
}

/**
 * Each series of a study with its thumbnail: the middle instance as a WADO-URI JPEG 128 pixels
 * wide. `wadoUrl` is the archive's WADO-URI address (wadoBaseUrl(origin); the sandbox's own path
 * by default). With `faults`, the fault study's image count includes its two faulty instances.
 */
export function seriesThumbnails(study: CatalogueStudy, wadoUrl: string = WADO_PATH, options: { faults?: boolean } = {}): SeriesThumbnail[] {
  return catalogue(study, { faults: options.faults ?? false }).map((series) => {
    const good = series.instances.filter((i) => !i.fault);
    const middle = good[Math.floor((good.length - 1) / 2)];
    return {
      seriesUid: series.seriesUid,
      seriesNumber: series.seriesNumber,
      modality: series.template.modality,
      description: series.template.description,
      imageCount: series.instances.length,
      thumbnailUrl: middle ? wadoJpegUrl(wadoUrl, study.studyUId, series.seriesUid, middle.sopUid, 128) : null,
    };
  });
}
