import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { REPORT_STATUS } from '../../src/shared/api/studySchemas';

/**
 * Report status as the app reads it. There is no report row until a radiologist writes one, so
 * "pending" is the absence of a report.
 */
export { REPORT_STATUS };
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];

export interface StudyListRow {
  collectFilmId: number;
  studyUId: string;
  patientName: string;
  sex: string;
  age: string;
  modality: string;
  studyDate: string;
  bodyPart: string;
  studyDescription: string;
  hospitalName: string;
  reportStatus: ReportStatus;
}

/** Everything the sandbox knows of one study, for the film detail, its report and its storage. */
export interface StudyRecord {
  id: number;
  patientId: number;
  patientName: string;
  sex: string;
  /** DICOM AS at the study, e.g. "045Y". */
  age: string;
  studyUId: string;
  accessionNumber: string;
  modality: string;
  bodyPart: string;
  studyDescription: string;
  studyDate: string;
  studyTime: string;
  deptCode: string | null;
  /** The last day the images are kept, "YYYY-MM-DD"; null only before the seed gave it one. */
  storageExpiresOn: string | null;
  hospitalId: number;
  hospitalName: string;
  orgCode: string;
}

/** The patient's studies whose storage ends soon or has ended. */
export interface StorageSummary {
  expiringCount: number;
  expiredCount: number;
  soonestExpireDate: string | null;
}

/** The film detail of spec section 3, less the image server, which is the caller's to know. */
export interface FilmDetail {
  sex: string;
  age: string;
  studyUId: string;
  orgCode: string;
}

type StudyListRecord = Omit<StudyListRow, 'reportStatus'> & { reportState: 'preliminary' | 'final' | null };

export function studyRepository(db: SqliteDatabase) {
  const pageOfPatient = db.prepare<[number, number, number], StudyListRecord>(`
    SELECT s.id AS collectFilmId, s.study_uid AS studyUId, p.name AS patientName, p.sex AS sex,
           s.patient_age AS age, s.modality AS modality, s.study_date AS studyDate,
           s.body_part AS bodyPart, s.study_description AS studyDescription, h.name AS hospitalName,
           r.status AS reportState
      FROM studies s
      JOIN patients p ON p.id = s.patient_id
      JOIN hospitals h ON h.id = s.hospital_id
      LEFT JOIN reports r ON r.study_id = s.id
     WHERE s.patient_id = ?
     ORDER BY s.study_date DESC, s.study_time DESC, s.id DESC
     LIMIT ? OFFSET ?`);
  const countOfPatient = db.prepare<[number], { totals: number }>(
    'SELECT COUNT(*) AS totals FROM studies WHERE patient_id = ?',
  );
  const filmOfPatient = db.prepare<[number, number], FilmDetail>(`
    SELECT p.sex AS sex, s.patient_age AS age, s.study_uid AS studyUId, h.org_code AS orgCode
      FROM studies s
      JOIN patients p ON p.id = s.patient_id
      JOIN hospitals h ON h.id = s.hospital_id
     WHERE s.id = ? AND s.patient_id = ?`);
  const recordColumns = `
    SELECT s.id, s.patient_id AS patientId, p.name AS patientName, p.sex, s.patient_age AS age,
           s.study_uid AS studyUId, s.accession_number AS accessionNumber, s.modality, s.body_part AS bodyPart,
           s.study_description AS studyDescription, s.study_date AS studyDate, s.study_time AS studyTime,
           s.dept_code AS deptCode, s.storage_expires_on AS storageExpiresOn,
           h.id AS hospitalId, h.name AS hospitalName, h.org_code AS orgCode
      FROM studies s
      JOIN patients p ON p.id = s.patient_id
      JOIN hospitals h ON h.id = s.hospital_id`;
  const byId = db.prepare<[number], StudyRecord>(`${recordColumns} WHERE s.id = ?`);
  const allOfPatient = db.prepare<[number], StudyRecord>(
    `${recordColumns} WHERE s.patient_id = ? ORDER BY s.study_date DESC, s.study_time DESC, s.id DESC`,
  );
  const setStorageEnd = db.prepare<[string, number]>('UPDATE studies SET storage_expires_on = ? WHERE id = ?');
  const idOfUid = db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE study_uid = ?');
  // today, then the last day that still counts as expiring.
  const storageOfPatient = db.prepare<[string, string, string, string, string, number], StorageSummary>(`
    SELECT COUNT(*) FILTER (WHERE storage_expires_on BETWEEN ? AND ?) AS expiringCount,
           COUNT(*) FILTER (WHERE storage_expires_on < ?) AS expiredCount,
           MIN(storage_expires_on) FILTER (WHERE storage_expires_on BETWEEN ? AND ?) AS soonestExpireDate
      FROM studies WHERE patient_id = ?`);

  return {
    /** Another patient's study is not found, exactly like one that does not exist. */
    findForPatient(patientId: number, studyId: number): StudyRecord | undefined {
      const study = byId.get(studyId);
      return study?.patientId === patientId ? study : undefined;
    },

    /** By study instance UID (the viewer knows no other id); another patient's is not found. */
    findForPatientByUid(patientId: number, studyUid: string): StudyRecord | undefined {
      const row = idOfUid.get(studyUid);
      return row ? this.findForPatient(patientId, row.id) : undefined;
    },

    /** Any patient's: for the sandbox's own pages and test hooks. */
    findById(studyId: number): StudyRecord | undefined {
      return byId.get(studyId);
    },

    /** Every study the patient owns, newest first. */
    allForPatient(patientId: number): StudyRecord[] {
      return allOfPatient.all(patientId);
    },

    /** The last day the study's images are kept ("YYYY-MM-DD", China): bought storage, or a test's. */
    setStorageEnd(studyId: number, lastDay: string): void {
      setStorageEnd.run(lastDay, studyId);
    },

    /** Expiring: the last day is from `today` to `lastExpiringDay`; expired: before `today`. */
    storageSummaryForPatient(patientId: number, today: string, lastExpiringDay: string): StorageSummary {
      return storageOfPatient.get(today, lastExpiringDay, today, today, lastExpiringDay, patientId)!;
    },

    /** Another patient's study is not found, exactly like one that does not exist. */
    filmDetailForPatient(patientId: number, studyId: number): FilmDetail | undefined {
      return filmOfPatient.get(studyId, patientId);
    },

    pageForPatient(patientId: number, window: PageWindow): Page<StudyListRow> {
      const rows = pageOfPatient.all(patientId, window.limit, window.offset).map(({ reportState, ...row }) => ({
        ...row,
        reportStatus: reportState ? REPORT_STATUS[reportState] : REPORT_STATUS.pending,
      }));
      return { rows, totals: countOfPatient.get(patientId)?.totals ?? 0 };
    },
  };
}

export type StudyRepository = ReturnType<typeof studyRepository>;
