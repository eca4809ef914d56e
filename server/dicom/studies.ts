import type { SqliteDatabase } from '../db';
import { DEMO_HOSPITAL, EXAMS } from '../demoData';
import type { ExamKey } from '../demoData';
import { demoStudyRecords } from '../seed';
import { examOfDescription } from './catalogue';
import type { CatalogueStudy } from './catalogue';
import { dicomAge } from './uids';

/** A study as the archive writes it into files: the catalogue's keys and the patient and study tags. */
export interface ArchiveStudy extends CatalogueStudy {
  accessionNumber: string;
  /** HH:mm:ss */
  studyTime: string;
  patientName: string;
  /** The hospital's patient id (medical record number). */
  patientId: string;
  patientSex: string;
  /** YYYY-MM-DD */
  patientBirthDate: string;
  /** DICOM AS, e.g. "045Y". */
  patientAge: string;
  institutionName: string;
  bodyPart: string;
  /** The demo exam the description names, or null. */
  exam: ExamKey | null;
}

/** A study in the sandbox's database: who owns it and where it was done, for the signed-in calls. */
export interface StoredStudy extends ArchiveStudy {
  id: number;
  patientRowId: number;
  orgCode: string;
}

interface StudyRow {
  id: number;
  studyUId: string;
  accessionNumber: string;
  modality: string;
  studyDate: string;
  studyTime: string;
  bodyPart: string;
  studyDescription: string;
  patientAge: string;
  patientRowId: number;
  patientName: string;
  patientSex: string;
  patientBirthDate: string;
  patientId: string;
  institutionName: string;
  orgCode: string;
}

const COLUMNS = `
  s.id, s.study_uid AS studyUId, s.accession_number AS accessionNumber, s.modality, s.study_date AS studyDate,
  s.study_time AS studyTime, s.body_part AS bodyPart, s.study_description AS studyDescription, s.patient_age AS patientAge,
  p.id AS patientRowId, p.name AS patientName, p.sex AS patientSex,
  p.birth_date AS patientBirthDate, p.medical_record_no AS patientId, h.name AS institutionName, h.org_code AS orgCode
  FROM studies s JOIN patients p ON p.id = s.patient_id JOIN hospitals h ON h.id = s.hospital_id`;

function fromRow(row: StudyRow): StoredStudy {
  return { ...row, exam: examOfDescription(row.studyDescription) };
}

export interface StoredStudies {
  byUid(studyUid: string): StoredStudy | undefined;
  byId(id: number): StoredStudy | undefined;
  /** Every study, newest first: the order the archive warms its cache in. */
  all(): StoredStudy[];
}

export function storedStudies(db: SqliteDatabase): StoredStudies {
  const byUid = db.prepare<[string], StudyRow>(`SELECT ${COLUMNS} WHERE s.study_uid = ?`);
  const byId = db.prepare<[number], StudyRow>(`SELECT ${COLUMNS} WHERE s.id = ?`);
  const all = db.prepare<[], StudyRow>(`SELECT ${COLUMNS} ORDER BY s.study_date DESC, s.study_time DESC, s.id DESC`);
  return {
    byUid: (studyUid) => {
      const row = byUid.get(studyUid);
      return row && fromRow(row);
    },
    byId: (id) => {
      const row = byId.get(id);
      return row && fromRow(row);
    },
    all: () => all.all().map(fromRow),
  };
}

/** The demo studies exactly as the seed writes them, newest first, for an archive without the database (plainWado.ts). */
export function demoArchiveStudies(): ArchiveStudy[] {
  const newestFirst = demoStudyRecords().sort((a, b) => b.study.date.localeCompare(a.study.date) || b.time.localeCompare(a.time));
  return newestFirst.map(({ patient, study, accessionNumber, studyUid, time }) => {
    const exam = EXAMS[study.exam];
    return {
      studyUId: studyUid,
      exam: study.exam,
      modality: exam.modality,
      studyDate: study.date,
      studyTime: time,
      accessionNumber,
      patientName: patient.name,
      patientId: patient.medicalRecordNo,
      patientSex: patient.sex,
      patientBirthDate: patient.birthDate,
      patientAge: dicomAge(patient.birthDate, study.date),
      institutionName: DEMO_HOSPITAL.name,
      studyDescription: exam.description,
      bodyPart: exam.bodyPart,
    };
  });
}
