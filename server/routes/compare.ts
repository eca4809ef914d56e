import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ComparePriorAnswer as Answer } from '../../machines/compare/compare.types';
import { isArchiveStudy } from '../archives/pacsStudies';
import { proxiedWadoUrl } from '../archives/pacsImages';
import { ok } from '../envelope';
import { parseQuery, textParam } from '../query';
import type { StudyRecord } from '../repositories/studies';
import { wadoBaseUrl } from '../sandboxUrls';
import { grantReadsStudy, readableStudyByUid } from '../studyAccess';

const priorQuery = z.object({
  studyUId: textParam('studyUId', 'a study instance UID'),
  hospId: z.optional(z.string().trim()),
});

/** The same body part by the same kind of machine: what a doctor puts beside a study to see change. */
const comparable = (a: StudyRecord, b: StudyRecord) => a.modality === b.modality && a.bodyPart === b.bodyPart;

/**
 * The prior study beside this one (issue 27 §3, docs/extensions.md): the same patient's most recent
 * earlier study of the same modality and body part that the caller may read as a signed-in patient
 * (their own, or in their films). A study read through a pass (a share, the demo) answers null, as
 * one without a prior does: a pass covers its studies and must not tell that another exists. A
 * study the caller may not read at all is not found (studyAccess.ts).
 */
export async function compareRoutes(app: FastifyInstance): Promise<void> {
  const { db, studies, passes } = app.sandbox;

  app.get('/V1.0/Compare/prior', async (request) => {
    const { studyUId, hospId } = parseQuery(priorQuery, request.query);
    const current = await readableStudyByUid(request, studyUId);
    if (current.via === 'pass' || (hospId && hospId !== current.study.orgCode)) return ok({ prior: null } satisfies Answer);
    // Newest first; the caller's own grant (owner, or collector) must read the prior too.
    const prior = studies
      .allForPatient(current.ownerPatientId)
      .find((study) => comparable(study, current.study) && study.studyDate < current.study.studyDate && grantReadsStudy(db, passes, current.grant, study.id));
    if (!prior) return ok({ prior: null } satisfies Answer);
    const origin = app.sandbox.publicOrigin;
    return ok({
      currentFilmId: String(current.study.id),
      prior: {
        collectFilmId: String(prior.id),
        studyUId: prior.studyUId,
        hospId: prior.orgCode,
        wadoUrl: isArchiveStudy(db, prior.id) ? proxiedWadoUrl(origin) : wadoBaseUrl(origin),
        studyDate: prior.studyDate,
        studyDescription: prior.studyDescription,
        modality: prior.modality,
        bodyPart: prior.bodyPart,
      },
    } satisfies Answer);
  });
}
