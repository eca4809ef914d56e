import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentHospital } from '../currentHospital';
import { currentPatient } from '../currentPatient';
import { fail, ok } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam } from '../query';
import { wadoBaseUrl } from '../sandboxUrls';

const filmQuerySchema = z.object({ CollectId: recordIdParam('CollectId') });

export async function packageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/V1.0/Package/HospitalStudyList', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    return ok(app.sandbox.studies.pageForPatient(patient.id, pageWindow(page)));
  });

  /** The film detail: what the viewer needs to load a study from the image server. */
  app.get('/V1.0/Package/HospitalStudyImageList', async (request) => {
    const patient = await currentPatient(request);
    const { CollectId } = parseQuery(filmQuerySchema, request.query);
    const film = app.sandbox.studies.filmDetailForPatient(patient.id, CollectId);
    if (!film) return fail(404, '影像不存在');
    return ok({
      sex: film.sex,
      age: film.age,
      imServerUrl: wadoBaseUrl(app.sandbox.publicOrigin),
      studyUId: film.studyUId,
      orgCode: film.orgCode,
    });
  });

  app.get('/V1.0/Package/HospitalLogo', async (request) => {
    return ok({ logoUrl: currentHospital(request).logoUrl });
  });
}
