import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseQuery, recordIdParam, textParam } from './query';
import type { StudyRecord } from './repositories/studies';
import { readableStudy, readableStudyByUid, STUDY_NOT_FOUND } from './studyAccess';

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
  const query = parseQuery(studyQuerySchema, request.query);
  const access = 'CollectId' in query ? await readableStudy(request, query.CollectId) : await readableStudyByUid(request, query.studyUId);
  return access.study;
}
