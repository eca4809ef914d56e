// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setCollectClock } from '../../server/collect/clock';
import { shareRepository } from '../../server/repositories/shares';
import { STUDY_PASS_HEADER } from '../../src/shared/api/collectSchemas';
import { pageSchema } from '../../src/shared/api/schemas';
import { shareOpenedSchema, sharePreviewSchema, shareSchema } from '../../src/shared/api/shareSchemas';
import { FILM_DETAIL, PUBLIC_ORIGIN, startSandbox, STUDY_LIST } from './helpers';
import { signedInHeaders } from './signIn';
import { sharedSandbox } from './sharedSandbox';
import { REPORT_DETAIL } from './studyPaths';

// Test mode for /sandbox/test/shares. Tests share the sandbox's data: each makes its own shares.
const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });

const CREATE = '/api/V1.0/Share/create';
const LIST = '/api/V1.0/Share/list';
const INFO = '/api/V1.0/Share/info';
const REVOKE = '/api/V1.0/Share/revoke';
const TEST_SHARES = '/sandbox/test/shares';
const XSRF = 'test-pair';
const DAY_MS = 86_400_000;
/** patient1's study with a final report. */
const REPORTED_STUDY_DATE = '2025-12-22';

/** The fields every answer has; helpers answer the parsed JSON, whose result each test reads as it needs. */
interface Envelope {
  statusCode: number;
  message: string;
  result: unknown;
}

interface ShareRow {
  shareId: string;
  collectFilmId: string;
  code: string;
  accessCode: string;
  url: string;
  state: string;
  openCount: number;
  lastOpenedAt?: string | null;
  expiresAt: string;
  createdAt: string;
}

const bearers = new Map<string, Promise<Record<string, string>>>();
function bearer(login: string): Promise<Record<string, string>> {
  if (!bearers.has(login)) bearers.set(login, signedInHeaders(sandbox.app(), login));
  return bearers.get(login)!;
}

async function get(url: string, login: string) {
  return (await sandbox.app().inject({ url, headers: await bearer(login) })).json();
}

/** A POST as the app sends it: a JSON body (or none, with the fields in the query), the anti-forgery pair. */
async function post(url: string, login: string, body?: Record<string, unknown>) {
  const response = await sandbox.app().inject({
    method: 'POST',
    url,
    headers: { ...(await bearer(login)), 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
    ...(body ? { payload: body } : {}),
  });
  return response.json();
}

/** Someone who is not signed in, as the share code page is. */
async function anonymous(url: string, headers: Record<string, string> = {}) {
  return (await sandbox.app().inject({ url, headers })).json();
}

async function studyIdOf(login: string, date?: string): Promise<number> {
  const rows: Array<{ collectFilmId: number; studyDate: string }> = (await get(`${STUDY_LIST}?pageLength=100`, login)).result.rows;
  const study = date ? rows.find((row) => row.studyDate === date) : rows[0];
  if (!study) throw new Error(`${login} has no study ${date ?? ''}`);
  return study.collectFilmId;
}

async function createShare(login = 'patient1', days = 7, date?: string): Promise<ShareRow> {
  const body = await post(CREATE, login, { collectFilmId: await studyIdOf(login, date), days });
  expect(body).toMatchObject({ statusCode: 200 });
  return body.result;
}

async function listOf(login: string): Promise<{ rows: ShareRow[]; totals: number }> {
  const body = await get(`${LIST}?pageLength=100`, login);
  expect(body.statusCode).toBe(200);
  pageSchema(shareSchema).parse(body.result);
  return body.result;
}

function info(code: string, accessCode?: string) {
  const query = new URLSearchParams({ code, ...(accessCode === undefined ? {} : { accessCode }) });
  return anonymous(`${INFO}?${query}`);
}

/** An access code other than the share's. */
function wrongCode(share: ShareRow): string {
  return share.accessCode === '0000' ? '1111' : '0000';
}

describe('Share/create', () => {
  it('shares a study of mine for 1, 7 or 30 days, with a code, an access code and the code page link', async () => {
    const before = Date.now();
    const body = await post(CREATE, 'patient1', { collectFilmId: await studyIdOf('patient1'), days: 7 });
    expect(body.statusCode).toBe(200);
    const share = shareSchema.parse(body.result);
    expect(share).toMatchObject({
      collectFilmId: String(await studyIdOf('patient1')),
      days: 7,
      state: 'active',
      openCount: 0,
      lastOpenedAt: null,
      patientName: '张伟',
      hospitalName: '云胶片示范医院',
      modality: 'CT',
      studyDescription: '胸部CT平扫',
    });
    expect(share.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(share.accessCode).toMatch(/^\d{4}$/);
    expect(share.url).toBe(`${PUBLIC_ORIGIN}/shareCode?code=${share.code}`);
    const lifetime = Date.parse(share.expiresAt) - Date.parse(share.createdAt);
    expect(lifetime).toBe(7 * DAY_MS);
    expect(Date.parse(share.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    for (const days of [1, 30]) expect((await createShare('patient1', days)).expiresAt).toBeTruthy();
  });

  it('takes the fields from the query when there is no body, and makes a new code every time', async () => {
    const studyId = await studyIdOf('patient1');
    const first = await post(`${CREATE}?collectFilmId=${studyId}&days=1`, 'patient1');
    const second = await post(`${CREATE}?collectFilmId=${studyId}&days=1`, 'patient1');
    expect(first.result.days).toBe(1);
    expect(second.result.code).not.toBe(first.result.code);
  });

  it('refuses other lengths of time', async () => {
    const collectFilmId = await studyIdOf('patient1');
    for (const days of [0, 3, 365, 'week', null]) {
      expect(await post(CREATE, 'patient1', { collectFilmId, days })).toEqual({ statusCode: 400, message: '有效期不正确', result: null });
    }
    expect(await post(CREATE, 'patient1', { collectFilmId })).toMatchObject({ statusCode: 400, message: '有效期不正确' });
  });

  it("refuses another patient's study, unless it is in my films", async () => {
    const theirs = await studyIdOf('patient2');
    expect(await post(CREATE, 'patient1', { collectFilmId: theirs, days: 7 })).toEqual({ statusCode: 404, message: '影像不存在', result: null });
    expect(await post(CREATE, 'patient1', { collectFilmId: 999_999, days: 7 })).toMatchObject({ statusCode: 404 });

    const { db, patients } = sandbox.app().sandbox;
    db.prepare('INSERT INTO film_collections (patient_id, study_id, collected_at) VALUES (?, ?, ?)').run(
      patients.findByLoginName('patient1')!.id,
      theirs,
      new Date().toISOString(),
    );
    const body = await post(CREATE, 'patient1', { collectFilmId: theirs, days: 1 });
    expect(body.statusCode).toBe(200);
    // The study's patient, not the one who shared it.
    expect(body.result.patientName).not.toBe('张伟');
  });

  it('needs a signed-in patient', async () => {
    const response = await sandbox.app().inject({
      method: 'POST',
      url: CREATE,
      headers: { 'x-xsrf-token': XSRF },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: { collectFilmId: 1, days: 7 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('Share/list', () => {
  it('lists my shares newest first, each with its state and openings worked out now', async () => {
    const opened = await createShare('patient1', 30);
    const revoked = await createShare('patient1', 7);
    const expired = await createShare('patient1', 1);
    expect((await info(opened.code, opened.accessCode)).statusCode).toBe(200);
    expect((await info(opened.code, opened.accessCode)).statusCode).toBe(200);
    expect((await post(REVOKE, 'patient1', { shareId: revoked.shareId })).statusCode).toBe(200);
    expect((await sandbox.app().inject({ method: 'POST', url: `${TEST_SHARES}/expire?code=${expired.code}` })).statusCode).toBe(200);

    const { rows, totals } = await listOf('patient1');
    expect(totals).toBe(rows.length);
    expect(rows.slice(0, 3).map((row) => row.shareId)).toEqual([expired.shareId, revoked.shareId, opened.shareId]);
    const byId = new Map(rows.map((row) => [row.shareId, row]));
    expect(byId.get(expired.shareId)).toMatchObject({ state: 'expired', openCount: 0 });
    expect(byId.get(revoked.shareId)).toMatchObject({ state: 'revoked', openCount: 0 });
    // The same person opening twice counts twice.
    expect(byId.get(opened.shareId)).toMatchObject({ state: 'active', openCount: 2, lastOpenedAt: expect.any(String) });
    const createdAt = rows.map((row) => row.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
  });

  it('pages, and shows no one else my shares', async () => {
    await createShare('patient1');
    const { totals } = await listOf('patient1');
    const page = await get(`${LIST}?pageIndex=1&pageLength=1`, 'patient1');
    expect(page.result.rows).toHaveLength(1);
    expect(page.result.totals).toBe(totals);
    const mine = new Set((await listOf('patient1')).rows.map((row) => row.shareId));
    expect((await listOf('patient3')).rows.filter((row) => mine.has(row.shareId))).toEqual([]);
  });
});

describe('Share/info', () => {
  it('previews a share without sign-in and without the access code', async () => {
    const share = await createShare();
    const body = await info(share.code);
    expect(body.statusCode).toBe(200);
    expect(sharePreviewSchema.parse(body.result)).toEqual({
      code: share.code,
      hospitalName: '云胶片示范医院',
      sharedByMasked: '张*',
      expiresAt: share.expiresAt,
    });
    // Typed in lower case, or with an empty access code: the same preview; nothing counted.
    expect((await info(share.code.toLowerCase(), '')).result).toEqual(body.result);
    expect((await anonymous(`${TEST_SHARES}?code=${share.code}`)).result).toMatchObject({ openCount: 0, state: 'active' });
  });

  it('does not know a code nobody made', async () => {
    expect(await info('ZZZZZZZZ')).toEqual({ statusCode: 4101, message: '分享不存在', result: null });
    expect(await info('ZZZZZZZZ', '1234')).toMatchObject({ statusCode: 4101 });
  });

  it('opens with the right access code: the study, and a share pass over it alone', async () => {
    const share = await createShare('patient1', 7, REPORTED_STUDY_DATE);
    const body = await info(share.code, share.accessCode);
    expect(body.statusCode).toBe(200);
    const opened = shareOpenedSchema.parse(body.result);
    expect(opened).toMatchObject({ collectFilmId: share.collectFilmId, expiresAt: share.expiresAt, studyDate: REPORTED_STUDY_DATE, modality: 'MR' });
    // Six hours, well within the share's seven days.
    expect(Date.parse(opened.passExpiresAt) - Date.now()).toBeGreaterThan(6 * 3600_000 - 60_000);
    expect(Date.parse(opened.passExpiresAt) - Date.now()).toBeLessThanOrEqual(6 * 3600_000);
    const pass = sandbox.app().sandbox.passes.resolve(opened.pass);
    expect(pass).toMatchObject({ scope: 'share', shareId: Number(share.shareId), studyIds: new Set([Number(share.collectFilmId)]) });
    expect(pass!.patientId).toBe(sandbox.app().sandbox.patients.findByLoginName('patient1')!.id);
  });

  it('a share pass lasts no longer than the share', async () => {
    const share = await createShare('patient1', 1);
    const repository = shareRepository(sandbox.app().sandbox.db);
    // An hour before the share expires.
    repository.expireNow(share.code, new Date(Date.now() + 3600_000));
    const opened = (await info(share.code, share.accessCode)).result;
    expect(Date.parse(opened.passExpiresAt)).toBeLessThanOrEqual(Date.parse(opened.expiresAt));
  });

  it('says how many tries are left after a wrong access code; the right one clears them', async () => {
    const share = await createShare();
    const wrong = wrongCode(share);
    expect(await info(share.code, wrong)).toEqual({ statusCode: 4104, message: '访问码不正确', result: { attemptsLeft: 4 } });
    expect((await info(share.code, 'abc')).result).toEqual({ attemptsLeft: 3 });
    expect((await info(share.code, share.accessCode)).statusCode).toBe(200);
    expect((await info(share.code, wrong)).result).toEqual({ attemptsLeft: 4 });
  });

  it('refuses every access code for ten minutes after five wrong ones in a row', async () => {
    const share = await createShare();
    const wrong = wrongCode(share);
    for (const attemptsLeft of [4, 3, 2, 1]) expect((await info(share.code, wrong)).result).toEqual({ attemptsLeft });
    expect(await info(share.code, wrong)).toMatchObject({ statusCode: 4105, result: { retryAfterSeconds: 600 } });
    const locked = await info(share.code, share.accessCode);
    expect(locked.statusCode).toBe(4105);
    expect(locked.result.retryAfterSeconds).toBeGreaterThan(590);
    expect(locked.result.retryAfterSeconds).toBeLessThanOrEqual(600);
    // The preview still answers; nothing was opened.
    expect((await info(share.code)).statusCode).toBe(200);
    expect((await anonymous(`${TEST_SHARES}?code=${share.code}`)).result.openCount).toBe(0);
  });

  it('lifts the lock after ten minutes, with five fresh tries', () => {
    const { db } = sandbox.app().sandbox;
    const shares = shareRepository(db);
    const owner = sandbox.app().sandbox.patients.findByLoginName('patient1')!;
    const studyId = db.prepare<[number], { id: number }>('SELECT id FROM studies WHERE patient_id = ? LIMIT 1').get(owner.id)!.id;
    const start = new Date();
    const { code, accessCode } = shares.create({ patientId: owner.id, studyId, days: 1 }, start);
    const wrong = accessCode === '0000' ? '1111' : '0000';
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < 4; i += 1) shares.tryAccessCode(shares.findByCode(code)!, wrong, at(i));
    // The fifth wrong code locks it (the owner's log records that one); a try while locked is not tried.
    expect(shares.tryAccessCode(shares.findByCode(code)!, wrong, at(4))).toEqual({ kind: 'locked', retryAfterSeconds: 600, justNow: true });
    expect(shares.tryAccessCode(shares.findByCode(code)!, accessCode, at(10))).toEqual({ kind: 'locked', retryAfterSeconds: 594, justNow: false });
    expect(shares.tryAccessCode(shares.findByCode(code)!, wrong, at(605))).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(shares.tryAccessCode(shares.findByCode(code)!, accessCode, at(606))).toMatchObject({ kind: 'opened' });
  });

  it('expires when its days are over', async () => {
    const share = await createShare('patient1', 1);
    setCollectClock(() => new Date(Date.now() + DAY_MS + 60_000));
    try {
      expect(await info(share.code, share.accessCode)).toMatchObject({ statusCode: 4102 });
      expect((await listOf('patient1')).rows.find((row) => row.shareId === share.shareId)).toMatchObject({ state: 'expired' });
    } finally {
      setCollectClock();
    }
    expect((await info(share.code)).statusCode).toBe(200);
  });

  it('refuses an expired share, before the access code and even with the right one', async () => {
    const share = await createShare();
    await sandbox.app().inject({ method: 'POST', url: `${TEST_SHARES}/expire?code=${share.code}` });
    const expired = { statusCode: 4102, message: '分享已过期', result: null };
    expect(await info(share.code)).toEqual(expired);
    expect(await info(share.code, share.accessCode)).toEqual(expired);
    expect(await info(share.code, wrongCode(share))).toEqual(expired);
    expect((await anonymous(`${TEST_SHARES}?code=${share.code}`)).result).toMatchObject({ state: 'expired', openCount: 0 });
  });
});

describe('reading a shared study with its pass', () => {
  async function openedPass(): Promise<{ share: ShareRow; pass: string }> {
    const share = await createShare('patient1', 7, REPORTED_STUDY_DATE);
    return { share, pass: (await info(share.code, share.accessCode)).result.pass };
  }

  it('reads the film detail and the report with X-Study-Pass, without sign-in', async () => {
    const { share, pass } = await openedPass();
    const film = await anonymous(`${FILM_DETAIL}?CollectId=${share.collectFilmId}`, { [STUDY_PASS_HEADER]: pass });
    expect(film).toMatchObject({ statusCode: 200, result: { collectFilmId: share.collectFilmId } });
    const report = await anonymous(`${REPORT_DETAIL}?CollectId=${share.collectFilmId}`, { [STUDY_PASS_HEADER]: pass });
    expect(report).toMatchObject({ statusCode: 200, result: { status: 2, checkType: 'MR' } });
  });

  /** What the film detail answers a visitor with only this pass. */
  async function filmDetailWith(pass: string, studyId: string) {
    return anonymous(`${FILM_DETAIL}?CollectId=${studyId}`, { [STUDY_PASS_HEADER]: pass });
  }

  /** A dead pass reads nothing: 4011 for a visitor (server/studyAccess.ts), or a 401 or 404, never the study. */
  function expectRefused(body: Envelope): void {
    expect([401, 404, 4011]).toContain(body.statusCode);
    expect(body.result).toBeNull();
  }

  it('reads nothing once the share is revoked', async () => {
    const { share, pass } = await openedPass();
    expect((await filmDetailWith(pass, share.collectFilmId)).statusCode).toBe(200);
    expect((await post(REVOKE, 'patient1', { shareId: share.shareId })).statusCode).toBe(200);
    expectRefused(await filmDetailWith(pass, share.collectFilmId));
    expectRefused(await anonymous(`${REPORT_DETAIL}?CollectId=${share.collectFilmId}`, { [STUDY_PASS_HEADER]: pass }));
  });

  it('reads nothing once the share has expired, though the pass itself has hours left', async () => {
    const { share, pass } = await openedPass();
    await sandbox.app().inject({ method: 'POST', url: `${TEST_SHARES}/expire?code=${share.code}` });
    expect(sandbox.app().sandbox.passes.resolve(pass)).toBeDefined();
    expectRefused(await filmDetailWith(pass, share.collectFilmId));
  });
});

describe('Share/revoke', () => {
  it('takes a share back for good: opening it is refused, revoking again is fine', async () => {
    const share = await createShare();
    expect(await post(REVOKE, 'patient1', { shareId: share.shareId })).toEqual({ statusCode: 200, message: '操作成功', result: null });
    const revoked = { statusCode: 4103, message: '分享已被撤销', result: null };
    expect(await info(share.code)).toEqual(revoked);
    expect(await info(share.code, share.accessCode)).toEqual(revoked);
    // By query too; idempotent.
    expect((await post(`${REVOKE}?shareId=${share.shareId}`, 'patient1')).statusCode).toBe(200);
    expect(shareRepository(sandbox.app().sandbox.db).isActive(Number(share.shareId))).toBe(false);
  });

  it("refuses another patient's share, and one nobody made", async () => {
    const share = await createShare();
    const notFound = { statusCode: 4101, message: '分享不存在', result: null };
    expect(await post(REVOKE, 'patient2', { shareId: share.shareId })).toEqual(notFound);
    expect(await post(REVOKE, 'patient1', { shareId: 999_999 })).toEqual(notFound);
    expect((await info(share.code)).statusCode).toBe(200);
    expect(shareRepository(sandbox.app().sandbox.db).isActive(Number(share.shareId))).toBe(true);
  });
});

describe('test-mode share endpoints', () => {
  it('read a share and expire it in test mode', async () => {
    const share = await createShare();
    expect(await anonymous(`${TEST_SHARES}?code=${share.code}`)).toEqual({
      statusCode: 200,
      message: 'success',
      result: { accessCode: share.accessCode, openCount: 0, state: 'active' },
    });
    const unknown = await sandbox.app().inject({ url: `${TEST_SHARES}?code=ZZZZZZZZ` });
    expect(unknown.statusCode).toBe(404);
  });

  // Last: a second sandbox in this file (see the report on the share pass check).
  it('do not exist otherwise', async () => {
    const app = await startSandbox();
    expect((await app.inject({ method: 'POST', url: `${TEST_SHARES}/expire?code=ABCDEFGH` })).statusCode).toBe(404);
    expect((await app.inject({ url: `${TEST_SHARES}?code=ABCDEFGH` })).statusCode).toBe(404);
  });
});
