import type { SqliteDatabase } from '../db';

/**
 * Membership in my films (film_collections) as the access rule and the collect call need it:
 * whether a patient collected a study, and collecting several at once. (Listing and removing are
 * filmCollections.ts's.)
 */
export function collectedStudyRepository(db: SqliteDatabase) {
  const has = db.prepare<[number, number], { one: number }>('SELECT 1 AS one FROM film_collections WHERE patient_id = ? AND study_id = ?');
  const add = db.prepare<[number, number, string]>(
    'INSERT INTO film_collections (patient_id, study_id, collected_at) VALUES (?, ?, ?) ON CONFLICT (patient_id, study_id) DO NOTHING',
  );

  return {
    has(patientId: number, studyId: number): boolean {
      return has.get(patientId, studyId) !== undefined;
    },

    /** Adds the studies the patient has not collected yet; answers how many were new. */
    addAll(patientId: number, studyIds: readonly number[], now: Date): number {
      const at = now.toISOString();
      return db.transaction(() => studyIds.reduce((added, studyId) => added + add.run(patientId, studyId, at).changes, 0))();
    },
  };
}

export type CollectedStudyRepository = ReturnType<typeof collectedStudyRepository>;
