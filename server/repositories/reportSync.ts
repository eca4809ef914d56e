import type { SqliteDatabase } from '../db';

/** Whether the hospital's reports have been pulled into the cloud-film service for a patient. */
export interface ReportSyncStatus {
  synced: boolean;
  lastSyncAt: string | null;
}

export function reportSyncRepository(db: SqliteDatabase) {
  const ofPatient = db.prepare<[number], { synced: number; last_sync_at: string | null }>(
    'SELECT synced, last_sync_at FROM report_sync_status WHERE patient_id = ?',
  );

  return {
    forPatient(patientId: number): ReportSyncStatus {
      const row = ofPatient.get(patientId);
      return row ? { synced: row.synced === 1, lastSyncAt: row.last_sync_at } : { synced: false, lastSyncAt: null };
    },
  };
}

export type ReportSyncRepository = ReturnType<typeof reportSyncRepository>;
