import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { PACKAGE_KEEP_DAYS } from '../../src/shared/api/downloadSchemas';
import type { PackageFormat, PackageState } from '../../src/shared/api/downloadSchemas';

/** A packaging task as stored (migrations.ts: package_tasks). */
export interface PackageTaskRow {
  id: number;
  /** Whose task it is: who asked for the package (the download records are theirs). */
  patientId: number;
  studyId: number;
  format: PackageFormat;
  desensitize: boolean;
  state: PackageState;
  progress: number;
  fileName: string | null;
  sizeBytes: number | null;
  downloadToken: string;
  failure: string | null;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}

export type DownloadVia = 'app' | 'link' | 'email';

/** A download record with what the record list shows of its task and study. */
export interface DownloadRecordRow {
  recordId: number;
  taskId: number;
  collectFilmId: number;
  studyDescription: string;
  studyDate: string;
  modality: string;
  format: PackageFormat;
  desensitize: boolean;
  via: DownloadVia;
  downloadedAt: string;
  sizeBytes: number | null;
  state: PackageState;
  expiresAt: string | null;
  downloadToken: string;
}

type StoredTask = Omit<PackageTaskRow, 'desensitize'> & { desensitize: number };
type StoredRecord = Omit<DownloadRecordRow, 'desensitize'> & { desensitize: number };

const TASK_COLUMNS = `
  id, patient_id AS patientId, study_id AS studyId, format, desensitize, state, progress, file_name AS fileName,
  size_bytes AS sizeBytes, download_token AS downloadToken, failure, email, created_at AS createdAt,
  updated_at AS updatedAt, ready_at AS readyAt, expires_at AS expiresAt`;

const KEEP_MS = PACKAGE_KEEP_DAYS * 86_400_000;

function fromStored(row: StoredTask | undefined): PackageTaskRow | undefined {
  return row && { ...row, desensitize: row.desensitize === 1 };
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Past its expiry: the package and its links no longer work. Only a ready task has an expiry. */
export function isExpired(task: Pick<PackageTaskRow, 'expiresAt'>, now: Date = new Date()): boolean {
  return task.expiresAt !== null && task.expiresAt <= now.toISOString();
}

/** Packaging tasks and the record of each download. */
export function packageTaskRepository(db: SqliteDatabase) {
  const insert = db.prepare<[number, number, string, number, string, string, string]>(`
    INSERT INTO package_tasks (patient_id, study_id, format, desensitize, state, progress, download_token, created_at, updated_at)
    VALUES (?, ?, ?, ?, 'queued', 0, ?, ?, ?)`);
  const byId = db.prepare<[number], StoredTask>(`SELECT ${TASK_COLUMNS} FROM package_tasks WHERE id = ?`);
  const byToken = db.prepare<[string], StoredTask>(`SELECT ${TASK_COLUMNS} FROM package_tasks WHERE download_token = ?`);
  const newestOf = db.prepare<[{ patientId: number; studyId: number; now: string; format: string | null; desensitize: number | null }], StoredTask>(`
    SELECT ${TASK_COLUMNS} FROM package_tasks
     WHERE patient_id = @patientId AND study_id = @studyId AND (expires_at IS NULL OR expires_at > @now)
       AND (@format IS NULL OR format = @format) AND (@desensitize IS NULL OR desensitize = @desensitize)
     ORDER BY id DESC LIMIT 1`);
  const liveOf = db.prepare<[number, number, string, number, string], StoredTask>(`
    SELECT ${TASK_COLUMNS} FROM package_tasks
     WHERE patient_id = ? AND study_id = ? AND format = ? AND desensitize = ?
       AND state IN ('queued', 'packing', 'ready') AND (expires_at IS NULL OR expires_at > ?)
     ORDER BY id DESC LIMIT 1`);
  const unfinished = db.prepare<[], StoredTask>(`SELECT ${TASK_COLUMNS} FROM package_tasks WHERE state IN ('queued', 'packing') ORDER BY id`);
  const expiredReady = db.prepare<[string], { id: number }>(`SELECT id FROM package_tasks WHERE state = 'ready' AND expires_at <= ?`);
  const requeue = db.prepare<[number, string, string, number]>(`
    UPDATE package_tasks SET desensitize = ?, state = 'queued', progress = 0, file_name = NULL, size_bytes = NULL,
           failure = NULL, ready_at = NULL, expires_at = NULL, download_token = ?, updated_at = ?
     WHERE id = ?`);
  const restart = db.prepare<[string, number]>(`UPDATE package_tasks SET state = 'queued', progress = 0, updated_at = ? WHERE id = ?`);
  const packing = db.prepare<[string, number]>(`UPDATE package_tasks SET state = 'packing', progress = 0, failure = NULL, updated_at = ? WHERE id = ?`);
  const progress = db.prepare<[number, string, number]>(`UPDATE package_tasks SET progress = ?, updated_at = ? WHERE id = ? AND state = 'packing'`);
  const ready = db.prepare<[string, number, string, string, string, number]>(`
    UPDATE package_tasks SET state = 'ready', progress = 100, file_name = ?, size_bytes = ?, ready_at = ?, expires_at = ?, updated_at = ?
     WHERE id = ?`);
  const failed = db.prepare<[string, string, number]>(`UPDATE package_tasks SET state = 'failed', failure = ?, updated_at = ? WHERE id = ?`);
  const expire = db.prepare<[string, string, number]>('UPDATE package_tasks SET expires_at = ?, updated_at = ? WHERE id = ?');
  const email = db.prepare<[string, string, number]>('UPDATE package_tasks SET email = ?, updated_at = ? WHERE id = ?');
  const insertRecord = db.prepare<[number, number, string, string]>(
    'INSERT INTO download_records (task_id, patient_id, via, downloaded_at) VALUES (?, ?, ?, ?)',
  );
  const recordsOf = db.prepare<[number, number, number], StoredRecord>(`
    SELECT r.id AS recordId, t.id AS taskId, s.id AS collectFilmId, s.study_description AS studyDescription,
           s.study_date AS studyDate, s.modality, t.format, t.desensitize, r.via, r.downloaded_at AS downloadedAt,
           t.size_bytes AS sizeBytes, t.state, t.expires_at AS expiresAt, t.download_token AS downloadToken
      FROM download_records r
      JOIN package_tasks t ON t.id = r.task_id
      JOIN studies s ON s.id = t.study_id
     WHERE r.patient_id = ?
     ORDER BY r.downloaded_at DESC, r.id DESC
     LIMIT ? OFFSET ?`);
  const countRecords = db.prepare<[number], { totals: number }>('SELECT COUNT(*) AS totals FROM download_records WHERE patient_id = ?');

  const task = (id: number) => fromStored(byId.get(id));

  return {
    /** A new task, queued, with its own download token. */
    create(intent: { patientId: number; studyId: number; format: PackageFormat; desensitize: boolean }, now: Date = new Date()): PackageTaskRow {
      const at = now.toISOString();
      const { lastInsertRowid } = insert.run(intent.patientId, intent.studyId, intent.format, intent.desensitize ? 1 : 0, newToken(), at, at);
      return task(Number(lastInsertRowid))!;
    },

    byId: task,

    byToken(token: string): PackageTaskRow | undefined {
      return fromStored(byToken.get(token));
    },

    /** The patient's newest unexpired task of the study, of that format and choice when given. */
    newest(patientId: number, studyId: number, filter: { format?: PackageFormat; desensitize?: boolean }, now: Date = new Date()): PackageTaskRow | undefined {
      const desensitize = filter.desensitize === undefined ? null : filter.desensitize ? 1 : 0;
      return fromStored(newestOf.get({ patientId, studyId, now: now.toISOString(), format: filter.format ?? null, desensitize }));
    },

    /** A task of exactly this intent that is queued, packing or ready and unexpired: asking again gives this one. */
    live(patientId: number, studyId: number, format: PackageFormat, desensitize: boolean, now: Date = new Date()): PackageTaskRow | undefined {
      return fromStored(liveOf.get(patientId, studyId, format, desensitize ? 1 : 0, now.toISOString()));
    },

    /** Tasks a stopped sandbox left queued or packing, oldest first. */
    unfinished(): PackageTaskRow[] {
      return unfinished.all().map((row) => fromStored(row)!);
    },

    expiredReadyIds(now: Date = new Date()): number[] {
      return expiredReady.all(now.toISOString()).map((row) => row.id);
    },

    /** Packs again from the start with the given choice; the old package and its links are gone (a new token). */
    requeue(id: number, desensitize: boolean, now: Date = new Date()): PackageTaskRow | undefined {
      requeue.run(desensitize ? 1 : 0, newToken(), now.toISOString(), id);
      return task(id);
    },

    /** Back to the queue after a restart, same choice, same token. */
    restart(id: number, now: Date = new Date()): void {
      restart.run(now.toISOString(), id);
    },

    markPacking(id: number, now: Date = new Date()): void {
      packing.run(now.toISOString(), id);
    },

    setProgress(id: number, value: number, now: Date = new Date()): void {
      progress.run(Math.max(0, Math.min(100, Math.round(value))), now.toISOString(), id);
    },

    /** Ready: kept (and its links work) for PACKAGE_KEEP_DAYS from now. */
    markReady(id: number, file: { fileName: string; sizeBytes: number }, now: Date = new Date()): void {
      const at = now.toISOString();
      ready.run(file.fileName, file.sizeBytes, at, new Date(now.getTime() + KEEP_MS).toISOString(), at, id);
    },

    markFailed(id: number, failure: string, now: Date = new Date()): void {
      failed.run(failure, now.toISOString(), id);
    },

    /** Sets the expiry (the test-mode endpoint makes a task expire now). */
    expireAt(id: number, expiresAt: Date, now: Date = new Date()): void {
      expire.run(expiresAt.toISOString(), now.toISOString(), id);
    },

    setEmail(id: number, address: string, now: Date = new Date()): void {
      email.run(address, now.toISOString(), id);
    },

    recordDownload(taskId: number, patientId: number, via: DownloadVia, now: Date = new Date()): void {
      insertRecord.run(taskId, patientId, via, now.toISOString());
    },

    /** The patient's downloads, newest first. */
    pageOfRecords(patientId: number, window: PageWindow): Page<DownloadRecordRow> {
      const rows = recordsOf.all(patientId, window.limit, window.offset).map((row) => ({ ...row, desensitize: row.desensitize === 1 }));
      return { rows, totals: countRecords.get(patientId)?.totals ?? 0 };
    },
  };
}

export type PackageTaskRepository = ReturnType<typeof packageTaskRepository>;
