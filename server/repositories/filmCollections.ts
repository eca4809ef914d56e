import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';

/** A row of my films (V1.0/Package/list) as stored; thumbnails and image counts are the caller's. */
export interface CollectedFilm {
  collectId: string;
  collectFilmId: string;
  collectedAt: string;
  patientName: string;
  modality: string;
  bodyPart: string;
  studyDescription: string;
  studyDate: string;
  hospitalName: string;
}

/** My films: the studies a patient collected. */
export function filmCollectionRepository(db: SqliteDatabase) {
  const pageOfPatient = db.prepare<[number, number, number], CollectedFilm>(`
    SELECT CAST(c.id AS TEXT) AS collectId, CAST(s.id AS TEXT) AS collectFilmId, c.collected_at AS collectedAt, p.name AS patientName,
           s.modality, s.body_part AS bodyPart, s.study_description AS studyDescription,
           s.study_date AS studyDate, h.name AS hospitalName
      FROM film_collections c
      JOIN studies s ON s.id = c.study_id
      JOIN patients p ON p.id = s.patient_id
      JOIN hospitals h ON h.id = s.hospital_id
     WHERE c.patient_id = ?
     ORDER BY c.collected_at DESC, c.id DESC
     LIMIT ? OFFSET ?`);
  const countOfPatient = db.prepare<[number], { totals: number }>('SELECT COUNT(*) AS totals FROM film_collections WHERE patient_id = ?');
  const studyOf = db.prepare<[number, number], { studyId: number }>(
    'SELECT study_id AS studyId FROM film_collections WHERE id = ? AND patient_id = ?',
  );
  const remove = db.prepare<[number, number]>('DELETE FROM film_collections WHERE id = ? AND patient_id = ?');

  return {
    /** Newest collected first. */
    pageForPatient(patientId: number, window: PageWindow): Page<CollectedFilm> {
      return { rows: pageOfPatient.all(patientId, window.limit, window.offset), totals: countOfPatient.get(patientId)?.totals ?? 0 };
    },

    /** The study a collected film stands for; another patient's collection is not found. */
    studyIdOf(patientId: number, collectId: number): number | undefined {
      return studyOf.get(collectId, patientId)?.studyId;
    },

    /** Forgets one of the patient's collected films (never the study); false when it is not theirs or gone. */
    remove(patientId: number, collectId: number): boolean {
      return remove.run(collectId, patientId).changes === 1;
    },
  };
}

export type FilmCollectionRepository = ReturnType<typeof filmCollectionRepository>;
