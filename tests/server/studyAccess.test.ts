// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASS_API_PATHS, VISITOR_API_PATHS } from '../../server/paths';
import { collectedStudyRepository } from '../../server/repositories/collectedStudies';
import { demoStudyRecords } from '../../server/seed';
import { setSharePassCheck } from '../../server/studyAccess';
import { collectVisitor } from './collectFlow';
import { FILM_DETAIL, STUDY_LIST, SYNC_REPORT_STATUS } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';
import { DEPT_NAMES, ELECT_REPORT, MY_FILMS, REPORT_DETAIL, STORAGE_INFO } from './studyPaths';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });
const visitor = collectVisitor(() => sandbox.app());
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };
const PASS_INVALID = { statusCode: 4011, message: '访问凭证无效或已过期', result: null };

/** The seed inserts the demo studies in this order, so a study's id is its place here, from 1. */
const RECORDS = demoStudyRecords().map((record, index) => ({ ...record, id: index + 1 }));

function studyOf(loginName: string, date: string) {
  const study = RECORDS.find((record) => record.patient.loginName === loginName && record.study.date === date);
  if (!study) throw new Error(`no study of ${loginName} on ${date}`);
  return study;
}

/** patient2's small DR study (quick to draw), and one of patient1's. */
const LI_NA_DR = studyOf('patient2', '2025-06-03');
const LI_NA_MR = studyOf('patient2', '2026-11-10');
const ZHANG_WEI_CT = studyOf('patient1', '2026-11-18');

/** Every call that reads one study, for a given study. */
function readingCalls(study: { id: number; studyUid: string }): string[] {
  return [
    `${FILM_DETAIL}?CollectId=${study.id}`,
    `${REPORT_DETAIL}?CollectId=${study.id}`,
    `${REPORT_DETAIL}?studyUId=${study.studyUid}`,
    `${SYNC_REPORT_STATUS}?CollectId=${study.id}`,
    `${ELECT_REPORT}?CollectId=${study.id}`,
    `${STORAGE_INFO}?CollectId=${study.id}`,
    `/api/V2.0/YJPIndex/ReportAiInfo?CollectId=${study.id}`,
    `/api/V2.0/YJPIndex/ElectImages?CollectId=${study.id}`,
    `/api/V1.0/Package/GetPatientStudyImageList?studyUId=${study.studyUid}`,
  ];
}

let passOfLiNa: Promise<string> | undefined;
/** One collect pass over patient2's studies for the file. */
function liNasPass(): Promise<{ 'x-study-pass': string }> {
  passOfLiNa ??= visitor.pass('patient2');
  return passOfLiNa.then((pass) => ({ 'x-study-pass': pass }));
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => setSharePassCheck());

describe('a collect pass', () => {
  it('reads every study it covers, through every study-reading call', async () => {
    const pass = await liNasPass();
    for (const url of readingCalls(LI_NA_DR)) {
      const body = await visitor.get(url, pass);
      expect(body.statusCode, url).toBe(200);
    }
    expect((await visitor.get(`${FILM_DETAIL}?CollectId=${LI_NA_MR.id}`, pass)).result).toMatchObject({ patientName: '李娜', modality: 'MR' });
  }, 60_000);

  it("reads no other patient's study: 404 exactly like a missing one", async () => {
    const pass = await liNasPass();
    for (const url of [...readingCalls(ZHANG_WEI_CT), `${FILM_DETAIL}?CollectId=999999`]) {
      expect(await visitor.get(url, pass), url).toEqual(NOT_FOUND);
    }
  });

  it("gives the departments of the pass's patient's hospital", async () => {
    const body = await visitor.get(DEPT_NAMES, await liNasPass());
    expect(body.statusCode).toBe(200);
    expect(body.result).toContainEqual({ code: '2103', name: '放射科DR室' });
  });

  it('opens nothing else: the signed-in calls still want a bearer', async () => {
    const pass = await liNasPass();
    for (const url of [`${STUDY_LIST}`, `${MY_FILMS}`, `${FILM_DETAIL}?collectId=1`, SYNC_REPORT_STATUS]) {
      expect((await sandbox.app().inject({ url, headers: pass })).statusCode, url).toBe(401);
    }
  });
});

describe('without a pass or a bearer', () => {
  it('reaches the visitor calls, which ask their own proof, never 401', async () => {
    const app = sandbox.app();
    for (const url of VISITOR_API_PATHS) {
      const methods = (['GET', 'POST'] as const).filter((method) => app.hasRoute({ method, url }));
      expect(methods, url).toHaveLength(1);
      const response = await app.inject({ method: methods[0], url, payload: {}, headers: { 'x-xsrf-token': 't' }, cookies: { 'XSRF-TOKEN': 't' } });
      expect(response.statusCode, url).not.toBe(401);
    }
  });

  it('every pass path is a route', () => {
    for (const url of PASS_API_PATHS) {
      expect(sandbox.app().hasRoute({ method: 'GET', url }) || sandbox.app().hasRoute({ method: 'POST', url }), url).toBe(true);
    }
  });

  it('is 401 on the study-reading calls', async () => {
    for (const url of [...readingCalls(LI_NA_DR), DEPT_NAMES]) {
      expect((await sandbox.app().inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('a dead pass is told so (4011), whatever study it asks for', async () => {
    for (const url of [...readingCalls(LI_NA_DR), `${FILM_DETAIL}?CollectId=999999`, DEPT_NAMES]) {
      expect(await visitor.get(url, { 'x-study-pass': 'forged' }), url).toEqual(PASS_INVALID);
    }
  });
});

describe('with a bearer', () => {
  it('reads my own studies, whatever pass comes along', async () => {
    const owner = collectVisitor(() => sandbox.app(), await signedInHeaders(sandbox.app(), 'patient1'));
    expect((await owner.get(`${FILM_DETAIL}?CollectId=${ZHANG_WEI_CT.id}`, { 'x-study-pass': 'forged' })).statusCode).toBe(200);
    // And with a pass over patient2's studies, theirs too.
    expect((await owner.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`)).statusCode).toBe(404);
    expect((await owner.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`, await liNasPass())).statusCode).toBe(200);
  });

  it("reads a study I collected, and not the owner's others (changes patient3's films)", async () => {
    const reader = collectVisitor(() => sandbox.app(), await signedInHeaders(sandbox.app(), 'patient3'));
    expect(await reader.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`)).toEqual(NOT_FOUND);
    collectedStudyRepository(sandbox.app().sandbox.db).addAll(3, [LI_NA_DR.id], new Date());
    for (const url of readingCalls(LI_NA_DR)) expect((await reader.get(url)).statusCode, url).toBe(200);
    expect(await reader.get(`${FILM_DETAIL}?CollectId=${LI_NA_MR.id}`)).toEqual(NOT_FOUND);
  });
});

describe('a share pass', () => {
  let shares = 0;
  /** A share of one of patient2's studies, open for a day, and a pass over it. */
  function sharedStudy(studyId: number) {
    const { db, passes } = sandbox.app().sandbox;
    const now = new Date();
    const shareId = Number(
      db
        .prepare(
          `INSERT INTO shares (code, access_code, patient_id, study_id, days, expires_at, created_at)
           VALUES (?, '1234', (SELECT patient_id FROM studies WHERE id = ?), ?, 1, ?, ?)`,
        )
        .run(`T${studyId}-${++shares}`, studyId, studyId, new Date(now.getTime() + 86_400_000).toISOString(), now.toISOString()).lastInsertRowid,
    );
    const patientId = sandbox.app().sandbox.studies.findById(studyId)!.patientId;
    const { token } = passes.issue({ scope: 'share', patientId, studyIds: [studyId], shareId, ttlSeconds: 3600 });
    return { shareId, pass: { 'x-study-pass': token } };
  }

  it('reads the shared study only', async () => {
    const { pass } = sharedStudy(LI_NA_DR.id);
    expect((await visitor.get(`${REPORT_DETAIL}?CollectId=${LI_NA_DR.id}`, pass)).statusCode).toBe(200);
    expect(await visitor.get(`${REPORT_DETAIL}?CollectId=${LI_NA_MR.id}`, pass)).toEqual(NOT_FOUND);
  });

  it('dies with its share: revoked or expired', async () => {
    const { db } = sandbox.app().sandbox;
    const revoked = sharedStudy(LI_NA_DR.id);
    db.prepare('UPDATE shares SET revoked_at = ? WHERE id = ?').run(new Date().toISOString(), revoked.shareId);
    expect(await visitor.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`, revoked.pass)).toEqual(PASS_INVALID);

    const expired = sharedStudy(LI_NA_DR.id);
    db.prepare('UPDATE shares SET expires_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), expired.shareId);
    expect(await visitor.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`, expired.pass)).toEqual(PASS_INVALID);
  });

  it("asks the share routes' check when they set one", async () => {
    const { shareId, pass } = sharedStudy(LI_NA_DR.id);
    const asked: number[] = [];
    setSharePassCheck((id) => {
      asked.push(id);
      return false;
    });
    expect(await visitor.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`, pass)).toEqual(PASS_INVALID);
    expect(asked).toEqual([shareId]);
    setSharePassCheck(() => true);
    expect((await visitor.get(`${FILM_DETAIL}?CollectId=${LI_NA_DR.id}`, pass)).statusCode).toBe(200);
  });
});
