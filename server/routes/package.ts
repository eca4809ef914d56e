import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentHospital } from '../currentHospital';
import { currentPatient } from '../currentPatient';
import { fail, ok } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam } from '../query';
import { filmCollectionRepository } from '../repositories/filmCollections';
import type { StudyRecord } from '../repositories/studies';
import { STUDY_NOT_FOUND } from '../requestedStudy';
import { readableStudy } from '../studyAccess';
import { seriesThumbnails } from '../dicom/catalogue';
import { wadoBaseUrl } from '../sandboxUrls';
import { patientGrant } from '../signedUrls';
import type { Grant } from '../signedUrls';
import { signStudyUrl } from '../studyBytes';
import type { FilmDetail, FilmPackage, SeriesThumbnail } from '../../src/shared/api/studySchemas';
import type { PacsArchive } from '../archives/pacsArchive';
import { archiveSeriesThumbnails, proxiedWadoUrl } from '../archives/pacsImages';
import { isArchiveStudy } from '../archives/pacsStudies';
import { reportNoticeRepository } from '../repositories/reportNotices';

/** `CollectId` names a study (its collectFilmId); `collectId` a collected film of Package/list, which stands for its study. */
const filmQuerySchema = z
  .object({ CollectId: recordIdParam('CollectId').optional(), collectId: recordIdParam('collectId').optional() })
  .refine((query) => (query.CollectId === undefined) !== (query.collectId === undefined), {
    error: 'give either CollectId (a study) or collectId (a collected film)',
  });
const collectionQuerySchema = z.object({ collectId: recordIdParam('collectId') });

/** The study's series thumbnails from the image catalogue, their URLs signed under the grant the request read it with. */
function seriesOf(request: FastifyRequest, study: StudyRecord, grant: Grant): SeriesThumbnail[] {
  return seriesThumbnails(study).map((series) => ({
    ...series,
    thumbnailUrl: series.thumbnailUrl ? signStudyUrl(request, series.thumbnailUrl, study.id, grant) : null,
  }));
}

/** How many images the series hold; left out while the catalogue knows none. */
function imageCountOf(series: SeriesThumbnail[]): { imageCount?: number } {
  return series.length === 0 ? {} : { imageCount: series.reduce((sum, one) => sum + one.imageCount, 0) };
}

/** A list row's image count and thumbnail (the first series'), each left out while the catalogue has none. */
export function listImagesOf(request: FastifyRequest, study: StudyRecord | undefined, grant: Grant): { imageCount?: number; thumbnailUrl?: string } {
  // The real archive's studies (server/archives/): the list does not ask the archive for every row.
  if (study && isArchiveStudy(request.server.sandbox.db, study.id)) return {};
  const series = study ? seriesOf(request, study, grant) : [];
  const thumbnailUrl = series.find((one) => one.thumbnailUrl)?.thumbnailUrl;
  return { ...imageCountOf(series), ...(thumbnailUrl ? { thumbnailUrl } : {}) };
}

const NOT_IN_MY_FILMS = '胶片不存在';

export async function packageRoutes(app: FastifyInstance, { pacs }: { pacs?: PacsArchive } = {}): Promise<void> {
  const { studies, publicOrigin } = app.sandbox;
  const collections = filmCollectionRepository(app.sandbox.db);
  const reportNotices = reportNoticeRepository(app.sandbox.db);

  /** A list row of the signed-in patient's with its study's image count and thumbnail from the catalogue. */
  function withImages(request: FastifyRequest, patientId: number) {
    return <T extends { collectFilmId: number | string }>(row: T) => ({ ...row, ...listImagesOf(request, studies.findById(Number(row.collectFilmId)), patientGrant(patientId)) });
  }

  app.get('/V1.0/Package/HospitalStudyList', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    const { rows, totals } = studies.pageForPatient(patient.id, pageWindow(page));
    // A report that arrived after the patient asked, not read yet (issue 27 §5): the card says it is new.
    const unread = reportNotices.unreadOf(patient.id);
    return ok({ rows: rows.map(withImages(request, patient.id)).map((row) => ({ ...row, reportNew: unread.has(Number(row.collectFilmId)) })), totals });
  });

  /**
   * The film detail: the study as the film detail page shows it, and where the viewer loads it from.
   * `CollectId` follows the access rule (studyAccess.ts: own, collected, or a pass); `collectId`
   * names one of my films, so it needs the signed-in patient.
   */
  app.get('/V1.0/Package/HospitalStudyImageList', async (request) => {
    const query = parseQuery(filmQuerySchema, request.query);
    const studyId = query.CollectId ?? collections.studyIdOf((await currentPatient(request)).id, query.collectId!);
    if (studyId === undefined) return fail(404, STUDY_NOT_FOUND);
    const { study, grant } = await readableStudy(request, studyId);
    // A study of the real archive (server/archives/): its series are the archive's, its images reached through the proxy.
    const fromArchive = isArchiveStudy(app.sandbox.db, study.id);
    const series = fromArchive ? (pacs ? await archiveSeriesThumbnails(request, pacs, study, grant) : []) : seriesOf(request, study, grant);
    return ok({
      sex: study.sex,
      age: study.age,
      imServerUrl: fromArchive ? proxiedWadoUrl(publicOrigin) : wadoBaseUrl(publicOrigin),
      studyUId: study.studyUId,
      orgCode: study.orgCode,
      collectFilmId: String(study.id),
      patientName: study.patientName,
      modality: study.modality,
      bodyPart: study.bodyPart,
      studyDescription: study.studyDescription,
      studyDate: study.studyDate,
      studyTime: study.studyTime,
      deptCode: study.deptCode,
      accessionNumber: study.accessionNumber,
      hospitalName: study.hospitalName,
      ...imageCountOf(series),
      series,
    } satisfies FilmDetail);
  });

  /** My films: the studies the patient collected, newest collected first. */
  app.get('/V1.0/Package/list', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    const { rows, totals } = collections.pageForPatient(patient.id, pageWindow(page));
    const images = withImages(request, patient.id);
    return ok({ rows: rows.map((row) => images(row) satisfies FilmPackage), totals });
  });

  /** Removes a film from my films; the study stays. */
  app.post('/V1.0/Package/delete', async (request) => {
    const patient = await currentPatient(request);
    const { collectId } = parseQuery(collectionQuerySchema, request.query);
    if (!collections.remove(patient.id, collectId)) return fail(404, NOT_IN_MY_FILMS);
    return ok(null, '操作成功');
  });

  app.get('/V1.0/Package/HospitalLogo', async (request) => {
    return ok({ logoUrl: currentHospital(request).logoUrl });
  });
}
