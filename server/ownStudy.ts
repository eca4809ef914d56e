import type { FastifyRequest } from 'fastify';
import { currentPatient } from './currentPatient';
import { ApiError } from './envelope';
import type { StudyRecord } from './repositories/studies';

const OWN_STUDY_NOT_FOUND = '检查不存在';

/**
 * The signed-in patient's own study of that id, for what only its owner may do (buy its storage,
 * apply for its AI analysis): a study they collected from someone else, or read through a pass, is
 * not theirs (unlike server/studyAccess.ts, which says who may read one). Otherwise the calling
 * route's own "no such study" code, with '检查不存在'.
 */
export async function ownStudy(request: FastifyRequest, studyId: number, notFoundCode: number): Promise<StudyRecord> {
  const patient = await currentPatient(request);
  const study = request.server.sandbox.studies.findForPatient(patient.id, studyId);
  if (!study) throw new ApiError(notFoundCode, OWN_STUDY_NOT_FOUND);
  return study;
}
