import { randomInt, timingSafeEqual } from 'node:crypto';
import { randomCode, withFreshCode } from '../randomCode';
import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { ACCESS_CODE_LENGTH } from '../../src/shared/api/shareSchemas';
import type { DeviceKind, ShareState } from '../../src/shared/api/shareSchemas';

/** A share as stored (migrations.ts, issue 13). */
export interface ShareRecord {
  id: number;
  code: string;
  accessCode: string;
  /** Who shared it. */
  patientId: number;
  studyId: number;
  days: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  openCount: number;
  lastOpenedAt: string | null;
  wrongCodes: number;
  /** 1 when the owner is told of each opening (issue 27 §4), 0 when they switched it off. */
  notifyOpenings: 0 | 1;
}

/** One try at a share's access code, as the owner's log shows it. */
export interface ShareOpeningRecord {
  openedAt: string;
  device: DeviceKind;
  codeRight: boolean;
}

/** A share with what the share list shows of its study. */
export interface ShareListRecord extends ShareRecord {
  studyDescription: string;
  studyDate: string;
  modality: string;
  /** The study's patient. */
  patientName: string;
  hospitalName: string;
}

/** What the code page shows of a share: its hospital and who shared it. */
export interface ShareSummary extends ShareRecord {
  hospitalName: string;
  sharedByName: string;
  /** Whose study it is: a share's pass reads that patient's study. */
  studyPatientId: number;
  studyDescription: string;
  studyDate: string;
  modality: string;
}

/** Wrong access codes in a row before the share refuses for a while. */
export const MAX_WRONG_ACCESS_CODES = 5;
export const ACCESS_CODE_LOCK_SECONDS = 600;

/** A share code: 8 characters of CODE_ALPHABET, 40 bits, and an access code besides. */
const CODE_LENGTH = 8;

function newAccessCode(): string {
  return String(randomInt(10 ** ACCESS_CODE_LENGTH)).padStart(ACCESS_CODE_LENGTH, '0');
}

function sameCode(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Worked out at read time: revocation wins over expiry. */
export function shareStateOf(share: Pick<ShareRecord, 'revokedAt' | 'expiresAt'>, now: Date = new Date()): ShareState {
  if (share.revokedAt) return 'revoked';
  return share.expiresAt <= now.toISOString() ? 'expired' : 'active';
}

/** A code as someone typed or pasted it: codes are upper case. */
export function normalizeShareCode(code: string): string {
  return code.trim().toUpperCase();
}

export type AccessCodeOutcome =
  | { kind: 'opened'; share: ShareSummary }
  | { kind: 'wrong'; attemptsLeft: number }
  /** `justNow`: this wrong code locked it; otherwise it was locked already and the code was not tried. */
  | { kind: 'locked'; retryAfterSeconds: number; justNow: boolean };

const SHARE_COLUMNS = `sh.id, sh.code, sh.access_code AS accessCode, sh.patient_id AS patientId, sh.study_id AS studyId,
  sh.days, sh.created_at AS createdAt, sh.expires_at AS expiresAt, sh.revoked_at AS revokedAt,
  sh.open_count AS openCount, sh.last_opened_at AS lastOpenedAt, sh.wrong_codes AS wrongCodes,
  sh.notify_openings = 1 AS notifyOpenings`;

/**
 * Shares of one study each. A wrong access code counts in the share's row; the lock after too many
 * is kept in memory (the table has no column for it), so a restart lifts it early.
 */
export function shareRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, string, number, number, number, string, string], ShareRecord>(`
    INSERT INTO shares (code, access_code, patient_id, study_id, days, expires_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    RETURNING id, code, access_code AS accessCode, patient_id AS patientId, study_id AS studyId, days,
              created_at AS createdAt, expires_at AS expiresAt, revoked_at AS revokedAt,
              open_count AS openCount, last_opened_at AS lastOpenedAt, wrong_codes AS wrongCodes,
              notify_openings = 1 AS notifyOpenings`);
  const shareable = db.prepare<[number, number, number], { id: number }>(`
    SELECT s.id FROM studies s
     WHERE s.id = ? AND (s.patient_id = ? OR EXISTS (SELECT 1 FROM film_collections c WHERE c.study_id = s.id AND c.patient_id = ?))`);
  const LIST_FROM = `
    SELECT ${SHARE_COLUMNS}, s.study_description AS studyDescription, s.study_date AS studyDate, s.modality,
           p.name AS patientName, h.name AS hospitalName
      FROM shares sh
      JOIN studies s ON s.id = sh.study_id
      JOIN patients p ON p.id = s.patient_id
      JOIN hospitals h ON h.id = s.hospital_id`;
  const pageOfPatient = db.prepare<[number, number, number], ShareListRecord>(`${LIST_FROM}
     WHERE sh.patient_id = ?
     ORDER BY sh.created_at DESC, sh.id DESC
     LIMIT ? OFFSET ?`);
  const listRowById = db.prepare<[number], ShareListRecord>(`${LIST_FROM} WHERE sh.id = ?`);
  const countOfPatient = db.prepare<[number], { totals: number }>('SELECT COUNT(*) AS totals FROM shares WHERE patient_id = ?');
  const summaryByCode = db.prepare<[string], ShareSummary>(`
    SELECT ${SHARE_COLUMNS}, h.name AS hospitalName, sharer.name AS sharedByName, s.patient_id AS studyPatientId,
           s.study_description AS studyDescription, s.study_date AS studyDate, s.modality
      FROM shares sh
      JOIN studies s ON s.id = sh.study_id
      JOIN hospitals h ON h.id = s.hospital_id
      JOIN patients sharer ON sharer.id = sh.patient_id
     WHERE sh.code = ?`);
  const byId = db.prepare<[number], ShareRecord>(`SELECT ${SHARE_COLUMNS} FROM shares sh WHERE sh.id = ?`);
  const revoke = db.prepare<[string, number, number]>('UPDATE shares SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND patient_id = ?');
  const countWrong = db.prepare<[number], { wrongCodes: number }>(
    'UPDATE shares SET wrong_codes = wrong_codes + 1 WHERE id = ? RETURNING wrong_codes AS wrongCodes',
  );
  const resetWrong = db.prepare<[number]>('UPDATE shares SET wrong_codes = 0 WHERE id = ?');
  const countOpen = db.prepare<[string, number]>(
    'UPDATE shares SET open_count = open_count + 1, last_opened_at = ?, wrong_codes = 0 WHERE id = ?',
  );
  const expire = db.prepare<[string, string]>('UPDATE shares SET expires_at = ? WHERE code = ?');
  const logOpening = db.prepare<[number, string, string, number]>('INSERT INTO share_openings (share_id, opened_at, device, code_right) VALUES (?, ?, ?, ?)');
  const openingsOf = db.prepare<[number, number], { openedAt: string; device: DeviceKind; codeRight: number }>(
    'SELECT opened_at AS openedAt, device, code_right AS codeRight FROM share_openings WHERE share_id = ? ORDER BY id DESC LIMIT ?',
  );
  const openingTotals = db.prepare<[number], { right: number; wrong: number }>(
    'SELECT COALESCE(SUM(code_right), 0) AS right, COALESCE(SUM(1 - code_right), 0) AS wrong FROM share_openings WHERE share_id = ?',
  );
  // Takes the quiet period's turn: one statement, so two openings at once cannot both be told.
  const takeNoticeTurn = db.prepare<[string, number, string]>(
    'UPDATE shares SET last_notice_at = ? WHERE id = ? AND notify_openings = 1 AND (last_notice_at IS NULL OR last_notice_at <= ?)',
  );
  const setNotify = db.prepare<[number, number, number]>('UPDATE shares SET notify_openings = ? WHERE id = ? AND patient_id = ?');

  /** Share id → until when it refuses every access code (ISO time). */
  const lockedUntil = new Map<number, string>();

  return {
    /** Whether the patient may share the study: theirs, or in their films. */
    canShare(patientId: number, studyId: number): boolean {
      return shareable.get(studyId, patientId, patientId) !== undefined;
    },

    /** A new share with a fresh unique code and access code, expiring `days` from now. */
    create(share: { patientId: number; studyId: number; days: number }, now: Date = new Date()): ShareRecord {
      const expiresAt = new Date(now.getTime() + share.days * 86_400_000).toISOString();
      return withFreshCode(
        () => randomCode(CODE_LENGTH),
        (code) => insert.get(code, newAccessCode(), share.patientId, share.studyId, share.days, expiresAt, now.toISOString())!,
      );
    },

    /** The patient's own shares, newest first. */
    pageForPatient(patientId: number, window: PageWindow): Page<ShareListRecord> {
      return { rows: pageOfPatient.all(patientId, window.limit, window.offset), totals: countOfPatient.get(patientId)?.totals ?? 0 };
    },

    /** One share as the share list shows it. */
    listRowOf(shareId: number): ShareListRecord | undefined {
      return listRowById.get(shareId);
    },

    findByCode(code: string): ShareSummary | undefined {
      return summaryByCode.get(normalizeShareCode(code));
    },

    findById(shareId: number): ShareRecord | undefined {
      return byId.get(shareId);
    },

    /** Whether a share still opens (and its passes still read): neither revoked nor expired. */
    isActive(shareId: number, now: Date = new Date()): boolean {
      const share = byId.get(shareId);
      return share !== undefined && shareStateOf(share, now) === 'active';
    },

    /** Takes the patient's share back; false when it is not theirs. Revoking again keeps the first time. */
    revoke(patientId: number, shareId: number, now: Date = new Date()): boolean {
      return revoke.run(now.toISOString(), shareId, patientId).changes === 1;
    },

    /**
     * One try of an access code on an active share. The right code counts an opening and clears the
     * wrong ones; the fifth wrong code in a row locks the share for ACCESS_CODE_LOCK_SECONDS.
     */
    tryAccessCode(share: ShareSummary, accessCode: string, now: Date = new Date()): AccessCodeOutcome {
      const until = lockedUntil.get(share.id);
      if (until !== undefined && until > now.toISOString()) {
        return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000)), justNow: false };
      }
      // The lock (if any) is over, or was lost with a restart: a fresh run of tries.
      if (until !== undefined || share.wrongCodes >= MAX_WRONG_ACCESS_CODES) {
        lockedUntil.delete(share.id);
        resetWrong.run(share.id);
      }
      if (sameCode(accessCode.trim(), share.accessCode)) {
        countOpen.run(now.toISOString(), share.id);
        return { kind: 'opened', share: { ...share, openCount: share.openCount + 1, lastOpenedAt: now.toISOString(), wrongCodes: 0 } };
      }
      const wrongCodes = countWrong.get(share.id)?.wrongCodes ?? MAX_WRONG_ACCESS_CODES;
      if (wrongCodes < MAX_WRONG_ACCESS_CODES) return { kind: 'wrong', attemptsLeft: MAX_WRONG_ACCESS_CODES - wrongCodes };
      lockedUntil.set(share.id, new Date(now.getTime() + ACCESS_CODE_LOCK_SECONDS * 1000).toISOString());
      return { kind: 'locked', retryAfterSeconds: ACCESS_CODE_LOCK_SECONDS, justNow: true };
    },

    /** One try at the access code, for the owner's log. */
    logOpening(shareId: number, opening: ShareOpeningRecord): void {
      logOpening.run(shareId, opening.openedAt, opening.device, opening.codeRight ? 1 : 0);
    },

    /** The share's latest tries, newest first, and how many there were of each. */
    openingsOf(shareId: number, most: number): { openings: ShareOpeningRecord[]; right: number; wrong: number } {
      const totals = openingTotals.get(shareId) ?? { right: 0, wrong: 0 };
      return { openings: openingsOf.all(shareId, most).map((row) => ({ ...row, codeRight: row.codeRight === 1 })), ...totals };
    },

    /**
     * Whether the owner is to be told of an opening now: they did not switch it off, and (unless
     * `always`) no notice went out for this share within `quietSeconds`. A yes starts the quiet period.
     */
    takeNoticeTurn(shareId: number, now: Date, quietSeconds: number, always = false): boolean {
      const quietSince = always ? now.toISOString() : new Date(now.getTime() - quietSeconds * 1000).toISOString();
      return takeNoticeTurn.run(now.toISOString(), shareId, quietSince).changes === 1;
    },

    /** Whether the owner is told of each opening; false when the share is not theirs. */
    setNotify(patientId: number, shareId: number, notify: boolean): boolean {
      return setNotify.run(notify ? 1 : 0, shareId, patientId).changes === 1;
    },

    /** Test mode: the share expires now. False for an unknown code. */
    expireNow(code: string, now: Date = new Date()): boolean {
      return expire.run(now.toISOString(), normalizeShareCode(code)).changes === 1;
    },
  };
}

export type ShareRepository = ReturnType<typeof shareRepository>;
