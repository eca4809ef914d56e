// @vitest-environment node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, schemaVersion } from '../../server/db';
import { dicomAge } from '../../server/dicom/uids';
import { MIGRATIONS } from '../../server/migrations';
import { EXPERIENCE_PATIENT, JOURNEY_VISITORS, REPORT_WAITERS, SHARE_OWNERS, SMS_SIGNERS, FAMILY_JOURNEY } from '../../server/demoData';

const JOURNEY_LOGINS = new Set<string>([...Object.values(JOURNEY_VISITORS), ...Object.values(REPORT_WAITERS), ...Object.values(SHARE_OWNERS), ...Object.values(SMS_SIGNERS), ...Object.values(FAMILY_JOURNEY).flatMap(({ owner, member }) => [owner, member])]);
import { seedDemoData } from '../../server/seed';
import { freeIssuer, startSandbox, STUDY_LIST, tempDir } from './helpers';
import { signedInHeaders } from './signIn';

const TABLES = ['hospitals', 'hospital_modules', 'patients', 'studies', 'reports', 'report_sync_status', 'ai_orders', 'payments'];

function rowCounts(dataDir: string): Record<string, number> {
  const db = openDatabase(dataDir);
  try {
    return Object.fromEntries(
      TABLES.map((table) => [table, (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

/** Spec section 5, written out independently of the code under test. */
function hasValidCheckCharacter(id: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  return /^\d{17}[\dX]$/.test(id) && '10X98765432'[sum % 11] === id[17];
}

describe('database', () => {
  it('creates the data directory and a WAL-mode database at the latest schema version', async () => {
    const dataDir = join(tempDir('parent'), 'nested', 'data');
    const app = await startSandbox({ dataDir });
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);
    expect(app.sandbox.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(app.sandbox.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(app.sandbox.db)).toBe(MIGRATIONS.length);
  });

  it('keeps existing data on restart and does not seed twice', async () => {
    const dataDir = tempDir('data');
    const identityProviderIssuer = await freeIssuer();
    const first = await startSandbox({ dataDir, identityProviderIssuer });
    first.sandbox.db.prepare("UPDATE hospitals SET name = '改过的医院' WHERE org_code = 'DEMO001'").run();
    const headers = await signedInHeaders(first);
    const before = (await first.inject({ url: STUDY_LIST, headers })).json();
    await first.close();
    const countsAfterFirstStart = rowCounts(dataDir);

    const second = await startSandbox({ dataDir, identityProviderIssuer });
    expect(rowCounts(dataDir)).toEqual(countsAfterFirstStart);
    expect(countsAfterFirstStart.studies).toBeGreaterThanOrEqual(20);
    const after = (await second.inject({ url: STUDY_LIST, headers })).json();
    expect(after.result.totals).toBe(before.result.totals);
    expect(after.result.rows.map((r: { studyUId: string }) => r.studyUId)).toEqual(
      before.result.rows.map((r: { studyUId: string }) => r.studyUId),
    );
    expect(after.result.rows[0].hospitalName).toBe('改过的医院');
  });

  it('seedDemoData reports whether it wrote anything', () => {
    const db = openDatabase(tempDir('data'));
    try {
      expect(seedDemoData(db)).toBe(true);
      expect(seedDemoData(db)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('refuses a database newer than the code', () => {
    const dataDir = tempDir('data');
    const db = openDatabase(dataDir);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openDatabase(dataDir)).toThrow(/newer than this code/);
  });
});

describe('demo data', () => {
  it('has at least 3 patients with valid national IDs that agree with birth date and sex', async () => {
    const app = await startSandbox();
    const patients = app.sandbox.patients.list();
    expect(patients.length).toBeGreaterThanOrEqual(3);
    expect(patients.map((p) => p.loginName)).toContain('patient1');
    for (const patient of patients) {
      expect(patient.nationalId, patient.name).toHaveLength(18);
      expect(hasValidCheckCharacter(patient.nationalId), patient.nationalId).toBe(true);
      expect(patient.nationalId.slice(6, 14)).toBe(patient.birthDate.replaceAll('-', ''));
      expect(Number(patient.nationalId[16]) % 2 === 1 ? 'M' : 'F').toBe(patient.sex);
      expect(patient.phone).toMatch(/^1\d{10}$/);
    }
  });

  it('gives every demo patient several studies (the journeys\' visitors one) and patient1 twenty; the experience patient has only the demo study', async () => {
    const app = await startSandbox();
    const perPatient = app.sandbox.db
      .prepare('SELECT p.login_name AS login, COUNT(s.id) AS n FROM patients p LEFT JOIN studies s ON s.patient_id = p.id GROUP BY p.id')
      .all() as Array<{ login: string; n: number }>;
    expect(perPatient.find((p) => p.login === EXPERIENCE_PATIENT.loginName)?.n).toBe(1);
    for (const { login, n } of perPatient.filter((p) => p.login !== EXPERIENCE_PATIENT.loginName)) expect(n, login).toBeGreaterThanOrEqual(login === 'patient1' ? 20 : JOURNEY_LOGINS.has(login) ? 1 : 3);
    expect(perPatient.find((p) => p.login === 'patient1')?.n).toBe(20);
  });

  it('has a report for every study except pending ones, and pending ones show reportStatus 0', async () => {
    const app = await startSandbox();
    const { result } = (await app.inject({ url: `${STUDY_LIST}?pageLength=20`, headers: await signedInHeaders(app) })).json();
    const statuses = result.rows.map((row: { reportStatus: number }) => row.reportStatus);
    expect(new Set(statuses)).toEqual(new Set([0, 1, 2]));
  });
});

describe('dicomAge', () => {
  it.each([
    ['1981-04-15', '2026-11-18', '045Y'],
    ['1981-04-15', '2026-04-14', '044Y'],
    ['2019-03-12', '2019-11-20', '008M'],
    ['2019-03-12', '2019-03-30', '002W'],
    ['2019-03-12', '2019-03-15', '003D'],
  ])('born %s, seen %s: %s', (birth, on, expected) => {
    expect(dicomAge(birth, on)).toBe(expected);
  });
});
