import type { SqliteDatabase } from '../db';

/** Who follows the hospital's official account (official_account_followers). */
export function followerRepository(db: SqliteDatabase) {
  const follows = db.prepare<[number], { one: number }>('SELECT 1 AS one FROM official_account_followers WHERE patient_id = ?');
  const follow = db.prepare<[number, string]>('INSERT OR IGNORE INTO official_account_followers (patient_id, followed_at) VALUES (?, ?)');
  const unfollow = db.prepare<[number]>('DELETE FROM official_account_followers WHERE patient_id = ?');

  return {
    isFollowing(patientId: number): boolean {
      return follows.get(patientId) !== undefined;
    },

    /** Following again keeps the first follow's time. */
    setFollowing(patientId: number, following: boolean, now: Date = new Date()): void {
      if (following) follow.run(patientId, now.toISOString());
      else unfollow.run(patientId);
    },
  };
}

export type FollowerRepository = ReturnType<typeof followerRepository>;
