// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCollectClock } from '../../server/collect/clock';
import { CAPTCHA_ALPHABET } from '../../server/collect/captchaImage';
import { demoNationalId } from '../../server/seed';
import {
  bagHintSchema,
  captchaSchema,
  checkRowSchema,
  codeSentSchema,
  identityCheckSchema,
  passSummarySchema,
  verifiedSchema,
} from '../../src/shared/api/collectSchemas';
import { pageSchema } from '../../src/shared/api/schemas';
import { nationalIdCheckCharacter } from '../../src/shared/rules/nationalId';
import { bagCodesOf, COLLECT_PATHS, collectVisitor, demoPatient } from './collectFlow';
import { FILM_DETAIL, startSandbox } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';
import { MY_FILMS, REPORT_DETAIL } from './studyPaths';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });
const visitor = collectVisitor(() => sandbox.app());
const LI_NA = demoPatient('patient2');
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };

/** The clock the collect calls read, moved forward by tests; back to real time after each. */
let offsetMs = 0;
function advance(seconds: number): void {
  offsetMs += seconds * 1000;
}

beforeEach(() => {
  offsetMs = 0;
  setCollectClock(() => new Date(Date.now() + offsetMs));
  // Every SMS is also printed for `npm start` users; not here.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => setCollectClock());

/** A valid national ID nobody in the sandbox has. */
function strangersNationalId(): string {
  const first17 = '11010519900101999';
  return first17 + nationalIdCheckCharacter(first17);
}

describe('image codes', () => {
  it('draws four unambiguous characters as an SVG, without the answer in the markup', async () => {
    const body = await visitor.get(COLLECT_PATHS.imagecode);
    expect(body.statusCode).toBe(200);
    const captcha = captchaSchema.parse(body.result);
    expect(captcha.expiresInSeconds).toBe(120);
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(captcha.image.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="120" height="44"/);
    expect(svg).not.toContain('<text');
    const { answer } = (await sandbox.app().inject({ url: `/sandbox/test/captcha?id=${captcha.captchaId}` })).json();
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL]/);
  });

  it('takes the right answer in any case, once', async () => {
    const captcha = await visitor.captcha();
    const idCard = demoNationalId(LI_NA);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...captcha })).statusCode).toBe(200);
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...captcha })).toMatchObject({ statusCode: 4002, result: null });
  });

  it('refuses a wrong answer, and the code is used up by it', async () => {
    const captcha = await visitor.captcha();
    const idCard = demoNationalId(LI_NA);
    const wrong = { ...captcha, captchaText: captcha.captchaText === 'aaaa' ? 'bbbb' : 'aaaa' };
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...wrong })).toEqual({
      statusCode: 4001,
      message: '图形验证码不正确',
      result: null,
    });
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...captcha })).statusCode).toBe(4002);
  });

  it('refuses an expired or unknown code', async () => {
    const captcha = await visitor.captcha();
    advance(121);
    const idCard = demoNationalId(LI_NA);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...captcha })).statusCode).toBe(4002);
    const unknown = { captchaId: 'nope', captchaText: 'ABCD' };
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard, ...unknown })).statusCode).toBe(4002);
  });
});

describe('film bag codes', () => {
  it('names the study of a bag code, masked, plain or as a link', async () => {
    const [bagCode] = bagCodesOf('patient2');
    const plain = await visitor.get(`${COLLECT_PATHS.bagHint}?text=${bagCode}`);
    expect(bagHintSchema.parse(plain.result)).toEqual({
      bagCode,
      hospitalName: '云胶片示范医院',
      studyDate: '2026-11-10',
      modality: 'MR',
      studyDescription: expect.any(String),
      patientNameMasked: '李*',
    });
    const link = encodeURIComponent(`https://film.example.com/collect?code=${bagCode}&from=bag`);
    expect(await visitor.get(`${COLLECT_PATHS.bagHint}?text=${link}`)).toEqual(plain);
  });

  it('does not know a code that names no study', async () => {
    for (const text of ['NOPE', '', encodeURIComponent('https://film.example.com/collect?x=1')]) {
      expect(await visitor.get(`${COLLECT_PATHS.bagHint}?text=${text}`)).toEqual({ statusCode: 4009, message: '未识别的胶片袋编码', result: null });
    }
  });
});

describe('identity checks', () => {
  it('finds a patient by national ID: where the code goes and how many studies', async () => {
    const body = await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${demoNationalId(LI_NA)}`);
    expect(identityCheckSchema.parse(body.result)).toEqual({ phoneMasked: '136****2222', studyCount: 4 });
    const withBag = await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${demoNationalId(LI_NA)}&bagCode=${bagCodesOf('patient2')[1]}`);
    expect(withBag).toEqual(body);
  });

  it('finds a patient by exact name and phone', async () => {
    const body = await visitor.get(`${COLLECT_PATHS.patientPhone}?name=${encodeURIComponent(LI_NA.name)}&phone=${LI_NA.phone}`);
    expect(body.result).toEqual({ phoneMasked: '136****2222', studyCount: 4 });
    const wrongName = await visitor.get(`${COLLECT_PATHS.patientPhone}?name=${encodeURIComponent('李')}&phone=${LI_NA.phone}`);
    expect(wrongName).toEqual({ statusCode: 4003, message: '未找到该患者的检查', result: null });
    expect((await visitor.get(`${COLLECT_PATHS.patientPhone}?name=x&phone=12345`)).statusCode).toBe(4003);
  });

  it('refuses an invalid national ID, checked on the server too', async () => {
    const valid = demoNationalId(LI_NA);
    const badCheck = valid.slice(0, 17) + (valid.endsWith('0') ? '1' : '0');
    for (const idCard of [badCheck, '123', '']) {
      expect(await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${idCard}`)).toEqual({ statusCode: 4003, message: '身份证号不正确', result: null });
    }
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard: badCheck, ...(await visitor.captcha()) })).toMatchObject({
      statusCode: 4003,
      message: '身份证号不正确',
    });
  });

  it('does not find a stranger, nor a patient with a bag that is not theirs', async () => {
    const notFound = { statusCode: 4003, message: '未找到该患者的检查', result: null };
    expect(await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${strangersNationalId()}`)).toEqual(notFound);
    const someoneElsesBag = bagCodesOf('patient1')[0];
    expect(await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${demoNationalId(LI_NA)}&bagCode=${someoneElsesBag}`)).toEqual(notFound);
    expect((await visitor.get(`${COLLECT_PATHS.checkcollect}?idCard=${demoNationalId(LI_NA)}&bagCode=NOPE`)).statusCode).toBe(4009);
    expect(await visitor.sendByNationalId('patient2', { idCard: strangersNationalId() })).toEqual(notFound);
  });
});

describe('sending codes', () => {
  it('sends a 6-digit code by national ID, into the SMS outbox', async () => {
    const sent = await visitor.sendByNationalId('patient2');
    expect(codeSentSchema.parse(sent.result)).toEqual({
      verificationId: expect.any(String),
      phoneMasked: '136****2222',
      codeLength: 6,
      expiresInSeconds: 300,
      resendAfterSeconds: 60,
    });
    const { messages } = (await sandbox.app().inject({ url: `/sandbox/test/sms?phone=${LI_NA.phone}` })).json();
    expect(messages[0]).toEqual({ text: expect.stringMatching(/^您的验证码是 \d{6}，5分钟内有效$/), code: expect.stringMatching(/^\d{6}$/), sentAt: expect.any(String) });
    expect(messages[0].text).toContain(messages[0].code);
  });

  it('sends a code by name and phone', async () => {
    const sent = await visitor.sendByNamePhone('patient2');
    expect(sent.result).toMatchObject({ phoneMasked: '136****2222', codeLength: 6 });
    const unknown = await visitor.sendByNamePhone('patient2', { phone: '13912345678' });
    expect(unknown).toMatchObject({ statusCode: 4003 });
  });

  it('resends a minute after the last code, replacing it', async () => {
    const sent = await visitor.sendByNationalId('patient2');
    const { verificationId } = sent.result;
    const first = await visitor.lastCode(LI_NA.phone);
    advance(30);
    const tooSoon = await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId });
    expect(tooSoon).toMatchObject({ statusCode: 4007, result: { retryAfterSeconds: 30 } });
    advance(31);
    const again = await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId });
    expect(again.result).toEqual({ ...sent.result, verificationId });
    const second = await visitor.lastCode(LI_NA.phone);
    if (second !== first) {
      const old = await visitor.post(COLLECT_PATHS.collect, { verificationId, code: first });
      expect(old).toMatchObject({ statusCode: 4004, result: { attemptsLeft: 4 } });
    }
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code: second })).statusCode).toBe(200);
  });

  it('sends five codes at most', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    for (let send = 2; send <= 5; send += 1) {
      advance(60);
      expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).statusCode).toBe(200);
    }
    advance(60);
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).toMatchObject({ statusCode: 4008, result: null });
  });

  it('resends only through the method the verification was made by, and only while it lives', async () => {
    const { verificationId } = (await visitor.sendByNamePhone('patient2')).result;
    advance(60);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).statusCode).toBe(4010);
    expect((await visitor.post(COLLECT_PATHS.sendByNamePhone, { verificationId })).statusCode).toBe(200);
    advance(86_400);
    expect((await visitor.post(COLLECT_PATHS.sendByNamePhone, { verificationId })).statusCode).toBe(4010);
    expect((await visitor.post(COLLECT_PATHS.sendByNamePhone, { verificationId: 'unknown' })).statusCode).toBe(4010);
  });
});

describe('checking codes', () => {
  it('counts wrong codes down, then locks the verification for 15 minutes', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const attemptsLeft of [4, 3, 2, 1]) {
      expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrong })).toEqual({
        statusCode: 4004,
        message: '验证码不正确',
        result: { attemptsLeft },
      });
    }
    expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrong })).toMatchObject({
      statusCode: 4006,
      result: { retryAfterSeconds: 900 },
    });
    advance(100);
    expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 800 } });
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 800 } });
    // After the lock the code has long expired; a new one works.
    advance(801);
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(4005);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).statusCode).toBe(200);
    const fresh = await visitor.lastCode(LI_NA.phone);
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code, by the clock or by the test-mode endpoint', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    const expired = await sandbox.app().inject({ method: 'POST', url: `/sandbox/test/sms/expire?phone=${LI_NA.phone}` });
    expect(expired.json().expired).toBeGreaterThanOrEqual(1);
    expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).toEqual({
      statusCode: 4005,
      message: '验证码已过期，请重新获取',
      result: null,
    });

    const other = (await visitor.sendByNationalId('patient2')).result.verificationId;
    const otherCode = await visitor.lastCode(LI_NA.phone);
    advance(301);
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId: other, code: otherCode })).statusCode).toBe(4005);
  });

  it('passes on the right code: a day-long pass over all the studies, once', async () => {
    const sent = await visitor.sendByNationalId('patient2', { bagCode: bagCodesOf('patient2')[2] });
    const code = await visitor.lastCode(LI_NA.phone);
    const body = { verificationId: sent.result.verificationId, code };
    const verified = await visitor.post(COLLECT_PATHS.collect, body);
    expect(verified.statusCode).toBe(200);
    const result = verifiedSchema.parse(verified.result);
    expect(result).toMatchObject({ studyCount: 4, collected: 0, focusStudyId: expect.stringMatching(/^\d+$/) });
    expect(Date.parse(result.passExpiresAt) - Date.now()).toBeGreaterThan(86_000_000);
    expect(await visitor.post(COLLECT_PATHS.collect, body)).toMatchObject({ statusCode: 4010, result: null });

    // The focus study is the bag's, and the pass reads it.
    const pass = { 'x-study-pass': result.pass };
    const detail = await visitor.get(`${FILM_DETAIL}?CollectId=${result.focusStudyId}`, pass);
    expect(detail.result.accessionNumber).toBe(bagCodesOf('patient2')[2]);
    expect((await visitor.get(`${REPORT_DETAIL}?CollectId=${result.focusStudyId}`, pass)).statusCode).toBe(200);
  });

  it('checks a name-and-phone verification through its own call only', async () => {
    const { verificationId } = (await visitor.sendByNamePhone('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(4010);
    const verified = await visitor.post(COLLECT_PATHS.authenPatientPhone, { verificationId, code });
    expect(verified.result).toMatchObject({ studyCount: 4, collected: 0, focusStudyId: null });
  });
});

describe('what a pass shows', () => {
  it('AuthenReport sums the pass up, and wants one', async () => {
    const pass = await visitor.pass('patient2');
    const summary = await visitor.post(COLLECT_PATHS.authenReport, {}, { 'x-study-pass': pass });
    expect(passSummarySchema.parse(summary.result)).toMatchObject({
      scope: 'collect',
      patientNameMasked: '李*',
      hospitalName: '云胶片示范医院',
      studyCount: 4,
    });
    expect(summary.result.studyIds).toHaveLength(4);
    const invalid = { statusCode: 4011, message: '访问凭证无效或已过期', result: null };
    expect(await visitor.post(COLLECT_PATHS.authenReport)).toEqual(invalid);
    expect(await visitor.post(COLLECT_PATHS.authenReport, {}, { 'x-study-pass': 'forged' })).toEqual(invalid);
    advance(86_401);
    expect(await visitor.post(COLLECT_PATHS.authenReport, {}, { 'x-study-pass': pass })).toEqual(invalid);
  });

  it("GetReportList pages the pass's studies newest first with their report status", async () => {
    const pass = { 'x-study-pass': await visitor.pass('patient2') };
    const page = await visitor.get(`${COLLECT_PATHS.reportList}?pageIndex=1&pageLength=3`, pass);
    expect(page.statusCode).toBe(200);
    pageSchema(checkRowSchema).parse(page.result);
    expect(page.result.totals).toBe(4);
    expect(page.result.rows.map((row: { studyDate: string }) => row.studyDate)).toEqual(['2026-11-10', '2026-07-14', '2026-01-20']);
    expect(page.result.rows[0]).toMatchObject({ modality: 'MR', reportStatus: 1, hospitalName: '云胶片示范医院' });
    expect(page.result.rows[1]).toMatchObject({ reportStatus: 2 });
    const next = await visitor.get(`${COLLECT_PATHS.reportList}?pageIndex=2&pageLength=3`, pass);
    expect(next.result.rows).toHaveLength(1);
    expect(await visitor.get(COLLECT_PATHS.reportList)).toMatchObject({ statusCode: 4011 });
  });

  it('Notify takes the studies a pass reads, and wants a pass or a bearer', async () => {
    const pass = { 'x-study-pass': await visitor.pass('patient2') };
    const { studyIds } = (await visitor.post(COLLECT_PATHS.authenReport, {}, pass)).result;
    expect(await visitor.post(COLLECT_PATHS.notify, { collectFilmIds: studyIds }, pass)).toEqual({ statusCode: 200, message: 'success', result: null });
    // Studies it may not read are left out, quietly.
    expect((await visitor.post(COLLECT_PATHS.notify, { collectFilmIds: ['1'] }, pass)).statusCode).toBe(200);
    expect((await sandbox.app().inject({ method: 'POST', url: COLLECT_PATHS.notify, payload: { collectFilmIds: studyIds }, headers: { 'x-xsrf-token': 't' }, cookies: { 'XSRF-TOKEN': 't' } })).statusCode).toBe(401);
  });
});

describe('collecting while signed in', () => {
  it("adds the verified patient's studies to my films (changes patient3's films)", async () => {
    const headers = await signedInHeaders(sandbox.app(), 'patient3');
    const signedIn = collectVisitor(() => sandbox.app(), headers);
    const films = async () => (await signedIn.get(`${MY_FILMS}?pageLength=100`)).result;
    expect((await films()).totals).toBe(0);

    const verified = await signedIn.verify('patient2');
    expect(verified.result).toMatchObject({ studyCount: 4, collected: 4 });
    const mine = await films();
    expect(mine.totals).toBe(4);
    expect(mine.rows[0]).toMatchObject({ patientName: '李娜' });
    // The collected studies read with the bearer alone, no pass.
    expect((await signedIn.get(`${FILM_DETAIL}?CollectId=${mine.rows[0].collectFilmId}`)).statusCode).toBe(200);

    expect((await signedIn.verify('patient2')).result).toMatchObject({ collected: 0 });
    expect((await films()).totals).toBe(4);
  });

  it('does not let a pass read studies it does not cover', async () => {
    const pass = { 'x-study-pass': await visitor.pass('patient2') };
    // Study 1 is patient1's.
    expect((await (await sandbox.as('patient1')).get(`${FILM_DETAIL}?CollectId=1`)).statusCode).toBe(200);
    expect(await visitor.get(`${FILM_DETAIL}?CollectId=1`, pass)).toEqual(NOT_FOUND);
    expect(await visitor.get(`${REPORT_DETAIL}?CollectId=1`, pass)).toEqual(NOT_FOUND);
  });
});

describe('test-mode endpoints', () => {
  it('exist only in test mode', async () => {
    const app = await startSandbox({ env: {} });
    const calls = [
      { method: 'GET', url: '/sandbox/test/sms?phone=13600002222' },
      { method: 'GET', url: '/sandbox/test/captcha?id=x' },
      { method: 'POST', url: '/sandbox/test/sms/expire?phone=13600002222' },
      { method: 'POST', url: '/sandbox/test/verification/unlock?phone=13600002222' },
    ] as const;
    for (const call of calls) expect((await app.inject(call)).statusCode, call.url).toBe(404);
    expect((await sandbox.app().inject({ url: '/sandbox/test/sms?phone=13600002222' })).statusCode).toBe(200);
  });

  it('unlocks a locked verification', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrong });
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(4006);
    const unlocked = await sandbox.app().inject({ method: 'POST', url: `/sandbox/test/verification/unlock?phone=${LI_NA.phone}` });
    expect(unlocked.json().unlocked).toBeGreaterThanOrEqual(1);
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(200);
  });
});
