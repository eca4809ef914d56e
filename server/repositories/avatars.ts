import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../db';
import type { ImageType } from '../imageType';

/** An avatar as served: its bytes and their type. */
export interface StoredAvatar {
  mime: string;
  bytes: Buffer;
  updatedAt: string;
}

/**
 * The patients' avatars (one each). Each upload gets a fresh random token, the avatar's public
 * address: a new upload makes the old address stop working, so it can be cached for good.
 */
export function avatarRepository(db: SqliteDatabase) {
  const upsert = db.prepare<[number, string, string, Buffer, string]>(`
    INSERT INTO avatars (patient_id, token, mime, bytes, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (patient_id) DO UPDATE SET token = excluded.token, mime = excluded.mime, bytes = excluded.bytes, updated_at = excluded.updated_at`);
  const byToken = db.prepare<[string], StoredAvatar>('SELECT mime, bytes, updated_at AS updatedAt FROM avatars WHERE token = ?');
  const tokenOf = db.prepare<[number], { token: string }>('SELECT token FROM avatars WHERE patient_id = ?');

  return {
    /** Replaces the patient's avatar; answers its new token. */
    replace(patientId: number, mime: ImageType, bytes: Buffer, now: Date = new Date()): string {
      const token = randomBytes(18).toString('base64url');
      upsert.run(patientId, token, mime, bytes, now.toISOString());
      return token;
    },

    byToken(token: string): StoredAvatar | undefined {
      return byToken.get(token);
    },

    /** The token of the patient's current avatar, or null for the default one. */
    tokenOf(patientId: number): string | null {
      return tokenOf.get(patientId)?.token ?? null;
    },
  };
}

export type AvatarRepository = ReturnType<typeof avatarRepository>;
