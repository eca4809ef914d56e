import { createHash, randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../db';

/** collect: an SMS verification's; share: an opened share's (read-only); experience: the hospital's demo study (read-only). */
export type PassScope = 'collect' | 'share' | 'experience';

/** What a study pass lets its holder read (migrations.ts says where passes come from). */
export interface StudyPass {
  /** The token's hash: how a signed URL names the pass it was signed under (the token itself is never kept). */
  hash: string;
  scope: PassScope;
  /** Whose studies they are. */
  patientId: number;
  shareId: number | null;
  studyIds: ReadonlySet<number>;
  expiresAt: string;
}

export interface IssuePass {
  scope: PassScope;
  patientId: number;
  studyIds: readonly number[];
  shareId?: number;
  ttlSeconds: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Study passes: issued with a random token the holder keeps; only its hash is stored. */
export function studyPassRepository(db: SqliteDatabase) {
  const insertPass = db.prepare(
    'INSERT INTO study_passes (token_hash, scope, patient_id, share_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertStudy = db.prepare('INSERT INTO study_pass_studies (token_hash, study_id) VALUES (?, ?)');
  const byHash = db.prepare<[string], { scope: PassScope; patientId: number; shareId: number | null; expiresAt: string }>(
    'SELECT scope, patient_id AS patientId, share_id AS shareId, expires_at AS expiresAt FROM study_passes WHERE token_hash = ?',
  );
  const studiesOf = db.prepare<[string], { studyId: number }>('SELECT study_id AS studyId FROM study_pass_studies WHERE token_hash = ?');
  // Expired as resolve says (expires_at <= now); their study_pass_studies rows go by ON DELETE CASCADE.
  const deleteExpired = db.prepare<[string]>('DELETE FROM study_passes WHERE expires_at <= ?');

  function resolveHash(hash: string, now: Date = new Date()): StudyPass | undefined {
    const row = byHash.get(hash);
    if (!row || row.expiresAt <= now.toISOString()) return undefined;
    return { ...row, hash, studyIds: new Set(studiesOf.all(hash).map((one) => one.studyId)) };
  }

  return {
    /**
     * A new pass; the token is returned once and never stored. Every pass expired by `now` is
     * deleted first: resolve refuses them anyway, and the public ExperiencePass issues one per call,
     * so without the sweep the table would only grow.
     */
    issue(pass: IssuePass, now: Date = new Date()): { token: string; expiresAt: string } {
      const token = randomBytes(24).toString('base64url');
      const hash = hashOf(token);
      const expiresAt = new Date(now.getTime() + pass.ttlSeconds * 1000).toISOString();
      db.transaction(() => {
        deleteExpired.run(now.toISOString());
        insertPass.run(hash, pass.scope, pass.patientId, pass.shareId ?? null, expiresAt, now.toISOString());
        for (const studyId of new Set(pass.studyIds)) insertStudy.run(hash, studyId);
      })();
      return { token, expiresAt };
    },

    /** The pass a token names while it has not expired; a share's pass also dies with its share (the caller checks the share). */
    resolve(token: string, now: Date = new Date()): StudyPass | undefined {
      return resolveHash(hashOf(token), now);
    },

    /** resolve, by the token's hash (a signed URL's grant). */
    resolveHash,
  };
}

export type StudyPassRepository = ReturnType<typeof studyPassRepository>;
