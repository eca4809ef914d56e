import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';

/**
 * Report status as the study list shows it. There is no report row until a radiologist writes
 * one, so "pending" is the absence of a report.
 */
export const REPORT_STATUS = { pending: 0, preliminary: 1, final: 2 } as const;
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
  hospitalName: string;
  reportStatus: ReportStatus;
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
           s.body_part AS bodyPart, h.name AS hospitalName, r.status AS reportState
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

  return {
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
