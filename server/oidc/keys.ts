import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';
import type { SqliteDatabase } from '../db';

/** ES256: quick to generate on first start, and every OIDC library verifies it. */
export const SIGNING_ALGORITHM = 'ES256';

const SIGNING_KEYS = 'signing-jwks';
const COOKIE_KEYS = 'cookie-keys';
const AUDIT_CLIENT_SECRET = 'audit-client-secret';

export interface ProviderSecrets {
  /** Private signing keys for `jwks`; the first signs. */
  signingKeys: JWK[];
  /** The same keys without their private parts: what the JWKS endpoint publishes. */
  publicKeys: JWK[];
  /** Signs the provider's cookies. */
  cookieKeys: string[];
  /** The audit pages' client secret (the sandbox is a confidential client of its own provider, auditSignIn.ts). */
  auditClientSecret: string;
}

/**
 * The first value stored under `name` wins: a new one is made and offered each time, and kept
 * only if none is there yet. Kept values are what let sessions and tokens survive a restart.
 */
export async function storedOrNew<T>(db: SqliteDatabase, name: string, make: () => Promise<T>): Promise<T> {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM oidc_secrets WHERE name = ?');
  const existing = read.get(name);
  if (existing) return JSON.parse(existing.value) as T;
  db.prepare('INSERT OR IGNORE INTO oidc_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    JSON.stringify(await make()),
    new Date().toISOString(),
  );
  return JSON.parse(read.get(name)!.value) as T;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };
}

function publicPart({ d: _d, ...jwk }: JWK): JWK {
  return jwk;
}

export async function loadProviderSecrets(db: SqliteDatabase): Promise<ProviderSecrets> {
  const signingKeys = await storedOrNew(db, SIGNING_KEYS, async () => [await newSigningKey()]);
  const cookieKeys = await storedOrNew(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
  const auditClientSecret = await storedOrNew(db, AUDIT_CLIENT_SECRET, async () => randomBytes(32).toString('base64url'));
  return { signingKeys, publicKeys: signingKeys.map(publicPart), cookieKeys, auditClientSecret };
}
