import type { FastifyInstance } from 'fastify';
import { signedInPatient } from '../currentPatient';
import { ok } from '../envelope';
import { collectIdentityRepository } from '../repositories/collectIdentity';
import { departmentRepository } from '../repositories/departments';
import { passInvalid, requirePass } from '../studyAccess';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const departments = departmentRepository(app.sandbox.db);
  const identities = collectIdentityRepository(app.sandbox.db);

  /**
   * The departments of the patient's hospital: what a study's deptCode means. The signed-in
   * patient's, or with only a study pass, the hospital of the pass's patient.
   */
  app.get('/V1.0/Common/DeptNames', async (request) => {
    const hospitalId = (await signedInPatient(request))?.hospitalId ?? identities.byId(requirePass(request).patientId)?.hospitalId;
    if (hospitalId === undefined) throw passInvalid();
    return ok(departments.namesOf(hospitalId));
  });
}
