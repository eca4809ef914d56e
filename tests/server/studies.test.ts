// @vitest-environment node
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/db';
import { MIGRATIONS } from '../../server/migrations';
import { seedDemoData } from '../../server/seed';
import { hospitalSettingSchema, pageSchema, studySchema } from '../../src/shared/api/schemas';
import { deptNamesSchema, filmDetailSchema, filmPackageSchema, HOSPITAL_MODULES, storageInfoSchema } from '../../src/shared/api/studySchemas';
import { FILM_DETAIL, HOSPITAL_SETTING, PUBLIC_ORIGIN, startSandbox, STUDY_LIST, SYNC_REPORT_STATUS, tempDir, TEST_MODE } from './helpers';
import { patientApi } from './patientApi';
import type { PatientApi } from './patientApi';
import { sharedSandbox } from './sharedSandbox';
import { CHECK_EXPIRE_STORAGE, DELETE_FILM, DEPT_NAMES, ELECT_REPORT, HOSPITAL_MODULES_HOOK, MY_FILMS, STORAGE_INFO } from './studyPaths';

const sandbox = sharedSandbox(TEST_MODE);
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };

interface StudyRow {
  collectFilmId: number;
  studyDate: string;
  modality: string;
  studyDescription: string;
}

interface FilmRow {
  collectId: string;
  collectFilmId: string;
  collectedAt: string;
  studyDate: string;
}

async function studiesOf(api: PatientApi): Promise<StudyRow[]> {
  const body = await api.get(`${STUDY_LIST}?pageLength=100`);
  pageSchema(studySchema).parse(body.result);
  return body.result.rows;
}

async function myFilms(api: PatientApi, query = 'pageLength=100'): Promise<{ rows: FilmRow[]; totals: number }> {
  const body = await api.get(`${MY_FILMS}?${query}`);
  expect(body.statusCode).toBe(200);
  pageSchema(filmPackageSchema).parse(body.result);
  return body.result;
}

describe('HospitalStudyList', () => {
  it('gives each study its description, newest first', async () => {
    const rows = await studiesOf(await sandbox.as('patient1'));
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ studyDate: '2026-11-18', modality: 'CT', studyDescription: '胸部CT平扫' });
    expect(rows.find((row) => row.studyDate === '2025-12-22')).toMatchObject({ modality: 'MR', studyDescription: '左膝关节MR平扫' });
    const dates = rows.map((row) => row.studyDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('HospitalStudyImageList (film detail)', () => {
  it('answers the whole film detail of a study', async () => {
    const api = await sandbox.as('patient1');
    const [newest] = await studiesOf(api);
    const body = await api.get(`${FILM_DETAIL}?CollectId=${newest!.collectFilmId}`);
    expect(body.statusCode).toBe(200);
    expect(body.result).toEqual({
      sex: 'M',
      age: '045Y',
      imServerUrl: `${PUBLIC_ORIGIN}/sandbox/wado`,
      studyUId: expect.stringMatching(/^1\.2\.826\.0\.1\.3680043\.8\.498\.\d+$/),
      orgCode: 'DEMO001',
      collectFilmId: String(newest!.collectFilmId),
      patientName: '张伟',
      modality: 'CT',
      bodyPart: '胸部',
      studyDescription: '胸部CT平扫',
      studyDate: '2026-11-18',
      studyTime: expect.stringMatching(/^\d{2}:\d{2}:00$/),
      deptCode: '2101',
      accessionNumber: expect.stringMatching(/^CT20261118\d{4}$/),
      hospitalName: '云胶片示范医院',
      // The image catalogue (server/dicom/) fills these in.
      ...(body.result.imageCount === undefined ? {} : { imageCount: expect.any(Number) }),
      series: expect.any(Array),
    });
    expect(filmDetailSchema.parse(body.result)).toMatchObject({ collectFilmId: String(newest!.collectFilmId) });
  });

  it('opens a collected film by its collectId as its study', async () => {
    const api = await sandbox.as('patient1');
    const [film] = (await myFilms(api)).rows;
    const byCollection = await api.get(`${FILM_DETAIL}?collectId=${film!.collectId}`);
    expect(byCollection.result.collectFilmId).toBe(film!.collectFilmId);
    expect(byCollection).toEqual(await api.get(`${FILM_DETAIL}?CollectId=${film!.collectFilmId}`));
  });

  it("answers another patient's study and collected film exactly like missing ones", async () => {
    const owner = await sandbox.as('patient1');
    const other = await sandbox.as('patient2');
    const [study] = await studiesOf(owner);
    const [film] = (await myFilms(owner)).rows;
    expect(await other.get(`${FILM_DETAIL}?CollectId=${study!.collectFilmId}`)).toEqual(NOT_FOUND);
    expect(await other.get(`${FILM_DETAIL}?collectId=${film!.collectId}`)).toEqual(NOT_FOUND);
    expect(await other.get(`${FILM_DETAIL}?collectId=999999`)).toEqual(NOT_FOUND);
  });

  it('wants exactly one of CollectId and collectId', async () => {
    const api = await sandbox.as('patient1');
    for (const search of ['', '?CollectId=1&collectId=1', '?collectId=abc']) {
      expect(await api.get(`${FILM_DETAIL}${search}`)).toMatchObject({ statusCode: 400, message: expect.stringMatching(/collectId/i) });
    }
  });
});

describe('DeptNames', () => {
  it('names the department of every modality', async () => {
    const api = await sandbox.as('patient1');
    const body = await api.get(DEPT_NAMES);
    expect(body.statusCode).toBe(200);
    const names = new Map(deptNamesSchema.parse(body.result).map(({ code, name }) => [code, name]));
    expect(names.size).toBe(body.result.length);

    const deptOf: Record<string, string> = {};
    for (const study of await studiesOf(api)) {
      const detail = await api.get(`${FILM_DETAIL}?CollectId=${study.collectFilmId}`);
      deptOf[study.modality] = names.get(detail.result.deptCode) ?? `unnamed ${detail.result.deptCode}`;
    }
    expect(deptOf).toEqual({ CT: '放射科CT室', MR: '放射科MR室', DR: '放射科DR室', US: '超声科' });
  });
});

describe('Package/list (my films)', () => {
  it("pages patient1's ten collected films, newest collected first", async () => {
    const api = await sandbox.as('patient1');
    const pages = [];
    for (const pageIndex of [1, 2, 3]) pages.push(await myFilms(api, `pageIndex=${pageIndex}&pageLength=4`));
    expect(pages.map((page) => page.rows.length)).toEqual([4, 4, 2]);
    expect(pages.every((page) => page.totals === 10)).toBe(true);

    const films = pages.flatMap((page) => page.rows);
    const times = films.map((film) => film.collectedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(films.map((film) => film.collectId)).size).toBe(10);
    const own = new Set((await studiesOf(api)).map((study) => String(study.collectFilmId)));
    for (const film of films) expect(own.has(film.collectFilmId), film.collectFilmId).toBe(true);
    expect(films[0]).toMatchObject({ studyDate: '2026-11-18', patientName: '张伟', modality: 'CT', hospitalName: '云胶片示范医院' });
  });

  it('has every study of patient2 and none of patient3', async () => {
    const patient2 = await sandbox.as('patient2');
    expect((await myFilms(patient2)).totals).toBe((await studiesOf(patient2)).length);
    expect(await myFilms(await sandbox.as('patient3'))).toEqual({ rows: [], totals: 0 });
  });

  it('delete removes a film from my films but not the study (changes patient2)', async () => {
    const owner = await sandbox.as('patient2');
    const other = await sandbox.as('patient1');
    const before = await myFilms(owner);
    const [film, kept] = before.rows;

    expect(await other.post(`${DELETE_FILM}?collectId=${film!.collectId}`)).toMatchObject({ statusCode: 404, result: null });
    expect((await myFilms(owner)).totals).toBe(before.totals);

    expect(await owner.post(`${DELETE_FILM}?collectId=${film!.collectId}`)).toMatchObject({ statusCode: 200 });
    const after = await myFilms(owner);
    expect(after.totals).toBe(before.totals - 1);
    expect(after.rows.map((row) => row.collectId)).not.toContain(film!.collectId);
    expect(after.rows.map((row) => row.collectId)).toContain(kept!.collectId);
    expect((await studiesOf(owner)).map((study) => String(study.collectFilmId))).toContain(film!.collectFilmId);
    expect((await owner.get(`${FILM_DETAIL}?CollectId=${film!.collectFilmId}`)).statusCode).toBe(200);
    expect(await owner.get(`${FILM_DETAIL}?collectId=${film!.collectId}`)).toEqual(NOT_FOUND);

    expect(await owner.post(`${DELETE_FILM}?collectId=${film!.collectId}`)).toMatchObject({ statusCode: 404 });
    expect(await owner.post(`${DELETE_FILM}?collectId=x`)).toMatchObject({ statusCode: 400, message: expect.stringContaining('collectId') });
  });
});

describe('hospital modules', () => {
  async function setting() {
    const { result } = (await sandbox.app().inject({ url: HOSPITAL_SETTING })).json();
    return hospitalSettingSchema.parse(result);
  }

  async function switchModule(body: unknown) {
    return sandbox.app().inject({ method: 'POST', url: HOSPITAL_MODULES_HOOK, payload: body as object });
  }

  it('the demo hospital switches every module on', async () => {
    expect((await setting()).modules).toEqual(Object.fromEntries(HOSPITAL_MODULES.map((key) => [key, true])));
  });

  it('the test hook switches one off and on again; canBuy follows imageStore', async () => {
    const api = await sandbox.as('patient1');
    const [study] = await studiesOf(api);
    const canBuy = async () => storageInfoSchema.parse((await api.get(`${STORAGE_INFO}?CollectId=${study!.collectFilmId}`)).result).canBuy;
    expect(await canBuy()).toBe(true);

    const off = await switchModule({ module: 'imageStore', enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().result.modules).toMatchObject({ imageStore: false, share: true });
    expect((await setting()).modules).toMatchObject({ imageStore: false, share: true, cloudFilm: true });
    expect(await canBuy()).toBe(false);

    expect((await switchModule({ module: 'imageStore', enabled: true })).statusCode).toBe(200);
    expect((await setting()).modules.imageStore).toBe(true);
    expect(await canBuy()).toBe(true);
  });

  it.each([{ module: 'nope', enabled: false }, { module: 'share' }, { module: 'share', enabled: 'no' }])('refuses %j', async (body) => {
    const response = await switchModule(body);
    expect(response.statusCode).toBe(400);
    expect((await setting()).modules.share).toBe(true);
  });

  it('is not there without test mode', async () => {
    const app = await startSandbox();
    const response = await app.inject({ method: 'POST', url: HOSPITAL_MODULES_HOOK, payload: { module: 'share', enabled: false } });
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ url: HOSPITAL_SETTING })).json().result.modules.share).toBe(true);
  });
});

describe('a sandbox seeded before issue 12', () => {
  it('gets modules, departments, storage, my films, report sync and printed reports on start, keeping its data', async () => {
    const dataDir = tempDir('data');
    const old = new Database(join(dataDir, DATABASE_FILE));
    for (const migration of MIGRATIONS.slice(0, 4)) old.exec(migration.sql);
    old.pragma('user_version = 4');
    seedDemoData(old);
    // An AI order paid before payments learned which kind of order they pay (issue 14).
    old.exec(`
      INSERT INTO ai_orders (id, order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at)
        VALUES (1, 'AI-OLD-1', 1, 1, '肺结节', 3990, 2, 3, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      INSERT INTO payments (record_no, prepay_id, check_record_id, order_id, patient_id, way, amount_fen, state, created_at, settled_at)
        VALUES ('CF-OLD-1', NULL, 1, 'AI-OLD-1', 1, 2, 3990, 'paid', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z');
    `);
    old.prepare("DELETE FROM hospital_modules WHERE module_key NOT IN ('aiAnalysis', 'imageStore', 'filmDownload', 'share', 'consultation')").run();
    old.prepare("UPDATE hospital_modules SET enabled = 0 WHERE module_key = 'share'").run();
    old.close();

    const app = await startSandbox({ dataDir });
    const { result: setting } = (await app.inject({ url: HOSPITAL_SETTING })).json();
    expect(setting.modules).toEqual({ ...Object.fromEntries(HOSPITAL_MODULES.map((key) => [key, true])), share: false });

    const api = await patientApi(app);
    const [newest] = await studiesOf(api);
    expect((await api.get(`${FILM_DETAIL}?CollectId=${newest!.collectFilmId}`)).result.deptCode).toBe('2101');
    expect((await api.get(DEPT_NAMES)).result).toContainEqual({ code: '2101', name: '放射科CT室' });
    expect((await api.get(CHECK_EXPIRE_STORAGE)).result).toMatchObject({ expiringCount: 1, expiredCount: 1 });
    expect((await myFilms(api)).totals).toBe(10);
    expect((await api.get(`${SYNC_REPORT_STATUS}?CollectId=${newest!.collectFilmId}`)).result.synced).toBe(false);
    const final = (await studiesOf(api)).find((study) => study.studyDate === '2025-12-22')!;
    expect((await api.get(`${ELECT_REPORT}?CollectId=${final.collectFilmId}`)).result.pages).toHaveLength(1);
    expect(app.sandbox.db.prepare("SELECT order_kind AS kind, state FROM payments WHERE record_no = 'CF-OLD-1'").get()).toEqual({ kind: 'ai', state: 'paid' });
  });
});
