import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import { PUBLIC_API_PATHS } from './paths';
import type { Patient } from './repositories/patients';

const BEARER = /^Bearer +([\w~+/.-]+=*)$/i;

/** RFC 6750: without credentials the challenge names no error; with a bad token it says so. */
function unauthorized(challenge: string): ApiError {
  return new ApiError(401, 'unauthorized', 401, { 'www-authenticate': challenge });
}

async function patientOf(request: FastifyRequest): Promise<Patient> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Bearer');
  const token = BEARER.exec(header)?.[1];
  const { identity, patients } = request.server.sandbox;
  const claims = token ? await identity.verifyAccessToken(token) : null;
  const patient = claims ? patients.findByLoginName(claims.sub) : undefined;
  if (!patient) throw unauthorized('Bearer error="invalid_token"');
  return patient;
}

const resolved = new WeakMap<FastifyRequest, Promise<Patient>>();

/**
 * Who the request acts for: the patient named by its bearer access token from the sandbox's
 * identity provider (a JWT whose grant still stands). No valid token is HTTP 401, which starts the
 * app's sign-in flow (spec section 8). Worked out once per request.
 */
export function currentPatient(request: FastifyRequest): Promise<Patient> {
  let patient = resolved.get(request);
  if (!patient) {
    patient = patientOf(request);
    resolved.set(request, patient);
  }
  return patient;
}

/** Every API route registered after this, except PUBLIC_API_PATHS, answers only a signed-in patient. */
export function requireSignedInPatient(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    if (!PUBLIC_API_PATHS.has(request.routeOptions.url ?? '')) await currentPatient(request);
  });
}
