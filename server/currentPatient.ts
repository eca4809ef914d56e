import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import type { AccessTokenClaims } from './oidc/accessTokens';
import { PASS_API_PATHS, PUBLIC_API_PATHS, VISITOR_API_PATHS } from './paths';
import type { Patient } from './repositories/patients';
import { STUDY_PASS_HEADER } from '../src/shared/api/collectSchemas';

const BEARER = /^Bearer +([\w~+/.-]+=*)$/i;

/** RFC 6750: without credentials the challenge names no error; with a bad token it says so. */
function unauthorized(challenge: string): ApiError {
  return new ApiError(401, 'unauthorized', 401, { 'www-authenticate': challenge });
}

/** The claims of the request's bearer access token (a JWT of the sandbox's provider whose grant stands), or 401. */
export async function bearerClaims(request: FastifyRequest): Promise<AccessTokenClaims> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Bearer');
  const token = BEARER.exec(header)?.[1];
  const claims = token ? await request.server.sandbox.identity.verifyAccessToken(token) : null;
  if (!claims) throw unauthorized('Bearer error="invalid_token"');
  return claims;
}

async function patientOf(request: FastifyRequest): Promise<Patient> {
  const claims = await bearerClaims(request);
  // A staff member's token (an auditor's) never acts for a patient, whatever its login name.
  if (claims.roles.length > 0) {
    throw new ApiError(403, 'forbidden: not a patient', 403, { 'www-authenticate': 'Bearer error="insufficient_scope"' });
  }
  const patient = request.server.sandbox.patients.findByLoginName(claims.sub);
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

/**
 * The bearer patient when the request names one, undefined when it carries no Authorization
 * header; a bad token is still HTTP 401 (the app refreshes or signs in again). For the calls that
 * also answer visitors who are not signed in.
 */
export async function signedInPatient(request: FastifyRequest): Promise<Patient | undefined> {
  return request.headers.authorization === undefined ? undefined : currentPatient(request);
}

/** Whether the request carries a study pass header at all (valid or not: the route decides). */
export function carriesStudyPass(request: FastifyRequest): boolean {
  return request.headers[STUDY_PASS_HEADER.toLowerCase()] !== undefined;
}

/**
 * Every API route registered after this answers only a signed-in patient, except PUBLIC_API_PATHS
 * and VISITOR_API_PATHS, and PASS_API_PATHS when the request carries a study pass
 * (server/studyAccess.ts checks it).
 */
export function requireSignedInPatient(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? '';
    if (PUBLIC_API_PATHS.has(route) || VISITOR_API_PATHS.has(route)) return;
    if (PASS_API_PATHS.has(route) && carriesStudyPass(request)) return;
    await currentPatient(request);
  });
}
