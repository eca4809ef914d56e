import type { FastifyInstance } from 'fastify';
import { currentHospital } from '../currentHospital';
import { ok } from '../envelope';

export async function hospitalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/V2.0/YJPIndex/GetHospitalSetting', async (request) => {
    const hospital = currentHospital(request);
    return ok({
      hospitalName: hospital.name,
      orgCode: hospital.orgCode,
      theme: hospital.theme,
      logoUrl: hospital.logoUrl,
      officialAccountName: hospital.officialAccountName,
      officialAccountQrUrl: hospital.officialAccountQrUrl,
      serviceHours: hospital.serviceHours,
      modules: hospital.modules,
    });
  });
}
