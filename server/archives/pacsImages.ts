import type { FastifyRequest } from 'fastify';
import type { SeriesThumbnail, StudyImages } from '../../src/shared/api/studySchemas';
import { wadoJpegUrl } from '../dicom/catalogue';
import type { StoredStudy } from '../dicom/studies';
import type { Grant } from '../signedUrls';
import { signStudyUrl } from '../studyBytes';
import { PACS_ROUTE } from './pacsArchive';
import type { PacsArchive } from './pacsArchive';
import { pacsSeries } from './pacsStudies';
import type { PacsSeries } from './pacsStudies';

/**
 * What the sandbox's image calls answer for a study the archive holds (pacsStudies.ts): its
 * series and instances as the archive has them, the archive's real addresses for the viewer
 * (the runtime configuration routes them through the sandbox's proxy, server/runtimeConfig.ts),
 * and thumbnails the archive renders, fetched through the proxy by a URL signed for the study.
 */

/** The archive's WADO-URI address on the app's own origin: the proxy. */
export function proxiedWadoUrl(publicOrigin: string): string {
  return new URL(`${PACS_ROUTE}wado`, publicOrigin).href;
}

/** The two keys of a study a thumbnail needs (a study row or a stored study has them). */
type StudyKeys = Pick<StoredStudy, 'id' | 'studyUId'>;

/** A series' thumbnail: its middle instance as a JPEG 128 pixels wide, through the proxy, signed for the study. */
function thumbnailOf(request: FastifyRequest, study: StudyKeys, grant: Grant, series: PacsSeries): string | null {
  const middle = series.instances[Math.floor((series.instances.length - 1) / 2)];
  if (!middle) return null;
  const url = wadoJpegUrl(proxiedWadoUrl(request.server.sandbox.publicOrigin), study.studyUId, series.seriesUid, middle.sopUid, 128);
  // The media type plain (`image/jpeg`), as archives match it and as a proxy such as nginx passes it on;
  // the signature covers the decoded query, so it holds either way.
  return signStudyUrl(request, url, study.id, grant).replaceAll('%2F', '/');
}

/** The image list with the two addresses of the archive (shared plan, interface 3). */
export type ArchiveStudyImages = StudyImages & { wadoUrl: string; dicomWebRoot: string };

/** `GetPatientStudyImageList` for an archive's study; undefined when the archive has none of its images now. */
export async function archiveStudyImages(request: FastifyRequest, pacs: PacsArchive, study: StoredStudy, grant: Grant): Promise<ArchiveStudyImages | undefined> {
  const series = await pacsSeries(pacs, study.studyUId);
  if (series.length === 0) return undefined;
  return {
    studyUId: study.studyUId,
    patientName: study.patientName,
    patientId: study.patientId,
    sex: study.patientSex,
    age: study.patientAge,
    studyDate: study.studyDate,
    studyDescription: study.studyDescription,
    hospitalName: study.institutionName,
    wadoUrl: pacs.wadoUrl,
    dicomWebRoot: pacs.dicomWebRoot,
    series: series.map((one) => ({
      seriesUid: one.seriesUid,
      seriesNumber: one.seriesNumber,
      modality: one.modality,
      description: one.description,
      thumbnailUrl: thumbnailOf(request, study, grant, one),
      instances: one.instances,
    })),
  };
}

/** The film detail's series of an archive's study, with their thumbnails. */
export async function archiveSeriesThumbnails(request: FastifyRequest, pacs: PacsArchive, study: StudyKeys, grant: Grant): Promise<SeriesThumbnail[]> {
  return (await pacsSeries(pacs, study.studyUId)).map((one) => ({
    seriesUid: one.seriesUid,
    seriesNumber: one.seriesNumber,
    modality: one.modality,
    description: one.description,
    imageCount: one.instances.length,
    thumbnailUrl: thumbnailOf(request, study, grant, one),
  }));
}
