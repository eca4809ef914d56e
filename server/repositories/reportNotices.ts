import type { SqliteDatabase } from '../db';

/**
 * Reports patients wait for, and the ones that arrived that they have not read (issue 27 §5): a
 * signed-in patient who asks about a report not yet synced waits for it; when it arrives, each
 * waiter has it unread until they read it.
 */
export function reportNoticeRepository(db: SqliteDatabase) {
  const wait = db.prepare<[number, number, string]>('INSERT OR IGNORE INTO report_waiters (study_id, patient_id, asked_at) VALUES (?, ?, ?)');
  const waiters = db.prepare<[number], { patientId: number }>('SELECT patient_id AS patientId FROM report_waiters WHERE study_id = ? ORDER BY asked_at');
  const stopWaiting = db.prepare<[number]>('DELETE FROM report_waiters WHERE study_id = ?');
  const markUnread = db.prepare<[number, number, string]>('INSERT OR REPLACE INTO unread_reports (study_id, patient_id, arrived_at) VALUES (?, ?, ?)');
  const unread = db.prepare<[number], { studyId: number }>('SELECT study_id AS studyId FROM unread_reports WHERE patient_id = ?');
  const markRead = db.prepare<[number, number]>('DELETE FROM unread_reports WHERE study_id = ? AND patient_id = ?');

  return {
    /** The patient asked about this study's report while it had not arrived. */
    asked(studyId: number, patientId: number, now: Date): void {
      wait.run(studyId, patientId, now.toISOString());
    },

    /** The report arrived: every waiter has it unread, and is returned to be told; nobody waits any more. */
    arrived(studyId: number, now: Date): number[] {
      return db
        .transaction(() => {
          const told = waiters.all(studyId).map((row) => row.patientId);
          for (const patientId of told) markUnread.run(studyId, patientId, now.toISOString());
          stopWaiting.run(studyId);
          return told;
        })
        .immediate();
    },

    /** The studies whose report arrived for this patient and is not read yet. */
    unreadOf(patientId: number): Set<number> {
      return new Set(unread.all(patientId).map((row) => row.studyId));
    },

    read(studyId: number, patientId: number): void {
      markRead.run(studyId, patientId);
    },
  };
}

export type ReportNoticeRepository = ReturnType<typeof reportNoticeRepository>;
