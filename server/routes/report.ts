import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentPatient, signedInPatient } from '../currentPatient';
import { CHECK_TYPE_NAMES } from '../demoData';
import { ok } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam } from '../query';
import { departmentRepository } from '../repositories/departments';
import { reportNoticeRepository } from '../repositories/reportNotices';
import { reportRepository } from '../repositories/reports';
import { requestedStudyAccess } from '../requestedStudy';
import { signStudyUrl } from '../studyBytes';
import { readableStudy } from '../studyAccess';
import { reportSheetFor } from '../reportSheet';
import { reportSheetUrl } from '../sandboxUrls';
import type { CheckTypes, ElectReport, ReportSync } from '../../src/shared/api/studySchemas';

const syncQuerySchema = z.object({ CollectId: recordIdParam('CollectId').optional() });
const reportListQuerySchema = pageQuerySchema.extend({
  /** A modality (CT, MR, DR, US); empty or "all" lists every one. */
  checkType: z
    .string({ error: 'checkType must be one check type, or all' })
    .trim()
    .optional()
    .transform((value) => (!value || value === 'all' ? null : value)),
});

const TAB_ORDER: readonly string[] = Object.keys(CHECK_TYPE_NAMES);

function checkTypeName(code: string): string {
  return (CHECK_TYPE_NAMES as Readonly<Record<string, string>>)[code] ?? code;
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { reportSync, publicOrigin } = app.sandbox;
  const reports = reportRepository(app.sandbox.db);
  const departments = departmentRepository(app.sandbox.db);
  const notices = reportNoticeRepository(app.sandbox.db);

  /**
   * With `CollectId`: whether that study's report has reached the service (any study the request
   * may read: studyAccess.ts); every call is a check, so it records the time, and a signed-in
   * patient who asks before it has arrived is told when it does (issue 27 §5; server/reportReady.ts).
   * Without: the signed-in patient's answer, as before.
   */
  app.get('/V1.0/Report/GetSyncReportStatus', async (request) => {
    const { CollectId } = parseQuery(syncQuerySchema, request.query);
    if (CollectId === undefined) return ok(reportSync.forPatient((await currentPatient(request)).id));
    const { study, via } = await readableStudy(request, CollectId);
    const now = new Date();
    const status = reportSync.recordCheck(study.id, now);
    const patient = via === 'pass' ? undefined : await signedInPatient(request);
    if (!status.synced && patient) notices.asked(study.id, patient.id, now);
    return ok(status satisfies ReportSync);
  });

  /** The report; a signed-in patient who reads it has read it (the study card no longer says it is new). */
  app.get('/V1.0/Report/detail', async (request) => {
    const { study, via } = await requestedStudyAccess(request);
    const patient = via === 'pass' ? undefined : await signedInPatient(request);
    const report = reports.reportOf(study);
    if (patient && report.status !== 0) notices.read(study.id, patient.id);
    return ok(report);
  });

  /** The check types the patient has studies of, as the report list's tabs. */
  app.get('/V1.0/Report/GetReportCheckType', async (request) => {
    const patient = await currentPatient(request);
    const order = (code: string) => (TAB_ORDER.includes(code) ? TAB_ORDER.indexOf(code) : TAB_ORDER.length);
    const codes = reports.modalitiesOf(patient.id).sort((a, b) => order(a) - order(b) || a.localeCompare(b));
    return ok(codes.map((code) => ({ code, name: checkTypeName(code) })) satisfies CheckTypes);
  });

  app.get('/V1.0/Report/ReportPatientStudyList', async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(reportListQuerySchema, request.query);
    return ok(reports.pageForPatient(patient.id, query.checkType, pageWindow(query)));
  });

  /** The printed report: one page the sandbox renders, or none while there is no report. */
  app.get('/V2.0/YJPIndex/ElectReport', async (request) => {
    const { study, grant } = await requestedStudyAccess(request);
    const report = reports.findForStudy(study.id);
    if (!report?.printId) return ok({ pages: [] } satisfies ElectReport);
    const { width, height } = reportSheetFor(study, report, departments.nameOf(study.hospitalId, study.deptCode));
    const url = signStudyUrl(request, reportSheetUrl(publicOrigin, report.printId), study.id, grant);
    const page = { url, width, height, title: `${study.studyDescription}报告` };
    return ok({ pages: [page] } satisfies ElectReport);
  });
}
