import type { FastifyInstance } from 'fastify';
import { currentHospital } from '../currentHospital';
import { ok } from '../envelope';
import type { hospitalSettingSchema } from '../../src/shared/api/schemas';
import type * as z from 'zod/mini';

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
      servicePhone: hospital.servicePhone,
      address: hospital.address,
      latitude: hospital.latitude,
      longitude: hospital.longitude,
      modules: hospital.modules,
    } satisfies z.input<typeof hospitalSettingSchema>);
  });
}
