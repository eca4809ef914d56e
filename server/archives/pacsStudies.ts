import { createHash } from 'node:crypto';
import type { SqliteDatabase } from '../db';
import { dicomAge } from '../dicom/uids';
import { numberOf, PACS_ARCHIVE_KEY, qido, textOf } from './pacsArchive';
import type { DicomJson, PacsArchive } from './pacsArchive';

/**
 * The archive's studies in the sandbox (issue 25): `importPacsStudies` copies what a QIDO-RS search
 * of the archive finds into the studies of one demo patient, so they show in the patient's lists
 * and film detail and open in the viewer; `pacsSeries` reads a study's series and instances from
 * the archive when its image list or film detail is asked for, so the images are always the
 * archive's own, never the sandbox's phantoms.
 */

/** DICOM tags by keyword (PS3.6). */
const TAG = {
  StudyDate: '00080020',
  StudyTime: '00080030',
  AccessionNumber: '00080050',
  ModalitiesInStudy: '00080061',
  Modality: '00080060',
  StudyDescription: '00081030',
  SeriesDescription: '0008103E',
  SOPInstanceUID: '00080018',
  StudyInstanceUID: '0020000D',
  SeriesInstanceUID: '0020000E',
  SeriesNumber: '00200011',
  InstanceNumber: '00200013',
  NumberOfFrames: '00280008',
} as const;

const UID = /^[0-9]+(\.[0-9]+)*$/;

/** The id of the study of that UID the archive holds for the sandbox (importPacsStudies imported it). */
export function archiveStudyId(db: SqliteDatabase, studyUid: string): number | undefined {
  return db
    .prepare<[string, string], { id: number }>('SELECT s.id FROM studies s JOIN archive_studies a ON a.study_id = s.id WHERE s.study_uid = ? AND a.archive = ?')
    .get(studyUid, PACS_ARCHIVE_KEY)?.id;
}

/** Whether the study's images are the archive's (it was imported from it). */
export function isArchiveStudy(db: SqliteDatabase, studyId: number): boolean {
  return db.prepare<[number], { one: number }>('SELECT 1 AS one FROM archive_studies WHERE study_id = ?').get(studyId) !== undefined;
}

function isoDate(dicom: string, fallback: string): string {
  return /^[0-9]{8}$/.test(dicom) ? `${dicom.slice(0, 4)}-${dicom.slice(4, 6)}-${dicom.slice(6, 8)}` : fallback;
}

function isoTime(dicom: string): string {
  const digits = dicom.replace(/[^0-9]/g, '').padEnd(6, '0').slice(0, 6);
  return `${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}`;
}

export interface ImportOutcome {
  /** Studies the search found that are now the patient's (new or kept from before). */
  found: number;
  added: number;
  /** Imported before and gone from the archive now: left out of the patient's lists. */
  removed: number;
  /** Found, but the sandbox has a study of that UID of its own: left alone. */
  clashes: number;
}

/**
 * Imports every study a QIDO-RS search of the archive finds for the demo patient `loginName`,
 * and forgets those imported before that the archive no longer has (unless something of the
 * patient's still names them, an AI order say: then they stay, and their image list says not found).
 */
export async function importPacsStudies(db: SqliteDatabase, pacs: PacsArchive, loginName: string, now: Date = new Date()): Promise<ImportOutcome> {
  const patient = db.prepare<[string], { id: number; hospitalId: number; birthDate: string }>(
    'SELECT id, hospital_id AS hospitalId, birth_date AS birthDate FROM patients WHERE login_name = ?',
  ).get(loginName);
  if (!patient) throw new Error(`CF_PACS_PATIENT: no demo patient "${loginName}"`);
  const found = (await qido(pacs, `studies?limit=500&includefield=${TAG.StudyDescription}`)).filter((study) => UID.test(textOf(study, TAG.StudyInstanceUID)));
  const uidOf = db.prepare<[string], { id: number; archive: string | null }>(
    'SELECT s.id, a.archive FROM studies s LEFT JOIN archive_studies a ON a.study_id = s.id WHERE s.study_uid = ?',
  );
  const accessionTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM studies WHERE accession_number = ?');
  const insertStudy = db.prepare(`
    INSERT INTO studies (patient_id, hospital_id, study_uid, accession_number, modality, study_date, study_time,
                         body_part, study_description, patient_age, created_at)
    VALUES (@patientId, @hospitalId, @studyUid, @accessionNumber, @modality, @studyDate, @studyTime, '', @description, @patientAge, @createdAt)`);
  const mark = db.prepare<[number, string]>('INSERT INTO archive_studies (study_id, archive) VALUES (?, ?)');
  const outcome: ImportOutcome = { found: 0, added: 0, removed: 0, clashes: 0 };
  const today = now.toISOString().slice(0, 10);
  db.transaction(() => {
    const seen = new Set<string>();
    for (const study of found) {
      const studyUid = textOf(study, TAG.StudyInstanceUID);
      seen.add(studyUid);
      const known = uidOf.get(studyUid);
      if (known && known.archive !== PACS_ARCHIVE_KEY) {
        outcome.clashes += 1;
        continue;
      }
      outcome.found += 1;
      if (known) continue;
      const modality = textOf(study, TAG.ModalitiesInStudy) || 'OT';
      const studyDate = isoDate(textOf(study, TAG.StudyDate), today);
      const given = textOf(study, TAG.AccessionNumber);
      // The sandbox keeps accession numbers unique; a study without one (or with one taken) gets one from its UID.
      const accessionNumber = given && !accessionTaken.get(given) ? given : `PACS${createHash('sha256').update(studyUid).digest('hex').slice(0, 12).toUpperCase()}`;
      const { lastInsertRowid } = insertStudy.run({
        patientId: patient.id,
        hospitalId: patient.hospitalId,
        studyUid,
        accessionNumber,
        modality,
        studyDate,
        studyTime: isoTime(textOf(study, TAG.StudyTime)),
        description: textOf(study, TAG.StudyDescription) || modality,
        patientAge: dicomAge(patient.birthDate, studyDate),
        createdAt: now.toISOString(),
      });
      mark.run(Number(lastInsertRowid), PACS_ARCHIVE_KEY);
      outcome.added += 1;
    }
    const imported = db.prepare<[string], { id: number; studyUid: string }>(
      'SELECT s.id, s.study_uid AS studyUid FROM studies s JOIN archive_studies a ON a.study_id = s.id WHERE a.archive = ?',
    ).all(PACS_ARCHIVE_KEY);
    for (const gone of imported.filter((row) => !seen.has(row.studyUid))) {
      try {
        db.prepare('SAVEPOINT forget_study').run();
        db.prepare('DELETE FROM studies WHERE id = ?').run(gone.id);
        db.prepare('RELEASE forget_study').run();
        outcome.removed += 1;
      } catch {
        db.prepare('ROLLBACK TO forget_study').run();
        db.prepare('RELEASE forget_study').run();
      }
    }
  })();
  return outcome;
}

export interface PacsInstance {
  sopUid: string;
  instanceNumber: number;
  frames: number;
}

export interface PacsSeries {
  seriesUid: string;
  seriesNumber: number;
  modality: string;
  description: string | null;
  instances: PacsInstance[];
}

function instanceOf(dataset: DicomJson, index: number): PacsInstance | undefined {
  const sopUid = textOf(dataset, TAG.SOPInstanceUID);
  if (!UID.test(sopUid)) return undefined;
  return { sopUid, instanceNumber: numberOf(dataset, TAG.InstanceNumber, index + 1), frames: Math.max(1, numberOf(dataset, TAG.NumberOfFrames, 1)) };
}

/** The study's series and instances as the archive has them now (QIDO-RS), series by number. */
export async function pacsSeries(pacs: PacsArchive, studyUid: string): Promise<PacsSeries[]> {
  const series = (await qido(pacs, `studies/${studyUid}/series?includefield=${TAG.SeriesDescription}`)).filter((one) => UID.test(textOf(one, TAG.SeriesInstanceUID)));
  const read = await Promise.all(
    series.map(async (one, index): Promise<PacsSeries> => {
      const seriesUid = textOf(one, TAG.SeriesInstanceUID);
      const instances = await qido(pacs, `studies/${studyUid}/series/${seriesUid}/instances?includefield=${TAG.NumberOfFrames}`);
      return {
        seriesUid,
        seriesNumber: numberOf(one, TAG.SeriesNumber, index + 1),
        modality: textOf(one, TAG.Modality) || 'OT',
        description: textOf(one, TAG.SeriesDescription) || null,
        instances: instances.flatMap((dataset, i) => instanceOf(dataset, i) ?? []),
      };
    }),
  );
  return read.filter((one) => one.instances.length > 0).sort((a, b) => a.seriesNumber - b.seriesNumber);
}
