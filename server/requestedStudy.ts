import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseQuery, recordIdParam, textParam } from './query';
import type { StudyRecord } from './repositories/studies';
import { readableStudy, readableStudyByUid, STUDY_NOT_FOUND } from './studyAccess';
import type { ReadableStudy } from './studyAccess';

export { STUDY_NOT_FOUND };

const studyQuerySchema = z.union([
  z.object({ CollectId: recordIdParam('CollectId') }),
  z.object({ studyUId: textParam('studyUId', 'a study instance UID') }),
]);

/**
 * The study `?CollectId=<collectFilmId>` names (the film detail), or `?studyUId=` (the viewer,
 * which has only the link's study UID), when the request may read it (server/studyAccess.ts).
 */
export async function requestedStudy(request: FastifyRequest): Promise<StudyRecord> {
  return (await requestedStudyAccess(request)).study;
}

/** requestedStudy, with how the request may read it (the grant its signed URLs carry). */
export async function requestedStudyAccess(request: FastifyRequest): Promise<ReadableStudy> {
  const query = parseQuery(studyQuerySchema, request.query);
  return 'CollectId' in query ? readableStudy(request, query.CollectId) : readableStudyByUid(request, query.studyUId);
}
