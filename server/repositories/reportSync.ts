import type { SqliteDatabase } from '../db';

/** Whether the hospital's reports have been pulled into the cloud-film service, and when it last asked. */
export interface ReportSyncStatus {
  synced: boolean;
  lastSyncAt: string | null;
}

type SyncRow = { synced: number; last_sync_at: string | null };

function toStatus(row: SyncRow | undefined): ReportSyncStatus {
  return row ? { synced: row.synced === 1, lastSyncAt: row.last_sync_at } : { synced: false, lastSyncAt: null };
}

export function reportSyncRepository(db: SqliteDatabase) {
  const ofPatient = db.prepare<[number], SyncRow>('SELECT synced, last_sync_at FROM report_sync_status WHERE patient_id = ?');
  const ofStudy = db.prepare<[number], SyncRow>('SELECT synced, last_sync_at FROM study_report_sync WHERE study_id = ?');
  const checked = db.prepare<[number, string]>(`
    INSERT INTO study_report_sync (study_id, synced, last_sync_at) VALUES (?, 0, ?)
    ON CONFLICT (study_id) DO UPDATE SET last_sync_at = excluded.last_sync_at`);
  const synced = db.prepare<[number]>(`
    INSERT INTO study_report_sync (study_id, synced, last_sync_at) VALUES (?, 1, NULL)
    ON CONFLICT (study_id) DO UPDATE SET synced = 1`);

  return {
    /** The per-patient answer (GetSyncReportStatus without CollectId). */
    forPatient(patientId: number): ReportSyncStatus {
      return toStatus(ofPatient.get(patientId));
    },

    forStudy(studyId: number): ReportSyncStatus {
      return toStatus(ofStudy.get(studyId));
    },

    /** The service asked the hospital about this study's report now; answers what it knows after asking. */
    recordCheck(studyId: number, now: Date): ReportSyncStatus {
      checked.run(studyId, now.toISOString());
      return toStatus(ofStudy.get(studyId));
    },

    /** The hospital's report of this study has arrived. */
    markSynced(studyId: number): void {
      synced.run(studyId);
    },
  };
}

export type ReportSyncRepository = ReturnType<typeof reportSyncRepository>;
