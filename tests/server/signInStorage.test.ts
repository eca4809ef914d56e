// @vitest-environment node
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE, openDatabase, schemaVersion } from '../../server/db';
import { DEMO_PASSWORD, EXPERIENCE_PATIENT } from '../../server/demoData';
import { MIGRATIONS } from '../../server/migrations';
import { oidcArtifactStore } from '../../server/oidc/sqliteAdapter';
import { hashPassword, verifyPassword } from '../../server/passwords';
import { seedDemoData } from '../../server/seed';
import { startSandbox, STUDY_LIST, tempDir } from './helpers';
import { signIn } from './signIn';

afterEach(() => {
  vi.useRealTimers();
});

function freshStore() {
  const db = openDatabase(tempDir('data'));
  return { db, store: oidcArtifactStore(db) };
}

describe('the oidc-provider adapter on SQLite', () => {
  it('finds what it stored until it expires; without an expiry it stays', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    const { db, store } = freshStore();
    const tokens = store.adapterFor('RefreshToken');
    await tokens.upsert('rt1', { jti: 'rt1', grantId: 'g1', accountId: 'patient1' }, 60);
    await store.adapterFor('Client').upsert('c1', { client_id: 'c1' }, undefined);
    expect(await tokens.find('rt1')).toEqual({ jti: 'rt1', grantId: 'g1', accountId: 'patient1' });
    expect(await store.adapterFor('AccessToken').find('rt1')).toBeUndefined();

    vi.setSystemTime(new Date('2026-11-22T08:00:59Z'));
    expect(await tokens.find('rt1')).toBeDefined();
    vi.setSystemTime(new Date('2026-11-22T08:01:00Z'));
    expect(await tokens.find('rt1')).toBeUndefined();
    expect(await store.adapterFor('Client').find('c1')).toEqual({ client_id: 'c1' });
    db.close();
  });

  it('marks consumed, and an upsert starts afresh', async () => {
    const { db, store } = freshStore();
    const codes = store.adapterFor('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    await codes.upsert('c1', { jti: 'c1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
    db.close();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const { db, store } = freshStore();
    await store.adapterFor('Session').upsert('s1', { jti: 's1', uid: 'u1', accountId: 'patient1' }, 60);
    await store.adapterFor('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 60);
    expect((await store.adapterFor('Session').findByUid('u1'))?.jti).toBe('s1');
    expect(await store.adapterFor('Session').findByUid('u2')).toBeUndefined();
    expect((await store.adapterFor('DeviceCode').findByUserCode('ABCD-EFGH'))?.jti).toBe('d1');
    db.close();
  });

  it('revokes by grant within one model; destroyGrant and destroyAccount reach across models', async () => {
    const { db, store } = freshStore();
    const put = (model: string, id: string, payload: Record<string, string>) => store.adapterFor(model).upsert(id, { jti: id, ...payload }, 60);
    await put('RefreshToken', 'rt1', { grantId: 'g1', accountId: 'patient1' });
    await put('AuthorizationCode', 'ac1', { grantId: 'g1', accountId: 'patient1' });
    await put('RefreshToken', 'rt2', { grantId: 'g2', accountId: 'patient1' });
    await put('Grant', 'g1', { accountId: 'patient1' });
    await put('Grant', 'g2', { accountId: 'patient1' });
    await put('Session', 's1', { uid: 'u1', accountId: 'patient1' });
    await put('Grant', 'g3', { accountId: 'patient2' });

    await store.adapterFor('RefreshToken').revokeByGrantId('g1');
    expect(await store.adapterFor('RefreshToken').find('rt1')).toBeUndefined();
    expect(await store.adapterFor('AuthorizationCode').find('ac1')).toBeDefined();

    store.destroyGrant('g1');
    expect(await store.adapterFor('AuthorizationCode').find('ac1')).toBeUndefined();
    expect(await store.adapterFor('Grant').find('g1')).toBeUndefined();

    expect(store.destroyAccount('patient1')).toEqual({ Grant: 1, RefreshToken: 1, Session: 1 });
    expect(await store.adapterFor('Session').find('s1')).toBeUndefined();
    expect(await store.adapterFor('Grant').find('g3')).toBeDefined();
    db.close();
  });
});

describe('patient passwords', () => {
  it('are stored as salted scrypt hashes, never as the password; the experience patient has none and cannot sign in', async () => {
    const app = await startSandbox();
    const all = app.sandbox.db.prepare('SELECT login_name AS login, password_hash AS hash FROM patients').all() as Array<{ login: string; hash: string | null }>;
    expect(all.find((row) => row.login === EXPERIENCE_PATIENT.loginName)?.hash).toBeNull();
    const rows = all.filter((row): row is { login: string; hash: string } => row.login !== EXPERIENCE_PATIENT.loginName);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { hash } of rows) {
      expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(hash).not.toContain(DEMO_PASSWORD);
      expect(await verifyPassword(DEMO_PASSWORD, hash)).toBe(true);
    }
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
  });

  it('verify only the right password, and refuse a missing or malformed hash', async () => {
    const hash = await hashPassword('秘密 secret');
    expect(await verifyPassword('秘密 secret', hash)).toBe(true);
    expect(await verifyPassword('秘密 secret ', hash)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });
});

describe('a database from before sign-in', () => {
  it('gets the sign-in tables and the demo passwords, and keeps its data', async () => {
    const dataDir = tempDir('data');
    const old = new Database(join(dataDir, DATABASE_FILE));
    old.exec(MIGRATIONS[0]!.sql);
    old.pragma('user_version = 1');
    seedDemoData(old);
    old.close();

    const app = await startSandbox({ dataDir });
    expect(schemaVersion(app.sandbox.db)).toBe(MIGRATIONS.length);
    const { access_token } = await signIn(app, { login: 'patient3' });
    const response = await app.inject({ url: STUDY_LIST, headers: { authorization: `Bearer ${access_token}` } });
    expect(response.json().result.totals).toBe(3);
  });
});
