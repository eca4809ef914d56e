import type { FastifyInstance } from 'fastify';
import { currentPatient } from '../currentPatient';
import { ok } from '../envelope';
import { departmentRepository } from '../repositories/departments';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const departments = departmentRepository(app.sandbox.db);

  /** The departments of the patient's hospital: what a study's deptCode means. */
  app.get('/V1.0/Common/DeptNames', async (request) => {
    const patient = await currentPatient(request);
    return ok(departments.namesOf(patient.hospitalId));
  });
}
