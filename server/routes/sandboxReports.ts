import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO_RADIOLOGISTS, EXAMS } from '../demoData';
import { fail, ok } from '../envelope';
import { departmentRepository } from '../repositories/departments';
import { reportRepository } from '../repositories/reports';
import { REPORT_STATUS } from '../repositories/studies';
import { reportSheetFor } from '../reportSheet';
import { authorizeStudyBytes, refuseStudyBytes, studyBytesCors } from '../studyBytes';
import { REPORT_SHEET_PATH, REPORT_SYNC_HOOK_PATH } from '../sandboxUrls';
import { officialAccountMessageRepository } from '../repositories/officialAccountMessages';
import { patientRepository } from '../repositories/patients';
import { tellReportReady } from '../reportReady';
import { TEST_PATH_PREFIX } from '../testMode';

const SVG = 'image/svg+xml; charset=utf-8';
const SHEET_FILE = /^([0-9a-f]{32})\.svg$/;
const syncQuerySchema = z.object({ collectId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const loginQuerySchema = z.object({ login: z.string().min(1).max(64) });

/** What the hospital writes for an exam the demo data does not know. */
const PLAIN_REPORT = { findings: '所见结构未见明显异常。', impression: '未见明显异常。' };

/** The hospital's side of reports: the printed report's image. */
export async function sandboxReportRoutes(app: FastifyInstance): Promise<void> {
  const { db, studies } = app.sandbox;
  const reports = reportRepository(db);
  const departments = departmentRepository(db);

  /** An <img> asks for it, so its URL is signed for the report's study (ElectReport signs it; server/studyBytes.ts). */
  app.get<{ Params: { file: string } }>(`${REPORT_SHEET_PATH}/:file`, async (request, reply) => {
    const printId = SHEET_FILE.exec(request.params.file)?.[1];
    const report = printId ? reports.findByPrintId(printId) : undefined;
    const verdict = await authorizeStudyBytes(request, report?.studyId);
    if (!verdict.ok) return refuseStudyBytes(request, reply, verdict.status);
    const study = report && studies.findById(report.studyId);
    if (!report || !study) return refuseStudyBytes(request, reply, 404);
    return reply
      .headers({ ...studyBytesCors(request), 'cache-control': verdict.cacheControl })
      .type(SVG)
      .send(reportSheetFor(study, report, departments.nameOf(study.hospitalId, study.deptCode)).svg);
  });

}

/**
 * Test mode only: the hospital's report of a study arrives now. It changes any patient's study, so
 * it exists only in test mode (the browser tests follow a report arriving).
 */
export async function reportSyncTestRoutes(app: FastifyInstance): Promise<void> {
  const { db, studies, reportSync } = app.sandbox;
  const reports = reportRepository(db);

  /**
   * Test hook: the hospital's report of study `collectId` (its collectFilmId)
   * arrives now. The final report is written from the exam's template and the study is synced, so
   * the next GetSyncReportStatus check finds it. 409 when the study is synced already.
   */
  app.post<{ Querystring: { collectId?: unknown } }>(REPORT_SYNC_HOOK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = syncQuerySchema.safeParse(request.query);
    if (!query.success) return reply.code(400).send(fail(400, 'collectId must be one study id (collectFilmId)'));
    const study = studies.findById(query.data.collectId);
    if (!study) return reply.code(404).send(fail(404, `no study ${query.data.collectId}`));
    if (reportSync.forStudy(study.id).synced) return reply.code(409).send(fail(409, `the report of study ${study.id} has arrived already`));
    const template = Object.values(EXAMS).find((exam) => exam.description === study.studyDescription) ?? PLAIN_REPORT;
    db.transaction(() => {
      reports.writeFinal(
        study.id,
        {
          findings: template.findings,
          impression: template.impression,
          reportedBy: DEMO_RADIOLOGISTS.reporter,
          reviewedBy: DEMO_RADIOLOGISTS.reviewer,
        },
        new Date(),
      );
      reportSync.markSynced(study.id);
    }).immediate();
    const told = tellReportReady(app.sandbox, study.id, new Date());
    return ok({ collectFilmId: String(study.id), synced: true, status: REPORT_STATUS[reports.findForStudy(study.id)!.status], told });
  });

  /** GET ?login=: the official-account messages the patient was sent, newest first (issue 27 §5). */
  app.get(`${TEST_PATH_PREFIX}/official-account-messages`, async (request, reply) => {
    const login = loginQuerySchema.safeParse(request.query);
    if (!login.success) return reply.code(400).send(fail(400, 'login must be one patient login name'));
    const patient = patientRepository(db).findByLoginName(login.data.login);
    if (!patient) return reply.code(404).send(fail(404, `no patient ${login.data.login}`));
    return { messages: officialAccountMessageRepository(db).ofPatient(patient.id) };
  });
}
