import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import type { AccessTokenClaims } from './oidc/accessTokens';
import { PASS_API_PATHS, PUBLIC_API_PATHS, VISITOR_API_PATHS } from './paths';
import type { Patient } from './repositories/patients';
import { familyMemberRepository } from './repositories/familyMembers';
import { STUDY_PASS_HEADER } from '../src/shared/api/collectSchemas';
import { FAMILY_CODES, FAMILY_MEMBER_HEADER } from '../src/shared/api/familySchemas';

const NOT_A_MEMBER = '家庭成员不存在或已移除';

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

/** Worked out once per request: the bearer's patient, and whom the request acts for. */
const holders = new WeakMap<FastifyRequest, Promise<Patient>>();
const actors = new WeakMap<FastifyRequest, Promise<Patient>>();

function once(cache: WeakMap<FastifyRequest, Promise<Patient>>, request: FastifyRequest, work: () => Promise<Patient>): Promise<Patient> {
  let patient = cache.get(request);
  if (!patient) {
    patient = work();
    cache.set(request, patient);
  }
  return patient;
}

/**
 * The signed-in patient themself: the one named by the request's bearer access token from the
 * sandbox's identity provider (a JWT whose grant still stands), whoever they act for. No valid
 * token is HTTP 401, which starts the app's sign-in flow (spec section 8). Their family and their
 * personal centre are theirs, never a member's.
 */
export function accountHolder(request: FastifyRequest): Promise<Patient> {
  return once(holders, request, () => patientOf(request));
}

/**
 * Who the request acts for: the account holder, or the family member its X-Family-Member header
 * names (issue 27 §2), checked against the holder's family on every call, so a member removed is
 * refused at once (403, FAMILY_CODES.notMember), like a member of someone else's family.
 */
export function currentPatient(request: FastifyRequest): Promise<Patient> {
  return once(actors, request, async () => {
    const holder = await accountHolder(request);
    const named = request.headers[FAMILY_MEMBER_HEADER.toLowerCase()];
    if (named === undefined) return holder;
    const memberId = Number(named);
    const member =
      Number.isSafeInteger(memberId) && familyMemberRepository(request.server.sandbox.db).isMember(holder.id, memberId)
        ? request.server.sandbox.patients.findById(memberId)
        : undefined;
    if (!member) throw new ApiError(FAMILY_CODES.notMember, NOT_A_MEMBER, 403);
    return member;
  });
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
