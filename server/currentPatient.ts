import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import type { Patient } from './repositories/patients';
import { DEMO_PATIENT_LOGIN } from './demoData';

/**
 * Who the request acts for. Until bearer-token sign-in exists, every request is the demo patient;
 * token verification plugs in here and nowhere else. No patient is HTTP 401, which starts the app's
 * sign-in flow (spec section 8).
 */
export async function currentPatient(request: FastifyRequest): Promise<Patient> {
  const patient = request.server.sandbox.patients.findByLoginName(DEMO_PATIENT_LOGIN);
  if (!patient) throw new ApiError(401, 'not signed in', 401);
  return patient;
}
