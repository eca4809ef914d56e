import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPatient } from './currentPatient';
import { ApiError } from './envelope';
import { parseQuery, recordIdParam } from './query';
import type { StudyRecord } from './repositories/studies';

export const STUDY_NOT_FOUND = '影像不存在';

const studyQuerySchema = z.object({ CollectId: recordIdParam('CollectId') });

/** The signed-in patient's study of the given id; another patient's is a 404 exactly like a missing one. */
export function ownStudy(request: FastifyRequest, patientId: number, studyId: number): StudyRecord {
  const study = request.server.sandbox.studies.findForPatient(patientId, studyId);
  if (!study) throw new ApiError(404, STUDY_NOT_FOUND);
  return study;
}

/** The study `?CollectId=<collectFilmId>` names, of the signed-in patient. */
export async function requestedStudy(request: FastifyRequest): Promise<StudyRecord> {
  const patient = await currentPatient(request);
  const { CollectId } = parseQuery(studyQuerySchema, request.query);
  return ownStudy(request, patient.id, CollectId);
}
