import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { REPORT_STATUS } from './studies';
import type { ReportStatus, StudyRecord } from './studies';
import type { Report, ReportRow } from '../../src/shared/api/studySchemas';

/** A written report as stored: preliminary (not reviewed yet) or final (reviewed and signed). */
export interface ReportRecord {
  studyId: number;
  status: 'preliminary' | 'final';
  findings: string;
  impression: string;
  reportedBy: string;
  reportedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  /** Names the printed report's image (`/sandbox/reports/<printId>.svg`); the seed gives every report one. */
  printId: string | null;
}

/** What the hospital sends when its report arrives. */
export interface ArrivingReport {
  findings: string;
  impression: string;
  reportedBy: string;
  reviewedBy: string;
}

/** The unguessable name of a report's printed image (migrations.ts, reports.print_id). */
export function newPrintId(): string {
  return randomBytes(16).toString('hex');
}

type RowRecord = Omit<ReportRow, 'status'> & { state: ReportRecord['status'] | null };

const REPORT_COLUMNS = `
  study_id AS studyId, status, findings, impression, reported_by AS reportedBy, reported_at AS reportedAt,
  reviewed_by AS reviewedBy, reviewed_at AS reviewedAt, print_id AS printId`;

function statusOf(state: ReportRecord['status'] | null | undefined): ReportStatus {
  return state ? REPORT_STATUS[state] : REPORT_STATUS.pending;
}

export function reportRepository(db: SqliteDatabase) {
  const ofStudy = db.prepare<[number], ReportRecord>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE study_id = ?`);
  const byPrintId = db.prepare<[string], ReportRecord>(`SELECT ${REPORT_COLUMNS} FROM reports WHERE print_id = ?`);
  // modality: null lists every check type.
  const pageOfPatient = db.prepare<[number, string | null, string | null, number, number], RowRecord>(`
    SELECT CAST(s.id AS TEXT) AS collectFilmId, s.modality AS checkType, s.study_description AS studyDescription,
           s.study_date AS studyDate, r.status AS state, r.impression, h.name AS hospitalName
      FROM studies s
      JOIN hospitals h ON h.id = s.hospital_id
      LEFT JOIN reports r ON r.study_id = s.id
     WHERE s.patient_id = ? AND (? IS NULL OR s.modality = ?)
     ORDER BY s.study_date DESC, s.study_time DESC, s.id DESC
     LIMIT ? OFFSET ?`);
  const countOfPatient = db.prepare<[number, string | null, string | null], { totals: number }>(
    'SELECT COUNT(*) AS totals FROM studies WHERE patient_id = ? AND (? IS NULL OR modality = ?)',
  );
  const modalitiesOf = db.prepare<[number], { modality: string }>('SELECT DISTINCT modality FROM studies WHERE patient_id = ?');
  const insertFinal = db.prepare(`
    INSERT INTO reports (study_id, status, findings, impression, reported_by, reported_at, reviewed_by, reviewed_at, print_id)
    VALUES (@studyId, 'final', @findings, @impression, @reportedBy, @at, @reviewedBy, @at, @printId)
    ON CONFLICT (study_id) DO NOTHING`);

  return {
    findForStudy(studyId: number): ReportRecord | undefined {
      return ofStudy.get(studyId);
    },

    findByPrintId(printId: string): ReportRecord | undefined {
      return byPrintId.get(printId);
    },

    /** The report of a study as the app reads it; a study without one is pending, with empty text. */
    reportOf(study: StudyRecord): Report {
      const report = ofStudy.get(study.id);
      return {
        status: statusOf(report?.status),
        checkType: study.modality,
        findings: report?.findings ?? '',
        impression: report?.impression ?? '',
        reportedBy: report?.reportedBy ?? null,
        reportedAt: report?.reportedAt ?? null,
        reviewedBy: report?.reviewedBy ?? null,
        reviewedAt: report?.reviewedAt ?? null,
      };
    },

    /** Newest study first; `modality` null lists every check type. */
    pageForPatient(patientId: number, modality: string | null, window: PageWindow): Page<ReportRow> {
      const rows = pageOfPatient.all(patientId, modality, modality, window.limit, window.offset).map(({ state, ...row }) => ({
        ...row,
        status: statusOf(state),
      }));
      return { rows, totals: countOfPatient.get(patientId, modality, modality)?.totals ?? 0 };
    },

    /** The modalities the patient has studies of. */
    modalitiesOf(patientId: number): string[] {
      return modalitiesOf.all(patientId).map((row) => row.modality);
    },

    /** Writes the hospital's final report of a study at `now`; false when the study has one already. */
    writeFinal(studyId: number, report: ArrivingReport, now: Date): boolean {
      return insertFinal.run({ studyId, ...report, at: now.toISOString(), printId: newPrintId() }).changes === 1;
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;
