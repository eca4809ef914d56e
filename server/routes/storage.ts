import type { FastifyInstance } from 'fastify';
import { currentPatient } from '../currentPatient';
import { ok } from '../envelope';
import { requestedStudy } from '../requestedStudy';
import { addDays, chinaDate, EXPIRING_WITHIN_DAYS, storageState } from '../storagePeriod';
import { storageForSale } from '../storagePlans';
import type { ExpiringStorage, StorageInfo } from '../../src/shared/api/studySchemas';

/** How long studies' images stay online, and whether more storage can be bought. */
export async function storageRoutes(app: FastifyInstance): Promise<void> {
  const { studies, hospitals } = app.sandbox;

  app.get('/V2.0/YJPIndex/StorageInfo', async (request) => {
    const study = await requestedStudy(request);
    // The rule chargelist refuses by (4403): a study kept for good has nothing to buy.
    const canBuy = storageForSale(study, hospitals.findById(study.hospitalId));
    if (!study.storageExpiresOn) return ok({ stored: true, expireDate: null, daysLeft: 0, canBuy } satisfies StorageInfo);
    return ok({ ...storageState(study.storageExpiresOn, chinaDate(new Date())), canBuy } satisfies StorageInfo);
  });

  /** The signed-in patient's studies whose storage ends within 30 days, or has ended. */
  app.get('/V2.0/YJPIndex/CheckExpireStorage', async (request) => {
    const patient = await currentPatient(request);
    const today = chinaDate(new Date());
    return ok(studies.storageSummaryForPatient(patient.id, today, addDays(today, EXPIRING_WITHIN_DAYS)) satisfies ExpiringStorage);
  });
}
