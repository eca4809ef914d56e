import type { SqliteDatabase } from '../db';

/**
 * An image code as stored: its answer (upper case), when it stops being good, whether it is used
 * up, and what it was answered for (a hash of the lookup's target; null until answered right).
 */
export interface CaptchaRecord {
  answer: string;
  expiresAt: string;
  usedAt: string | null;
  answeredFor: string | null;
}

/** Image codes (V1.0/Package/imagecode); the rules are server/collect/captcha.ts's. */
export function captchaRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, string, string]>('INSERT INTO captchas (id, answer, expires_at) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], CaptchaRecord>(
    'SELECT answer, expires_at AS expiresAt, used_at AS usedAt, answered_for AS answeredFor FROM captchas WHERE id = ?',
  );
  // Each change names the state it expects, so two requests with one code cannot both pass.
  const bind = db.prepare<{ id: string; target: string; now: string }>(`
    UPDATE captchas SET answered_for = @target
     WHERE id = @id AND used_at IS NULL AND expires_at > @now AND (answered_for IS NULL OR answered_for = @target)`);
  const useUp = db.prepare<[string, string]>('UPDATE captchas SET used_at = ? WHERE id = ? AND used_at IS NULL');
  const useUpFor = db.prepare<{ id: string; target: string; now: string }>(
    'UPDATE captchas SET used_at = @now WHERE id = @id AND used_at IS NULL AND expires_at > @now AND answered_for = @target',
  );
  const purge = db.prepare<[string]>('DELETE FROM captchas WHERE expires_at < ?');

  return {
    create(id: string, answer: string, expiresAt: string): void {
      insert.run(id, answer, expiresAt);
    },

    find(id: string): CaptchaRecord | undefined {
      return byId.get(id);
    },

    /** Binds a live, unused code to a target (or finds it bound to that one already); false otherwise. */
    bind(id: string, target: string, now: Date): boolean {
      return bind.run({ id, target, now: now.toISOString() }).changes === 1;
    },

    /** Uses the code up, whatever it was answered for; false when it was used before. */
    useUp(id: string, now: Date): boolean {
      return useUp.run(now.toISOString(), id).changes === 1;
    },

    /** Uses up a live code bound to that target; false when there is none. */
    useUpFor(id: string, target: string, now: Date): boolean {
      return useUpFor.run({ id, target, now: now.toISOString() }).changes === 1;
    },

    /** For the test-mode endpoint only. */
    answerOf(id: string): string | undefined {
      return byId.get(id)?.answer;
    },

    /** Forgets codes that expired before `before`. */
    purgeExpired(before: Date): void {
      purge.run(before.toISOString());
    },
  };
}

export type CaptchaRepository = ReturnType<typeof captchaRepository>;
