import type { SqliteDatabase } from '../db';
import type { CollectMethod } from '../../src/shared/api/collectSchemas';

/** One SMS verification as stored (migrations.ts, verifications). Times are ISO strings. */
export interface VerificationRecord {
  id: string;
  method: CollectMethod;
  patientId: number;
  phone: string;
  bagStudyId: number | null;
  code: string;
  codeExpiresAt: string;
  sends: number;
  lastSentAt: string;
  verifiedAt: string | null;
  createdAt: string;
}

/** A verification as first made: who, where the code goes, the code; the counters start at their beginning. */
export type NewVerification = Pick<VerificationRecord, 'id' | 'method' | 'patientId' | 'phone' | 'bagStudyId' | 'code' | 'codeExpiresAt'> & { now: Date };

const COLUMNS = `
  id, method, patient_id AS patientId, phone, bag_study_id AS bagStudyId, code, code_expires_at AS codeExpiresAt,
  sends, last_sent_at AS lastSentAt, verified_at AS verifiedAt, created_at AS createdAt`;

/**
 * SMS verifications of the collect calls; the rules are server/collect/verification.ts's. The
 * columns wrong_attempts and locked_until are no longer written: wrong codes count per mobile
 * number, across verifications, in the rate limits (issue 22).
 */
export function verificationRepository(db: SqliteDatabase) {
  const insert = db.prepare(`
    INSERT INTO verifications (id, method, patient_id, phone, bag_study_id, code, code_expires_at, sends, last_sent_at, created_at)
    VALUES (@id, @method, @patientId, @phone, @bagStudyId, @code, @codeExpiresAt, 1, @at, @at)`);
  const byId = db.prepare<[string], VerificationRecord>(`SELECT ${COLUMNS} FROM verifications WHERE id = ?`);
  const resend = db.prepare<[string, string, string, string]>(
    'UPDATE verifications SET code = ?, code_expires_at = ?, sends = sends + 1, last_sent_at = ? WHERE id = ?',
  );
  const verify = db.prepare<[string, string]>('UPDATE verifications SET verified_at = ? WHERE id = ? AND verified_at IS NULL');
  const expireCodes = db.prepare<[string, string, string]>(
    'UPDATE verifications SET code_expires_at = ? WHERE phone = ? AND verified_at IS NULL AND code_expires_at > ?',
  );

  return {
    create(verification: NewVerification): void {
      const { now, ...fields } = verification;
      insert.run({ ...fields, at: now.toISOString() });
    },

    find(id: string): VerificationRecord | undefined {
      return byId.get(id);
    },

    /** A new code replaces the old one. */
    recordResend(id: string, code: string, codeExpiresAt: string, now: Date): void {
      resend.run(code, codeExpiresAt, now.toISOString(), id);
    },

    /** False when it was verified already (two right answers at once: only one passes). */
    markVerified(id: string, now: Date): boolean {
      return verify.run(now.toISOString(), id).changes === 1;
    },

    /** Test mode: the phone's live codes expire now. Answers how many. */
    expireCodesOf(phone: string, now: Date): number {
      const at = now.toISOString();
      return expireCodes.run(at, phone, at).changes;
    },
  };
}

export type VerificationRepository = ReturnType<typeof verificationRepository>;
