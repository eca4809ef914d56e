import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { REPORT_STATUS } from './studies';
import type { ReportStatus } from './studies';

/** Who a collect verification identified: enough to send the code and read the studies. */
export interface CollectPatient {
  id: number;
  hospitalId: number;
  hospitalName: string;
  name: string;
  phone: string;
}

/** One row of v2/ReportCheck/GetReportList, before its images are looked up. */
export interface CheckRecord {
  collectFilmId: string;
  studyDate: string;
  modality: string;
  studyDescription: string;
  bodyPart: string;
  hospitalName: string;
  reportStatus: ReportStatus;
}

const PATIENT_COLUMNS = 'p.id, p.hospital_id AS hospitalId, h.name AS hospitalName, p.name, p.phone FROM patients p JOIN hospitals h ON h.id = p.hospital_id';

/** The lookups of the collect calls (issue 13): patients by what they type, studies by film bag. */
export function collectIdentityRepository(db: SqliteDatabase) {
  const byNationalId = db.prepare<[number, string], CollectPatient>(
    `SELECT ${PATIENT_COLUMNS} WHERE p.hospital_id = ? AND upper(p.national_id) = upper(?) ORDER BY p.id LIMIT 1`,
  );
  const byNamePhone = db.prepare<[number, string, string], CollectPatient>(
    `SELECT ${PATIENT_COLUMNS} WHERE p.hospital_id = ? AND p.name = ? AND p.phone = ? ORDER BY p.id LIMIT 1`,
  );
  const byId = db.prepare<[number], CollectPatient>(`SELECT ${PATIENT_COLUMNS} WHERE p.id = ?`);
  const studyIdsOf = db.prepare<[number], { id: number }>(
    'SELECT id FROM studies WHERE patient_id = ? ORDER BY study_date DESC, study_time DESC, id DESC',
  );
  const ofPhone = db.prepare<[string], { nationalId: string; accessionNumber: string | null }>(`
    SELECT p.national_id AS nationalId, s.accession_number AS accessionNumber
      FROM patients p LEFT JOIN studies s ON s.patient_id = p.id
     WHERE p.phone = ?`);
  const byAccession = db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE accession_number = ? ORDER BY id LIMIT 1');
  // The ids come as a JSON array: one statement for any number of them.
  const pageOfIds = db.prepare<[string, number, number], Omit<CheckRecord, 'reportStatus'> & { reportState: 'preliminary' | 'final' | null }>(`
    SELECT CAST(s.id AS TEXT) AS collectFilmId, s.study_date AS studyDate, s.modality, s.study_description AS studyDescription,
           s.body_part AS bodyPart, h.name AS hospitalName, r.status AS reportState
      FROM studies s
      JOIN hospitals h ON h.id = s.hospital_id
      LEFT JOIN reports r ON r.study_id = s.id
     WHERE s.id IN (SELECT value FROM json_each(?))
     ORDER BY s.study_date DESC, s.study_time DESC, s.id DESC
     LIMIT ? OFFSET ?`);

  return {
    byNationalId(hospitalId: number, nationalId: string): CollectPatient | undefined {
      return byNationalId.get(hospitalId, nationalId);
    },

    /** Exact name and phone, as the hospital registered them. */
    byNamePhone(hospitalId: number, name: string, phone: string): CollectPatient | undefined {
      return byNamePhone.get(hospitalId, name, phone);
    },

    byId(patientId: number): CollectPatient | undefined {
      return byId.get(patientId);
    },

    /** Newest first. */
    studyIdsOf(patientId: number): number[] {
      return studyIdsOf.all(patientId).map((row) => row.id);
    },

    /** The study a film bag's code (its accession number) names. */
    studyIdOfAccession(accessionNumber: string): number | undefined {
      return byAccession.get(accessionNumber)?.id;
    },

    /** Test mode: the national IDs and film bags (accession numbers) of the patients with this mobile number. */
    lookupTargetsOfPhone(phone: string): { nationalIds: string[]; bagCodes: string[] } {
      const rows = ofPhone.all(phone);
      return {
        nationalIds: [...new Set(rows.map((row) => row.nationalId))],
        bagCodes: rows.flatMap((row) => (row.accessionNumber === null ? [] : [row.accessionNumber])),
      };
    },

    /** The given studies, newest first, with their report status. */
    pageOfStudies(studyIds: readonly number[], window: PageWindow): Page<CheckRecord> {
      const rows = pageOfIds.all(JSON.stringify(studyIds), window.limit, window.offset).map(({ reportState, ...row }) => ({
        ...row,
        reportStatus: reportState ? REPORT_STATUS[reportState] : REPORT_STATUS.pending,
      }));
      return { rows, totals: studyIds.length };
    },
  };
}

export type CollectIdentityRepository = ReturnType<typeof collectIdentityRepository>;
