import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPatient } from './currentPatient';
import { ApiError } from './envelope';
import { parseQuery, recordIdParam, textParam } from './query';
import type { StudyRecord } from './repositories/studies';

export const STUDY_NOT_FOUND = '影像不存在';

const studyQuerySchema = z.union([
  z.object({ CollectId: recordIdParam('CollectId') }),
  z.object({ studyUId: textParam('studyUId', 'a study instance UID') }),
]);

/** The signed-in patient's study of the given id; another patient's is a 404 exactly like a missing one. */
export function ownStudy(request: FastifyRequest, patientId: number, studyId: number): StudyRecord {
  const study = request.server.sandbox.studies.findForPatient(patientId, studyId);
  if (!study) throw new ApiError(404, STUDY_NOT_FOUND);
  return study;
}

/**
 * The study `?CollectId=<collectFilmId>` names (the film detail), or `?studyUId=` (the viewer,
 * which has only the link's study UID), of the signed-in patient.
 */
export async function requestedStudy(request: FastifyRequest): Promise<StudyRecord> {
  const patient = await currentPatient(request);
  const query = parseQuery(studyQuerySchema, request.query);
  if ('CollectId' in query) return ownStudy(request, patient.id, query.CollectId);
  const study = request.server.sandbox.studies.findForPatientByUid(patient.id, query.studyUId);
  if (!study) throw new ApiError(404, STUDY_NOT_FOUND);
  return study;
}
