// @vitest-environment node
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { setCollectClock } from '../../server/collect/clock';
import { DATABASE_FILE } from '../../server/db';
import { DEMO_PASSWORD, EXPERIENCE_ACCESSION, EXPERIENCE_PATIENT } from '../../server/demoData';
import { MIGRATIONS } from '../../server/migrations';
import { studyPassRepository } from '../../server/repositories/studyPasses';
import { seedDemoData } from '../../server/seed';
import { COLLECT_CODES, STUDY_PASS_HEADER } from '../../src/shared/api/collectSchemas';
import { DOWNLOAD_CODES } from '../../src/shared/api/downloadSchemas';
import { hospitalSettingSchema } from '../../src/shared/api/schemas';
import { consultationJumpSchema, experiencePassSchema, officialAccountTagSchema } from '../../src/shared/api/serviceSchemas';
import { electImagesSchema, filmDetailSchema, studyImagesSchema } from '../../src/shared/api/studySchemas';
import { COLLECT_PATHS, collectVisitor } from './collectFlow';
import { FILM_DETAIL, HOSPITAL_SETTING, PUBLIC_ORIGIN, startSandbox, STUDY_LIST, tempDir } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { browser, signIn, startAuthorization } from './signIn';
import { REPORT_DETAIL } from './studyPaths';
import { CONSULTATION_PATH } from '../../server/sandboxUrls';

const JUMP_URL = '/api/V1.0/Haodafu/GetZjwzJumpUrl';
const FOLLOW_TAG = '/api/V1.0/WeChat/GetUserScribeGZHTag';
const EXPERIENCE_PASS = '/api/V1.0/Package/ExperiencePass';
const IMAGE_LIST = '/api/V1.0/Package/GetPatientStudyImageList';
const ELECT_IMAGES = '/api/V2.0/YJPIndex/ElectImages';
const CONSULTATION_ORIGIN_HOOK = '/sandbox/test/consultation/url';
const FOLLOW_HOOK = '/sandbox/test/follow';
const FILM_DOWN = '/api/v2/FilmDown';
const AUTHEN_REPORT = '/api/V1.0/Report/AuthenReport';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });
const visitor = collectVisitor(() => sandbox.app());

async function hook(url: string) {
  return sandbox.app().inject({ method: 'POST', url });
}

async function studyIdOf(login: string, date: string): Promise<string> {
  const { result } = await (await sandbox.as(login)).get(`${STUDY_LIST}?pageIndex=1&pageLength=100`);
  return String(result.rows.find((row: { studyDate: string }) => row.studyDate === date).collectFilmId);
}

describe('GetZjwzJumpUrl', () => {
  it("answers the consultation page's address, naming the patient masked", async () => {
    const answer = await (await sandbox.as('patient2')).get(JUMP_URL);
    expect(answer.statusCode).toBe(200);
    const url = new URL(consultationJumpSchema.parse(answer.result).url);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_ORIGIN}${CONSULTATION_PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ patient: '李*', hospital: '云胶片示范医院' });
  });

  it('names the study when given one, and its page shows both with a way back to the film detail', async () => {
    const id = await studyIdOf('patient2', '2026-11-10');
    const { url } = consultationJumpSchema.parse((await (await sandbox.as('patient2')).get(`${JUMP_URL}?id=${id}`)).result);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      patient: '李*',
      hospital: '云胶片示范医院',
      id,
      study: '头颅MR平扫+DWI',
      date: '2026-11-10',
      modality: 'MR',
    });
    const page = await sandbox.app().inject({ url: new URL(url).pathname + new URL(url).search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('在线专家问诊');
    expect(page.body).toContain('李*');
    expect(page.body).toContain('头颅MR平扫+DWI');
    expect(page.body).toContain(`href="${PUBLIC_ORIGIN}/index?id=${id}"`);
    expect(page.body).not.toContain('李娜');
  });

  it('the page escapes what its address says, and goes back home without a study', async () => {
    const page = await sandbox.app().inject({ url: `${CONSULTATION_PATH}?patient=${encodeURIComponent('<b>张*</b>')}&id=javascript:alert(1)` });
    expect(page.body).toContain('&lt;b&gt;张*&lt;/b&gt;');
    expect(page.body).toContain(`href="${PUBLIC_ORIGIN}/Home"`);
    expect((await sandbox.app().inject({ url: CONSULTATION_PATH })).statusCode).toBe(400);
  });

  it("answers a study the patient may not read as missing (404), and a bad id with 400", async () => {
    const othersStudy = await studyIdOf('patient1', '2026-11-18');
    expect(await (await sandbox.as('patient2')).get(`${JUMP_URL}?id=${othersStudy}`)).toEqual({ statusCode: 404, message: '影像不存在', result: null });
    expect((await (await sandbox.as('patient2')).get(`${JUMP_URL}?id=abc`)).statusCode).toBe(400);
  });

  it('answers another origin while test mode says so (an address the app must refuse), and its own again after', async () => {
    expect((await hook(`${CONSULTATION_ORIGIN_HOOK}?origin=${encodeURIComponent('https://consult.example.net/anything')}`)).json()).toEqual({ origin: 'https://consult.example.net' });
    const switched = (await (await sandbox.as('patient2')).get(JUMP_URL)).result.url;
    expect(new URL(switched).origin).toBe('https://consult.example.net');
    expect(new URL(switched).pathname).toBe(CONSULTATION_PATH);
    expect((await hook(`${CONSULTATION_ORIGIN_HOOK}?origin=`)).json()).toEqual({ origin: PUBLIC_ORIGIN });
    expect(new URL((await (await sandbox.as('patient2')).get(JUMP_URL)).result.url).origin).toBe(PUBLIC_ORIGIN);
    expect((await hook(`${CONSULTATION_ORIGIN_HOOK}?origin=ftp://files.example.net`)).statusCode).toBe(400);
  });

  it('answers 4701 when the hospital offers no consultation', async () => {
    const { hospitals } = sandbox.app().sandbox;
    const hospitalId = hospitals.findByOrgCode('DEMO001')!.id;
    hospitals.setModule(hospitalId, 'consultation', false);
    try {
      expect(await (await sandbox.as('patient2')).get(JUMP_URL)).toEqual({ statusCode: 4701, message: '该医院暂未开通在线问诊', result: null });
    } finally {
      hospitals.setModule(hospitalId, 'consultation', true);
    }
  });

  it('needs a signed-in patient', async () => {
    expect((await sandbox.app().inject({ url: JUMP_URL })).statusCode).toBe(401);
  });
});

describe('GetUserScribeGZHTag', () => {
  const subscribed = async (login: string) => officialAccountTagSchema.parse((await (await sandbox.as(login)).get(FOLLOW_TAG)).result).subscribed;

  it('answers that no demo patient follows the official account at first', async () => {
    expect(await subscribed('patient1')).toBe(false);
    expect(await subscribed('patient3')).toBe(false);
  });

  it('follows what test mode says, patient by patient', async () => {
    expect((await hook(`${FOLLOW_HOOK}?login=patient3&subscribed=true`)).json()).toEqual({ login: 'patient3', subscribed: true });
    expect(await subscribed('patient3')).toBe(true);
    expect(await subscribed('patient1')).toBe(false);
    expect((await hook(`${FOLLOW_HOOK}?login=patient3&subscribed=true`)).json().subscribed).toBe(true);
    expect((await hook(`${FOLLOW_HOOK}?login=patient3&subscribed=false`)).json()).toEqual({ login: 'patient3', subscribed: false });
    expect(await subscribed('patient3')).toBe(false);
  });

  it('refuses a test-mode call without a known patient or a yes or no', async () => {
    expect((await hook(`${FOLLOW_HOOK}?login=nobody&subscribed=true`)).statusCode).toBe(404);
    expect((await hook(`${FOLLOW_HOOK}?login=patient3&subscribed=yes`)).statusCode).toBe(400);
  });

  it('needs a signed-in patient', async () => {
    expect((await sandbox.app().inject({ url: FOLLOW_TAG })).statusCode).toBe(401);
  });
});

describe('ExperiencePass', () => {
  afterEach(() => setCollectClock());

  async function experience() {
    const answer = (await sandbox.app().inject({ url: EXPERIENCE_PASS })).json();
    expect(answer.statusCode).toBe(200);
    const pass = experiencePassSchema.parse(answer.result);
    if (!pass) throw new Error('no experience pass');
    return pass;
  }

  it('answers anyone a day-long pass over the demo CT study', async () => {
    const before = Date.now();
    const pass = await experience();
    expect(pass).toMatchObject({ studyDescription: '胸部CT平扫', modality: 'CT', collectFilmId: expect.stringMatching(/^\d+$/) });
    expect(Date.parse(pass.passExpiresAt) - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(Date.parse(pass.passExpiresAt) - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    expect((await experience()).pass).not.toBe(pass.pass);
  });

  it('reads the study through the pass: film detail, viewer, film sheets, report', async () => {
    const { pass, collectFilmId } = await experience();
    const withPass = { [STUDY_PASS_HEADER]: pass };
    const film = await visitor.get(`${FILM_DETAIL}?CollectId=${collectFilmId}`, withPass);
    expect(film.statusCode).toBe(200);
    const detail = filmDetailSchema.parse(film.result);
    expect(detail).toMatchObject({ orgCode: 'DEMO001' });

    const images = await visitor.get(`${IMAGE_LIST}?studyUId=${detail.studyUId}&hospId=DEMO001`, withPass);
    expect(images.statusCode).toBe(200);
    expect(studyImagesSchema.parse(images.result)).toMatchObject({ patientName: EXPERIENCE_PATIENT.name, studyDescription: '胸部CT平扫' });
    expect(images.result.series.length).toBeGreaterThan(0);

    const sheets = await visitor.get(`${ELECT_IMAGES}?CollectId=${collectFilmId}`, withPass);
    expect(sheets.statusCode).toBe(200);
    electImagesSchema.parse(sheets.result);

    const report = await visitor.get(`${REPORT_DETAIL}?CollectId=${collectFilmId}`, withPass);
    expect(report.statusCode).toBe(200);
    expect(JSON.stringify(report.result)).toContain('胸部CT平扫未见明显异常');
    expect((await visitor.get(`${REPORT_DETAIL}?studyUId=${detail.studyUId}`, withPass)).statusCode).toBe(200);
  });

  it('has real DICOM behind it, like every demo study', async () => {
    const { pass, collectFilmId } = await experience();
    const withPass = { [STUDY_PASS_HEADER]: pass };
    const { studyUId } = filmDetailSchema.parse((await visitor.get(`${FILM_DETAIL}?CollectId=${collectFilmId}`, withPass)).result);
    const [series] = studyImagesSchema.parse((await visitor.get(`${IMAGE_LIST}?studyUId=${studyUId}`, withPass)).result).series;
    const thumbnail = new URL(series!.thumbnailUrl!);
    // The viewer's way: the object as DICOM, with the pass in its header (the thumbnail's signature covers the thumbnail only).
    for (const name of ['exp', 'grant', 'sig', 'columns']) thumbnail.searchParams.delete(name);
    thumbnail.searchParams.set('contentType', 'application/dicom');
    const dicom = await sandbox.app().inject({ url: `${thumbnail.pathname}${thumbnail.search}`, headers: withPass });
    expect(dicom.statusCode).toBe(200);
    expect(dicom.headers['content-type']).toBe('application/dicom');
    expect(dicom.rawPayload.subarray(128, 132).toString()).toBe('DICM');
  }, 120_000);

  it('takes nothing away: no package (so no download link and no e-mail); its summary says experience', async () => {
    const { pass, collectFilmId } = await experience();
    const withPass = { [STUDY_PASS_HEADER]: pass };
    const refused = { statusCode: DOWNLOAD_CODES.studyNotAllowed, message: expect.any(String), result: null };
    expect(await visitor.post(`${FILM_DOWN}/AddPackageTask`, { collectFilmId, format: 'dicom', desensitize: false }, withPass)).toEqual(refused);
    expect(await visitor.get(`${FILM_DOWN}/ExeitPackageTask?collectFilmId=${collectFilmId}`, withPass)).toEqual(refused);
    expect((await visitor.post(AUTHEN_REPORT, {}, withPass)).result).toMatchObject({ scope: 'experience', studyCount: 1 });
  });

  it("reads nothing else: another patient's study is missing to it", async () => {
    const { pass } = await experience();
    const othersStudy = await studyIdOf('patient1', '2026-11-18');
    expect(await visitor.get(`${FILM_DETAIL}?CollectId=${othersStudy}`, { [STUDY_PASS_HEADER]: pass })).toEqual({ statusCode: 404, message: '影像不存在', result: null });
  });

  it('stops reading after 24 hours', async () => {
    const { pass, collectFilmId } = await experience();
    setCollectClock(() => new Date(Date.now() + 24 * 3600_000 + 1000));
    expect((await visitor.get(`${FILM_DETAIL}?CollectId=${collectFilmId}`, { [STUDY_PASS_HEADER]: pass })).statusCode).toBe(4011);
  });

  it('sweeps the expired passes when it issues one, and a swept pass is refused as before', async () => {
    const { db } = sandbox.app().sandbox;
    const expiredBy = (now: Date) =>
      db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM study_passes WHERE expires_at <= ?').get(now.toISOString())!.n;
    const orphanStudies = () =>
      db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM study_pass_studies WHERE token_hash NOT IN (SELECT token_hash FROM study_passes)').get()!.n;
    const filmWith = async (pass: string, collectFilmId: string) => visitor.get(`${FILM_DETAIL}?CollectId=${collectFilmId}`, { [STUDY_PASS_HEADER]: pass });

    const first = await experience();
    // A live pass outlasts the next one's sweep.
    await experience();
    expect((await filmWith(first.pass, first.collectFilmId)).statusCode).toBe(200);

    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    setCollectClock(() => later);
    const refused = await filmWith(first.pass, first.collectFilmId);
    expect(refused).toEqual({ statusCode: COLLECT_CODES.passInvalid, message: '访问凭证无效或已过期', result: null });
    expect(expiredBy(later)).toBeGreaterThanOrEqual(2);

    const fresh = await experience();
    expect(expiredBy(later)).toBe(0);
    expect(orphanStudies()).toBe(0);
    expect(await filmWith(first.pass, first.collectFilmId)).toEqual(refused);
    expect((await filmWith(fresh.pass, fresh.collectFilmId)).statusCode).toBe(200);
  });

  describe('one address cannot make it write pass after pass', () => {
    const passRows = () => sandbox.app().sandbox.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM study_passes').get()!.n;
    let addresses = 0;
    const newAddress = () => `10.44.0.${++addresses}`;
    const ask = (remoteAddress: string, headers: Record<string, string> = {}) => sandbox.app().inject({ url: EXPERIENCE_PASS, remoteAddress, headers });

    it('answers the pass the request still carries, writing nothing and counting nothing', async () => {
      const address = newAddress();
      const first = experiencePassSchema.parse((await ask(address)).json().result)!;
      const rows = passRows();
      for (let i = 0; i < 30; i++) {
        const again = (await ask(address, { [STUDY_PASS_HEADER]: first.pass })).json();
        expect(again.result).toEqual(first);
      }
      expect(passRows()).toBe(rows);
    });

    it('gives one address 20 new passes a day; the 21st is 429 with the wait and writes nothing; its own pass still comes back', async () => {
      const address = newAddress();
      const issued = [];
      for (let i = 0; i < 20; i++) issued.push(experiencePassSchema.parse((await ask(address)).json().result)!.pass);
      expect(new Set(issued).size).toBe(20);
      const rows = passRows();
      const refused = await ask(address);
      expect(refused.statusCode).toBe(429);
      const body = refused.json();
      expect(body).toEqual({ statusCode: 429, message: '体验影像打开次数过多，请稍后再试', result: { retryAfterSeconds: expect.any(Number) } });
      // One more comes every 72 minutes.
      expect(body.result.retryAfterSeconds).toBeGreaterThan(70 * 60);
      expect(body.result.retryAfterSeconds).toBeLessThanOrEqual(72 * 60);
      expect(refused.headers['retry-after']).toBe(String(body.result.retryAfterSeconds));
      expect(passRows()).toBe(rows);
      expect((await ask(address, { [STUDY_PASS_HEADER]: issued[0]! })).json().result.pass).toBe(issued[0]);
      expect((await ask(newAddress())).json().statusCode).toBe(200);
    });

    it('a pass of another kind, or one that has expired, is no reason to skip the count', async () => {
      const address = newAddress();
      const { db, studies } = sandbox.app().sandbox;
      const patient2Study = studies.findById(Number(await studyIdOf('patient2', '2026-11-10')))!;
      const collectPass = studyPassRepository(db).issue({ scope: 'collect', patientId: patient2Study.patientId, studyIds: [patient2Study.id], ttlSeconds: 3600 });
      const expired = studyPassRepository(db).issue({ scope: 'experience', patientId: 1, studyIds: [1], ttlSeconds: 1 }, new Date(Date.now() - 60_000));
      for (let i = 0; i < 10; i++) {
        expect((await ask(address, { [STUDY_PASS_HEADER]: collectPass.token })).json().result.pass).not.toBe(collectPass.token);
        expect((await ask(address, { [STUDY_PASS_HEADER]: expired.token })).json().result.pass).not.toBe(expired.token);
      }
      expect((await ask(address)).statusCode).toBe(429);
    });
  });

  it('answers null when the hospital has no demo study', async () => {
    const { db } = sandbox.app().sandbox;
    const { id, studyId } = db.prepare<[], { id: number; studyId: number }>("SELECT id, experience_study_id AS studyId FROM hospitals WHERE org_code = 'DEMO001'").get()!;
    db.prepare('UPDATE hospitals SET experience_study_id = NULL WHERE id = ?').run(id);
    try {
      expect((await sandbox.app().inject({ url: EXPERIENCE_PASS })).json()).toEqual({ statusCode: 200, message: 'success', result: null });
    } finally {
      db.prepare('UPDATE hospitals SET experience_study_id = ? WHERE id = ?').run(studyId, id);
    }
  });

  it('the experience patient cannot sign in and is no sign-in hint', async () => {
    const b = browser();
    const loginPage = await startAuthorization(b, sandbox.app().sandbox.identity.issuer, { code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const page = await (await b.fetch(loginPage)).text();
    expect(page).toContain('patient1');
    expect(page).not.toContain(EXPERIENCE_PATIENT.loginName);
    // Not even with the password every demo patient has: the experience patient has none.
    await expect(signIn(sandbox.app(), { login: EXPERIENCE_PATIENT.loginName, password: DEMO_PASSWORD })).rejects.toThrow();
  });

  it('the experience patient cannot be collected: not by national ID, name and phone, or film bag', async () => {
    const refused = COLLECT_CODES.identityNotFound;
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, { idCard: EXPERIENCE_PATIENT.nationalId })).statusCode).toBe(refused);
    const byName = (phone: string) => ({ name: EXPERIENCE_PATIENT.name, phone, bagCode: EXPERIENCE_ACCESSION });
    expect((await visitor.lookup(COLLECT_PATHS.patientPhone, byName(''))).statusCode).toBe(refused);
    expect((await visitor.lookup(COLLECT_PATHS.patientPhone, byName('13700001111'))).statusCode).toBe(refused);
  });
});

describe('test routes', () => {
  it('do not exist without test mode', async () => {
    const app = await startSandbox();
    expect((await app.inject({ method: 'POST', url: `${CONSULTATION_ORIGIN_HOOK}?origin=https://consult.example.net` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${FOLLOW_HOOK}?login=patient1&subscribed=true` })).statusCode).toBe(404);
  });
});

describe('a sandbox seeded before issue 14', () => {
  it("gets the hospital's place and its experience study on start, the demo studies keeping their ids and its passes reading", async () => {
    const dataDir = tempDir('data');
    const old = new Database(join(dataDir, DATABASE_FILE));
    const before = MIGRATIONS.findIndex((migration) => migration.name.endsWith('(issue 14)'));
    for (const migration of MIGRATIONS.slice(0, before)) old.exec(migration.sql);
    old.pragma(`user_version = ${before}`);
    seedDemoData(old);
    const studies = (old.prepare('SELECT COUNT(*) AS n FROM studies').get() as { n: number }).n;
    // A collect pass issued then lives through the rebuild of the pass tables.
    const { id: patientId } = old.prepare("SELECT id FROM patients WHERE login_name = 'patient2'").get() as { id: number };
    const { id: studyId } = old.prepare('SELECT id FROM studies WHERE patient_id = ? ORDER BY id LIMIT 1').get(patientId) as { id: number };
    const { token } = studyPassRepository(old).issue({ scope: 'collect', patientId, studyIds: [studyId], ttlSeconds: 3600 });
    old.close();

    const app = await startSandbox({ dataDir });
    const film = await app.inject({ url: `${FILM_DETAIL}?CollectId=${studyId}`, headers: { [STUDY_PASS_HEADER]: token } });
    expect(film.json()).toMatchObject({ statusCode: 200 });
    const setting = hospitalSettingSchema.parse((await app.inject({ url: HOSPITAL_SETTING })).json().result);
    expect(setting).toMatchObject({ address: '北京市朝阳区东三环北路16号', latitude: 39.932431, longitude: 116.461087 });
    const pass = experiencePassSchema.parse((await app.inject({ url: EXPERIENCE_PASS })).json().result);
    expect(pass?.collectFilmId).toBe(String(studies + 1));
  });
});
