import type { SqliteDatabase } from '../db';

/** An image code as stored: its answer (upper case) and when it stops being good. */
export interface CaptchaRecord {
  answer: string;
  expiresAt: string;
}

/** Image codes (V1.0/Package/imagecode): each answered at most once. */
export function captchaRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, string, string]>('INSERT INTO captchas (id, answer, expires_at) VALUES (?, ?, ?)');
  // Marks it used and answers it in one step, so two checks of one code cannot both pass.
  const take = db.prepare<[string, string], CaptchaRecord>(
    'UPDATE captchas SET used_at = ? WHERE id = ? AND used_at IS NULL RETURNING answer, expires_at AS expiresAt',
  );
  const answerOf = db.prepare<[string], { answer: string }>('SELECT answer FROM captchas WHERE id = ?');
  const purge = db.prepare<[string]>('DELETE FROM captchas WHERE expires_at < ?');

  return {
    create(id: string, answer: string, expiresAt: string): void {
      insert.run(id, answer, expiresAt);
    },

    /** Uses the code up and answers it; undefined when it is unknown or was used before. */
    take(id: string, now: Date): CaptchaRecord | undefined {
      return take.get(now.toISOString(), id);
    },

    /** For the test-mode endpoint only. */
    answerOf(id: string): string | undefined {
      return answerOf.get(id)?.answer;
    },

    /** Forgets codes that expired before `before`. */
    purgeExpired(before: Date): void {
      purge.run(before.toISOString());
    },
  };
}

export type CaptchaRepository = ReturnType<typeof captchaRepository>;
