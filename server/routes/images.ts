import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ElectImages, StudyImages } from '../../src/shared/api/studySchemas';
import { storedStudies } from '../dicom/studies';
import type { StoredStudy } from '../dicom/studies';
import { fail, ok } from '../envelope';
import { parseQuery, recordIdParam, textParam } from '../query';
import { DICOMWEB_ROOT_PATH, wadoBaseUrl } from '../sandboxUrls';
import type { SandboxDicomWeb } from '../runtimeConfig';
import type { DicomArchive } from '../dicom/archive';
import type { Grant } from '../signedUrls';
import { noAccess, readableStudy, studyIdOfUid } from '../studyAccess';
import { authorizeStudyBytes, refuseStudyBytes, signStudyUrl, studyBytesCors } from '../studyBytes';
import type { ArchiveRouteOptions } from './wado';
import { archiveStudyImages } from '../archives/pacsImages';
import { isArchiveStudy } from '../archives/pacsStudies';

/** Where film sheets and key images are served: `/sandbox/films/<study UID>/<name>.jpg`. */
export const FILMS_PATH = '/sandbox/films';
const NOT_FOUND = '影像不存在';

const studyImagesQuery = z.object({
  studyUId: textParam('studyUId', 'a study instance UID'),
  hospId: z.optional(z.string().trim()),
});
const collectQuery = z.object({ CollectId: recordIdParam('CollectId') });

/**
 * The calls that show a study's images (issue 12): the viewer's series and instances, the film
 * sheets and key images. Only studies the request may read (server/studyAccess.ts: own, collected,
 * or a study pass): another's is not found, exactly like one that does not exist. (ReportAiInfo's
 * findings: routes/aiInfo.ts with dicom/findings.ts.)
 */
export async function imageRoutes(app: FastifyInstance, { archive, pacs, dicomWeb = { studies: 'none', signed: false } }: ArchiveRouteOptions & { dicomWeb?: SandboxDicomWeb }): Promise<void> {
  /**
   * Where the image list sends the viewer (issue 25 §1): the sandbox's DICOMweb root for the
   * studies CF_SANDBOX_DICOMWEB names (by default those with a multi-frame instance: ultrasound
   * and XA cine, whose first frame then comes alone), else nothing (the link's WADO-URI address).
   */
  function archiveOfStudy(series: ReturnType<DicomArchive['seriesOf']>, sign: (root: string) => string): { dicomWebRoot?: string } {
    const cine = series.some((s) => s.instances.some((instance) => instance.frames > 1));
    if (dicomWeb.studies === 'none' || (dicomWeb.studies === 'cine' && !cine)) return {};
    return { dicomWebRoot: new URL(sign(DICOMWEB_ROOT_PATH), app.sandbox.publicOrigin).href };
  }

  const studies = storedStudies(app.sandbox.db);

  /** The stored study `find` names when the request may read it, and the grant it reads it under; an ApiError otherwise, as readableStudy says. */
  async function readable(request: FastifyRequest, find: () => StoredStudy | undefined): Promise<{ study: StoredStudy; grant: Grant }> {
    const study = find();
    if (!study) return noAccess(request);
    const { grant } = await readableStudy(request, study.id);
    return { study, grant };
  }

  app.get('/V1.0/Package/GetPatientStudyImageList', async (request) => {
    const { studyUId, hospId } = parseQuery(studyImagesQuery, request.query);
    const { study, grant } = await readable(request, () => studies.byUid(studyUId));
    if (hospId && hospId !== study.orgCode) return fail(404, NOT_FOUND);
    // A study imported from the real archive (CF_PACS_URL): its images are the archive's.
    if (isArchiveStudy(app.sandbox.db, study.id)) {
      const images = pacs && (await archiveStudyImages(request, pacs, study, grant));
      return images ? ok(images) : fail(404, NOT_FOUND);
    }
    const wado = wadoBaseUrl(app.sandbox.publicOrigin);
    const signed = (url: string | null | undefined): string | null => (url ? signStudyUrl(request, url, study.id, grant) : null);
    const thumbnails = new Map(archive.thumbnails(study, wado).map((t) => [t.seriesUid, signed(t.thumbnailUrl)]));
    const series = archive.seriesOf(study);
    return ok({
      studyUId: study.studyUId,
      ...archiveOfStudy(series, (root) => (dicomWeb.signed ? signStudyUrl(request, root, study.id, grant) : root)),
      patientName: study.patientName,
      patientId: study.patientId,
      sex: study.patientSex,
      age: study.patientAge,
      studyDate: study.studyDate,
      studyDescription: study.studyDescription,
      hospitalName: study.institutionName,
      series: series.map((series) => ({
        seriesUid: series.seriesUid,
        seriesNumber: series.seriesNumber,
        modality: series.template.modality,
        description: series.template.description,
        thumbnailUrl: thumbnails.get(series.seriesUid) ?? null,
        instances: series.instances.map((i) => ({ sopUid: i.sopUid, instanceNumber: i.instanceNumber, frames: i.frames, position: series.template.axial?.z(i.templateIndex) ?? null })),
      })),
    } satisfies StudyImages);
  });

  app.get('/V2.0/YJPIndex/ElectImages', async (request) => {
    const { CollectId } = parseQuery(collectQuery, request.query);
    const { study, grant } = await readable(request, () => studies.byId(CollectId));
    // The real archive's studies have no film sheets the sandbox could draw.
    if (isArchiveStudy(app.sandbox.db, study.id)) return ok({ films: [], hdImages: [] } satisfies ElectImages);
    const base = new URL(`${FILMS_PATH}/${study.studyUId}`, app.sandbox.publicOrigin).href;
    const { films, hdImages } = archive.renderedImages(study, base);
    const signed = (image: ElectImages['films'][number]) => ({ ...image, url: signStudyUrl(request, image.url, study.id, grant) });
    return ok({ films: films.map(signed), hdImages: hdImages.map(signed) } satisfies ElectImages);
  });
}

/**
 * Film sheets and key images as JPEGs, drawn on first request and kept in memory. An `<img>` asks
 * for them, so their URLs are signed for the study (ElectImages signs them; server/studyBytes.ts).
 */
export async function filmRoutes(app: FastifyInstance, { archive }: ArchiveRouteOptions): Promise<void> {
  const studies = storedStudies(app.sandbox.db);
  app.get<{ Params: { studyUid: string; file: string } }>(`${FILMS_PATH}/:studyUid/:file`, async (request, reply) => {
    const { studyUid, file } = request.params;
    const verdict = await authorizeStudyBytes(request, studyIdOfUid(app.sandbox.db, studyUid));
    if (!verdict.ok) return refuseStudyBytes(request, reply, verdict.status);
    const name = /^((?:film|hd)-[0-9]+)\.jpg$/.exec(file)?.[1];
    const study = name ? studies.byUid(studyUid) : undefined;
    const jpeg = study && name ? await archive.renderedImage(study, name) : undefined;
    if (!jpeg) return refuseStudyBytes(request, reply, 404);
    return reply
      .headers({ ...studyBytesCors(request), 'cache-control': verdict.cacheControl })
      .type('image/jpeg')
      .send(Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  });
}
