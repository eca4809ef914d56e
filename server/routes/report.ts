import type { FastifyInstance } from 'fastify';
import { currentPatient } from '../currentPatient';
import { ok } from '../envelope';

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  app.get('/V1.0/Report/GetSyncReportStatus', async (request) => {
    const patient = await currentPatient(request);
    return ok(app.sandbox.reportSync.forPatient(patient.id));
  });
}
