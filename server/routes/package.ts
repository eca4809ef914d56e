import type { FastifyInstance } from 'fastify';
import { currentHospital } from '../currentHospital';
import { currentPatient } from '../currentPatient';
import { ok } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery } from '../query';

export async function packageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/V1.0/Package/HospitalStudyList', async (request) => {
    const patient = await currentPatient(request);
    const page = parseQuery(pageQuerySchema, request.query);
    return ok(app.sandbox.studies.pageForPatient(patient.id, pageWindow(page)));
  });

  app.get('/V1.0/Package/HospitalLogo', async (request) => {
    return ok({ logoUrl: currentHospital(request).logoUrl });
  });
}
