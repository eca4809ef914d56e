import type { SqliteDatabase } from '../db';

/** Why the code was asked for: to sign in, or to set a new password. */
export type SignInCodePurpose = 'signIn' | 'reset';

/** One SMS code asked for at the identity provider (migrations.ts, sign_in_codes). Times are ISO strings. */
export interface SignInCodeRecord {
  id: string;
  purpose: SignInCodePurpose;
  interactionUid: string;
  phone: string;
  /** The patient the number belongs to; null when it is no one's (no code was sent). */
  loginName: string | null;
  code: string;
  codeExpiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export type NewSignInCode = Omit<SignInCodeRecord, 'usedAt' | 'createdAt'> & { now: Date };

const COLUMNS = `
  id, purpose, interaction_uid AS interactionUid, phone, login_name AS loginName, code,
  code_expires_at AS codeExpiresAt, used_at AS usedAt, created_at AS createdAt`;

/** The provider's SMS codes; the rules are server/oidc/smsCodes.ts's. */
export function signInCodeRepository(db: SqliteDatabase) {
  const insert = db.prepare(`
    INSERT INTO sign_in_codes (id, purpose, interaction_uid, phone, login_name, code, code_expires_at, created_at)
    VALUES (@id, @purpose, @interactionUid, @phone, @loginName, @code, @codeExpiresAt, @at)`);
  const byId = db.prepare<[string], SignInCodeRecord>(`SELECT ${COLUMNS} FROM sign_in_codes WHERE id = ?`);
  const use = db.prepare<[string, string]>('UPDATE sign_in_codes SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const expireOpen = db.prepare<[string, string, string]>(
    'UPDATE sign_in_codes SET code_expires_at = ? WHERE phone = ? AND used_at IS NULL AND code_expires_at > ?',
  );

  return {
    /** A new code for the number; the number's earlier codes stop working (only the newest SMS counts). */
    create(record: NewSignInCode): void {
      const { now, ...fields } = record;
      const at = now.toISOString();
      db.transaction(() => {
        expireOpen.run(at, record.phone, at);
        insert.run({ ...fields, at });
      })();
    },

    find(id: string): SignInCodeRecord | undefined {
      return byId.get(id);
    },

    /** False when it was used already (two right answers at once: only one passes). */
    markUsed(id: string, now: Date): boolean {
      return use.run(now.toISOString(), id).changes === 1;
    },

    /** Test mode: the number's live codes expire now. Answers how many. */
    expireCodesOf(phone: string, now: Date): number {
      const at = now.toISOString();
      return expireOpen.run(at, phone, at).changes;
    },
  };
}

export type SignInCodeRepository = ReturnType<typeof signInCodeRepository>;
