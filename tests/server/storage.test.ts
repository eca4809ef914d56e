// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { studyRepository } from '../../server/repositories/studies';
import { seedDemoData, seedDemoStudyDetails } from '../../server/seed';
import { storageState } from '../../server/storagePeriod';
import { expiringStorageSchema, storageInfoSchema } from '../../src/shared/api/studySchemas';
import { STUDY_LIST, tempDir } from './helpers';
import type { PatientApi } from './patientApi';
import { sharedSandbox } from './sharedSandbox';
import { CHECK_EXPIRE_STORAGE, STORAGE_INFO } from './studyPaths';

/** 2026-11-23 20:30 in China: the seed day is the 23rd there (already the 23rd in UTC too). */
const SEED_NOW = new Date('2026-11-23T12:30:00Z');

/** Calendar arithmetic written out here, independently of the code under test. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function chinaDay(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

describe('storage expiry as seeded', () => {
  function seeded() {
    const db = openDatabase(tempDir('storage'));
    seedDemoData(db, SEED_NOW);
    seedDemoStudyDetails(db, SEED_NOW);
    const expiryOf = db.prepare<[string, string], { expires: string }>(`
      SELECT s.storage_expires_on AS expires FROM studies s JOIN patients p ON p.id = s.patient_id
       WHERE p.login_name = ? AND s.study_date = ?`);
    const patientId = (login: string) => (db.prepare('SELECT id FROM patients WHERE login_name = ?').get(login) as { id: number }).id;
    return { db, expires: (login: string, date: string) => expiryOf.get(login, date)?.expires, patientId };
  }

  it('gives the free period, and marks one study of patient1 expiring and one expired, relative to the seed day', () => {
    const { db, expires } = seeded();
    try {
      expect(expires('patient1', '2026-11-18')).toBe('2027-05-17');
      expect(expires('patient1', '2026-08-02')).toBe('2027-01-29');
      expect(expires('patient1', '2026-06-20')).toBe('2026-12-05');
      expect(expires('patient1', '2026-05-11')).toBe('2026-11-03');
      // Older studies' free periods have ended: the demo keeps them as if storage had been bought.
      expect(expires('patient1', '2024-05-06')).toBe('2027-11-23');
      expect(db.prepare('SELECT COUNT(*) AS n FROM studies WHERE storage_expires_on IS NULL').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('counts expiring and expired studies from a given day', () => {
    const { db, patientId } = seeded();
    try {
      const studies = studyRepository(db);
      const summary = (login: string, today: string) => studies.storageSummaryForPatient(patientId(login), today, plusDays(today, 30));
      expect(summary('patient1', '2026-11-23')).toEqual({ expiringCount: 1, expiredCount: 1, soonestExpireDate: '2026-12-05' });
      expect(summary('patient2', '2026-11-23')).toEqual({ expiringCount: 0, expiredCount: 0, soonestExpireDate: null });
      expect(summary('patient1', '2026-12-05')).toEqual({ expiringCount: 1, expiredCount: 1, soonestExpireDate: '2026-12-05' });
      // A day later the expiring one has ended, and the next free period (2027-01-29) is within 30 days.
      expect(summary('patient1', '2026-12-30')).toEqual({ expiringCount: 1, expiredCount: 2, soonestExpireDate: '2027-01-29' });
    } finally {
      db.close();
    }
  });

  it('a study is given its details once, so a second run changes nothing', () => {
    const { db } = seeded();
    try {
      expect(seedDemoStudyDetails(db, new Date('2027-06-01T00:00:00Z'))).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('storageState', () => {
  it.each([
    ['2026-12-05', '2026-11-23', { stored: true, daysLeft: 12 }],
    ['2026-11-23', '2026-11-23', { stored: true, daysLeft: 0 }],
    ['2026-11-22', '2026-11-23', { stored: false, daysLeft: 0 }],
    ['2027-03-01', '2027-02-27', { stored: true, daysLeft: 2 }],
  ])('%s seen on %s', (expireDate, today, expected) => {
    expect(storageState(expireDate, today)).toEqual({ ...expected, expireDate });
  });
});

describe('StorageInfo and CheckExpireStorage', () => {
  const sandbox = sharedSandbox();

  function seedDay(): string {
    const { createdAt } = sandbox.app().sandbox.db.prepare("SELECT created_at AS createdAt FROM hospitals WHERE org_code = 'DEMO001'").get() as {
      createdAt: string;
    };
    return chinaDay(new Date(createdAt));
  }

  async function studyOn(api: PatientApi, date: string): Promise<number> {
    const rows: Array<{ collectFilmId: number; studyDate: string }> = (await api.get(`${STUDY_LIST}?pageLength=100`)).result.rows;
    return rows.find((row) => row.studyDate === date)!.collectFilmId;
  }

  /** Asked around midnight, the day may change during the call: either day's answer is right. */
  async function storageInfo(api: PatientApi, studyId: number) {
    const before = chinaDay(new Date());
    const body = await api.get(`${STORAGE_INFO}?CollectId=${studyId}`);
    const after = chinaDay(new Date());
    expect(body.statusCode).toBe(200);
    return { info: storageInfoSchema.parse(body.result), days: [before, after] };
  }

  const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

  it('the expiring study: stored, 12 days after the seed day', async () => {
    const api = await sandbox.as('patient1');
    const { info, days } = await storageInfo(api, await studyOn(api, '2026-06-20'));
    expect(info).toMatchObject({ stored: true, expireDate: plusDays(seedDay(), 12), canBuy: true });
    expect(days.map((today) => daysFrom(today, info.expireDate!))).toContain(info.daysLeft);
  });

  it('the expired study: not stored, no days left', async () => {
    const api = await sandbox.as('patient1');
    const { info } = await storageInfo(api, await studyOn(api, '2026-05-11'));
    expect(info).toEqual({ stored: false, expireDate: plusDays(seedDay(), -20), daysLeft: 0, canBuy: true });
  });

  it("CheckExpireStorage counts the signed-in patient's studies", async () => {
    const patient1 = await (await sandbox.as('patient1')).get(CHECK_EXPIRE_STORAGE);
    expect(expiringStorageSchema.parse(patient1.result)).toEqual({ expiringCount: 1, expiredCount: 1, soonestExpireDate: plusDays(seedDay(), 12) });
    const patient3 = await (await sandbox.as('patient3')).get(CHECK_EXPIRE_STORAGE);
    expect(patient3.result).toEqual({ expiringCount: 0, expiredCount: 0, soonestExpireDate: null });
  });

  it("answers another patient's study exactly like a missing one", async () => {
    const owner = await sandbox.as('patient1');
    const other = await sandbox.as('patient2');
    const notFound = await other.get(`${STORAGE_INFO}?CollectId=999999`);
    expect(notFound).toEqual({ statusCode: 404, message: '影像不存在', result: null });
    expect(await other.get(`${STORAGE_INFO}?CollectId=${await studyOn(owner, '2026-06-20')}`)).toEqual(notFound);
  });
});
