import type { FastifyRequest } from 'fastify';
import { collectNow } from './collect/clock';
import { carriesStudyPass, signedInPatient } from './currentPatient';
import type { SqliteDatabase } from './db';
import { ApiError } from './envelope';
import { parseGrant, passGrant, patientGrant } from './signedUrls';
import type { Grant } from './signedUrls';
import { collectedStudyRepository } from './repositories/collectedStudies';
import type { StudyRecord } from './repositories/studies';
import type { PassScope, StudyPass, StudyPassRepository } from './repositories/studyPasses';
import { COLLECT_CODES, STUDY_PASS_HEADER } from '../src/shared/api/collectSchemas';

/**
 * Who may read a study (issue 13), in one place. A study may be read when
 * (a) the bearer patient owns it, or
 * (b) it is in the bearer patient's film_collections (they collected someone else's study, e.g. a parent's), or
 * (c) the request's X-Study-Pass names a live pass covering it; a share's pass also needs its
 *     share still open (not revoked, not expired): see setSharePassCheck.
 * Otherwise the study is not found (404 '影像不存在'), exactly like one that does not exist.
 */

export const STUDY_NOT_FOUND = '影像不存在';
export const PASS_INVALID = '访问凭证无效或已过期';

export type StudyAccessVia = 'owner' | 'collected' | 'pass';

export interface ReadableStudy {
  study: StudyRecord;
  ownerPatientId: number;
  via: StudyAccessVia;
  /** Only with via 'pass'. */
  scope?: PassScope;
  /** The credential it was read under, for the signed URLs of its images (server/signedUrls.ts). */
  grant: Grant;
}

/**
 * Whether a share is still open. Passes are kept by token, and a share's passes must stop the
 * moment the share is revoked or expires, so every read asks. The check gets the request's
 * database because this is one setting for the whole process, which may run several sandboxes
 * (tests do): a check must read the database it is given, not one it closed over.
 */
export type SharePassCheck = (shareId: number, db: SqliteDatabase, now: Date) => boolean;

/** The rule's own queries, prepared once per database. */
function accessQueries(db: SqliteDatabase) {
  return {
    collected: collectedStudyRepository(db),
    shareState: db.prepare<[number], { expiresAt: string; revokedAt: string | null }>(
      'SELECT expires_at AS expiresAt, revoked_at AS revokedAt FROM shares WHERE id = ?',
    ),
    studyIdOfUid: db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE study_uid = ?'),
    ownerOf: db.prepare<[number], { patientId: number }>('SELECT patient_id AS patientId FROM studies WHERE id = ?'),
  };
}

const prepared = new WeakMap<SqliteDatabase, ReturnType<typeof accessQueries>>();

function queriesOf(db: SqliteDatabase): ReturnType<typeof accessQueries> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = accessQueries(db);
    prepared.set(db, queries);
  }
  return queries;
}

/** Until the share routes register their own: the shares table's answer (not revoked, not expired). */
const defaultSharePassCheck: SharePassCheck = (shareId, db, now) => {
  const share = queriesOf(db).shareState.get(shareId);
  return share !== undefined && share.revokedAt === null && share.expiresAt > now.toISOString();
};

let sharePassCheck: SharePassCheck = defaultSharePassCheck;

/**
 * The share routes call this at registration with their own "is this share still open" check
 * (a `(shareId) => boolean` will do; see SharePassCheck on which database to read). Without an
 * argument the shares table's own answer is back.
 */
export function setSharePassCheck(check: SharePassCheck = defaultSharePassCheck): void {
  sharePassCheck = check;
}

const passes = new WeakMap<FastifyRequest, StudyPass | undefined>();

/** A pass that has not expired is live unless it is a share's and the share is closed. */
function stillOpen(pass: StudyPass | undefined, db: SqliteDatabase, now: Date): StudyPass | undefined {
  if (pass?.scope === 'share' && (pass.shareId === null || !sharePassCheck(pass.shareId, db, now))) return undefined;
  return pass;
}

function resolvePass(request: FastifyRequest): StudyPass | undefined {
  const header = request.headers[STUDY_PASS_HEADER.toLowerCase()];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token) return undefined;
  const { db, passes: repository } = request.server.sandbox;
  const now = collectNow();
  return stillOpen(repository.resolve(token, now), db, now);
}

/** The live pass the request's X-Study-Pass names, if any. Worked out once per request. */
export function passOf(request: FastifyRequest): StudyPass | undefined {
  if (!passes.has(request)) passes.set(request, resolvePass(request));
  return passes.get(request);
}

export function passInvalid(): ApiError {
  return new ApiError(COLLECT_CODES.passInvalid, PASS_INVALID);
}

/** The request's live pass; without one, 4011 '访问凭证无效或已过期'. */
export function requirePass(request: FastifyRequest): StudyPass {
  const pass = passOf(request);
  if (!pass) throw passInvalid();
  return pass;
}

/**
 * No access: 404, like a missing study. A visitor who is not signed in and whose pass is dead
 * (expired, revoked share, unknown) is told so instead (4011), whatever study they asked for, so
 * the app can send them to verify again.
 */
export async function noAccess(request: FastifyRequest): Promise<never> {
  if ((await signedInPatient(request)) === undefined && carriesStudyPass(request) && !passOf(request)) throw passInvalid();
  throw new ApiError(404, STUDY_NOT_FOUND);
}

/** The study of the given id if the request may read it, and why; otherwise an ApiError (404, or 4011 as noAccess says). */
export async function readableStudy(request: FastifyRequest, studyId: number): Promise<ReadableStudy> {
  const { db, studies } = request.server.sandbox;
  const patient = await signedInPatient(request);
  const study = studies.findById(studyId);
  if (!study) return noAccess(request);
  const owned = { study, ownerPatientId: study.patientId };
  if (patient?.id === study.patientId) return { ...owned, via: 'owner', grant: patientGrant(patient.id) };
  if (patient && queriesOf(db).collected.has(patient.id, study.id)) return { ...owned, via: 'collected', grant: patientGrant(patient.id) };
  const pass = passOf(request);
  if (pass?.studyIds.has(study.id)) return { ...owned, via: 'pass', scope: pass.scope, grant: passGrant(pass.hash) };
  return noAccess(request);
}

/**
 * Whether a signed URL's grant still reads the study, asked on every request (server/signedUrls.ts):
 * the patient still owns it or keeps it in my films; the pass has not expired and, if a share's,
 * its share is still open. The same rule as readableStudy, for a credential that is not in the request.
 */
export function grantReadsStudy(db: SqliteDatabase, passes: StudyPassRepository, grant: string, studyId: number, now: Date = collectNow()): boolean {
  const named = parseGrant(grant);
  if (!named || 'link' in named) return false;
  if ('patientId' in named) {
    const owner = queriesOf(db).ownerOf.get(studyId)?.patientId;
    return owner === named.patientId || queriesOf(db).collected.has(named.patientId, studyId);
  }
  return passOfGrant(db, passes, grant, now)?.studyIds.has(studyId) ?? false;
}

/** The live pass a grant names (not expired, its share still open), if it names one. */
export function passOfGrant(db: SqliteDatabase, passes: StudyPassRepository, grant: string, now: Date = collectNow()): StudyPass | undefined {
  const named = parseGrant(grant);
  return named && 'passHash' in named ? stillOpen(passes.resolveHash(named.passHash, now), db, now) : undefined;
}

/** The id of the study with that instance UID, if there is one. */
export function studyIdOfUid(db: SqliteDatabase, studyUid: string): number | undefined {
  return queriesOf(db).studyIdOfUid.get(studyUid)?.id;
}

/** readableStudy by study instance UID (the viewer knows no other id). */
export async function readableStudyByUid(request: FastifyRequest, studyUid: string): Promise<ReadableStudy> {
  const row = queriesOf(request.server.sandbox.db).studyIdOfUid.get(studyUid);
  return row ? readableStudy(request, row.id) : noAccess(request);
}
