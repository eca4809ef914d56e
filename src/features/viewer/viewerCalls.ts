import { comparePriorSchema, type FoundPrior, type PriorRequest } from '../../../machines/compare/compare.types';
import { imageKey, type LoadedStudy, type StudyArchive, type SeriesStack, type StudyRequest, type StudyStack } from '../../../machines/viewer/viewer.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { reportAiInfoSchema, studyImagesSchema, type StudyImages } from '../../shared/api/studySchemas';
import { aiFindingPlaces } from '../../shared/rules/aiFindings';

/**
 * The viewer's `loadStudy`: the study image list, and the AI findings when showAi is true. The
 * findings are an extra layer: when they cannot be had the images still open, without the layer.
 * Each finding's place (its best image, in the order "next" visits them) comes from the rule.
 */
export async function loadStudy(api: ApiClient, request: StudyRequest, signal: AbortSignal): Promise<LoadedStudy> {
  const findings = request.withFindings
    ? api
        .request(ENDPOINTS.yjpIndex.ReportAiInfo, { params: { studyUId: request.studyUid }, schema: reportAiInfoSchema, signal })
        .then((info) => info.findings, () => null)
    : Promise.resolve(null);
  const images = await api.request(ENDPOINTS.package.GetPatientStudyImageList, {
    params: { studyUId: request.studyUid, hospId: request.hospId },
    schema: studyImagesSchema,
    signal,
  });
  const study = toStudyStack(images);
  const marks = await findings;
  return { study, archive: archiveOf(images), findings: marks, places: marks ? aiFindingPlaces(study, marks) : [] };
}

/** Where the image list says the images are (issue 25 §1): a DICOMweb root first, else a WADO-URI address, else null (the link's). */
export function archiveOf(images: Pick<StudyImages, 'dicomWebRoot' | 'wadoUrl'>): StudyArchive | null {
  if (images.dicomWebRoot) return { protocol: 'wadoRs', root: images.dicomWebRoot };
  if (images.wadoUrl) return { protocol: 'wadoUri', url: images.wadoUrl };
  return null;
}

/** The list call's answer as the viewer walks it: series by number, images by instance number, frames expanded, empty series left out. */
export function toStudyStack(images: StudyImages): StudyStack {
  const series: SeriesStack[] = [...images.series]
    .sort((a, b) => a.seriesNumber - b.seriesNumber)
    .map((s) => ({
      seriesUid: s.seriesUid,
      seriesNumber: s.seriesNumber,
      modality: s.modality,
      description: s.description ?? null,
      thumbnailUrl: s.thumbnailUrl ?? null,
      images: [...s.instances]
        .sort((a, b) => a.instanceNumber - b.instanceNumber)
        .flatMap((instance) =>
          Array.from({ length: instance.frames }, (_, i) => ({
            key: imageKey(instance.sopUid, i + 1),
            sopUid: instance.sopUid,
            frame: i + 1,
            frames: instance.frames,
            // A slice's place in the patient; the frames of a clip are one place in time, not in space.
            position: instance.frames === 1 ? (instance.position ?? null) : null,
          })),
        ),
    }))
    .filter((s) => s.images.length > 0);
  return {
    studyUid: images.studyUId,
    patientName: images.patientName ?? null,
    patientId: images.patientId ?? null,
    sex: images.sex ?? null,
    age: images.age === null || images.age === undefined ? null : String(images.age),
    studyDate: images.studyDate ?? null,
    studyDescription: images.studyDescription ?? null,
    hospitalName: images.hospitalName ?? null,
    series,
  };
}

/** The compare chart's `findPrior` (issue 27 §3): the prior of the study on screen, or null. */
export async function findPrior(api: ApiClient, request: PriorRequest, signal: AbortSignal): Promise<FoundPrior | null> {
  const { prior, currentFilmId } = await api.request(ENDPOINTS.compare.prior, { params: { studyUId: request.studyUid, hospId: request.hospId }, schema: comparePriorSchema, signal, background: true });
  return prior ? { prior, currentFilmId: currentFilmId ?? null } : null;
}
