import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { SqliteDatabase } from '../db';

interface ArtifactRow {
  payload: string;
  consumedAt: number | null;
}

/** Where oidc-provider keeps its models, in the sandbox's own database (table `oidc_artifacts`). */
export function oidcArtifactStore(db: SqliteDatabase) {
  const live = 'AND (expires_at IS NULL OR expires_at > ?)';
  const columns = 'payload, consumed_at AS consumedAt';
  const byId = db.prepare<[string, string, number], ArtifactRow>(
    `SELECT ${columns} FROM oidc_artifacts WHERE model = ? AND id = ? ${live}`,
  );
  const byUid = db.prepare<[string, string, number], ArtifactRow>(
    `SELECT ${columns} FROM oidc_artifacts WHERE model = ? AND uid = ? ${live}`,
  );
  const byUserCode = db.prepare<[string, string, number], ArtifactRow>(
    `SELECT ${columns} FROM oidc_artifacts WHERE model = ? AND user_code = ? ${live}`,
  );
  const upsert = db.prepare(`
    INSERT INTO oidc_artifacts (model, id, payload, grant_id, account_id, uid, user_code, expires_at, consumed_at)
    VALUES (@model, @id, @payload, @grantId, @accountId, @uid, @userCode, @expiresAt, NULL)
    ON CONFLICT (model, id) DO UPDATE SET
      payload = excluded.payload, grant_id = excluded.grant_id, account_id = excluded.account_id,
      uid = excluded.uid, user_code = excluded.user_code, expires_at = excluded.expires_at, consumed_at = NULL`);
  const consume = db.prepare('UPDATE oidc_artifacts SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc_artifacts WHERE model = ? AND id = ?');
  const destroyByGrant = db.prepare('DELETE FROM oidc_artifacts WHERE model = ? AND grant_id = ?');
  const destroyGrantAndTokens = db.prepare(
    "DELETE FROM oidc_artifacts WHERE grant_id = ? OR (model = 'Grant' AND id = ?)",
  );
  const countForAccount = db.prepare<[string, number], { model: string; n: number }>(
    `SELECT model, COUNT(*) AS n FROM oidc_artifacts WHERE account_id = ? ${live} GROUP BY model`,
  );
  const destroyForAccount = db.prepare('DELETE FROM oidc_artifacts WHERE account_id = ?');
  const pruneExpired = db.prepare('DELETE FROM oidc_artifacts WHERE expires_at <= ?');

  function payloadOf(row: ArtifactRow | undefined): AdapterPayload | undefined {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumedAt === null ? payload : { ...payload, consumed: row.consumedAt };
  }

  const text = (value: unknown) => (typeof value === 'string' ? value : null);

  return {
    adapterFor(model: string): Adapter {
      return {
        async upsert(id, payload, expiresIn) {
          const now = Date.now();
          pruneExpired.run(now);
          upsert.run({
            model,
            id,
            payload: JSON.stringify(payload),
            grantId: text(payload.grantId),
            accountId: text(payload.accountId),
            uid: text(payload.uid),
            userCode: text(payload.userCode),
            expiresAt: typeof expiresIn === 'number' ? now + expiresIn * 1000 : null,
          });
        },
        async find(id) {
          return payloadOf(byId.get(model, id, Date.now()));
        },
        async findByUid(uid) {
          return payloadOf(byUid.get(model, uid, Date.now()));
        },
        async findByUserCode(userCode) {
          return payloadOf(byUserCode.get(model, userCode, Date.now()));
        },
        async consume(id) {
          consume.run(Math.floor(Date.now() / 1000), model, id);
        },
        async destroy(id) {
          destroy.run(model, id);
        },
        async revokeByGrantId(grantId) {
          destroyByGrant.run(model, grantId);
        },
      };
    },

    /** The grant and everything issued under it. */
    destroyGrant(grantId: string): void {
      destroyGrantAndTokens.run(grantId, grantId);
    },

    /** Every session, grant, code and token of one account; answers how many of each there were. */
    destroyAccount(accountId: string): Record<string, number> {
      return db
        .transaction(() => {
          const counts = Object.fromEntries(countForAccount.all(accountId, Date.now()).map(({ model, n }) => [model, n]));
          destroyForAccount.run(accountId);
          return counts;
        })
        .immediate();
    },
  };
}

export type OidcArtifactStore = ReturnType<typeof oidcArtifactStore>;
