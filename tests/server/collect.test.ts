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
import type { CollectVisitor } from './collectFlow';
import { FILM_DETAIL, startSandbox } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';
import { MY_FILMS, REPORT_DETAIL } from './studyPaths';

const sandbox = sharedSandbox({ SANDBOX_TEST_MODE: '1' });
const LI_NA = demoPatient('patient2');
const ZHANG_WEI = demoPatient('patient1');
/** A visitor from an address of its own, for each test: per-client counts do not carry over. */
let visitor: CollectVisitor;
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };

/** The clock the collect calls read, moved forward by tests; back to real time after each. */
let offsetMs = 0;
function advance(seconds: number): void {
  offsetMs += seconds * 1000;
}

beforeEach(async () => {
  offsetMs = 0;
  setCollectClock(() => new Date(Date.now() + offsetMs));
  // Every SMS is also printed for `npm start` users; not here.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  visitor = collectVisitor(() => sandbox.app());
  // Most tests collect Li Na: her number's and her lookups' counts start again for each.
  await visitor.unlock('patient2');
});
afterEach(() => setCollectClock());

/** A valid national ID nobody in the sandbox has (another for each sequence number). */
function strangersNationalId(sequence = 999): string {
  const first17 = `11010519900101${String(sequence).padStart(3, '0')}`;
  return first17 + nationalIdCheckCharacter(first17);
}

/** A 6-digit code that is not this one. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** When the newest SMS to a phone went out (the outbox keeps every test's). */
async function lastSentAt(phone: string): Promise<string | undefined> {
  const { messages } = (await sandbox.app().inject({ url: `/sandbox/test/sms?phone=${phone}` })).json();
  return messages[0]?.sentAt;
}

describe('image codes', () => {
  it('draws four unambiguous characters as an SVG, without the answer in the markup', async () => {
    const body = await visitor.get(COLLECT_PATHS.imagecode);
    expect(body.statusCode).toBe(200);
    const captcha = captchaSchema.parse(body.result);
    expect(captcha.expiresInSeconds).toBe(120);
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(captcha.image.split(',')[1]!, 'base64').toString();
    // Larger than the real service's 120 x 44, for an older patient (issue 24 §6).
    expect(svg).toMatch(/^<svg [^>]*width="160" height="60"/);
    expect(svg).not.toContain('<text');
    const { answer } = (await sandbox.app().inject({ url: `/sandbox/test/captcha?id=${captcha.captchaId}` })).json();
    expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    // No look-alikes (issue 24 §6): 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G.
    expect([...CAPTCHA_ALPHABET].filter((c) => '0OQ1IL2Z5S8B6G'.includes(c))).toEqual([]);
    // Only light noise, behind the characters: the four character strokes are the only dark ones and the last drawn.
    const strokes = [...svg.matchAll(/stroke="hsl\(\d+,\d+%,(\d+)%\)"/g)].map((match) => Number(match[1]));
    expect(strokes.filter((lightness) => lightness < 50)).toHaveLength(4);
    expect(strokes.slice(-4).every((lightness) => lightness <= 28)).toBe(true);
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

const nationalIdOf = (patient = LI_NA) => ({ idCard: demoNationalId(patient) });

describe('image codes answered for one target', () => {
  it('no lookup answers without an image code', async () => {
    const [bagCode] = bagCodesOf('patient2');
    const lookups = [
      `${COLLECT_PATHS.checkcollect}?idCard=${demoNationalId(LI_NA)}`,
      `${COLLECT_PATHS.patientPhone}?name=${encodeURIComponent(LI_NA.name)}&phone=${LI_NA.phone}`,
      `${COLLECT_PATHS.bagHint}?text=${bagCode}&idCard=${demoNationalId(LI_NA)}`,
      `${COLLECT_PATHS.bagHint}?text=${bagCode}`,
    ];
    for (const url of lookups) expect(await visitor.get(url), url).toMatchObject({ statusCode: 400, result: null });
    const sentAt = await lastSentAt(LI_NA.phone);
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, nationalIdOf())).toMatchObject({ statusCode: 400, result: null });
    expect(await lastSentAt(LI_NA.phone)).toBe(sentAt);
  });

  it('one answer carries the patient through identity check, bag hint and SMS; then the code is used up', async () => {
    const captcha = await visitor.captcha();
    const bagCode = bagCodesOf('patient2')[1]!;
    const target = { ...nationalIdOf(), bagCode };
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, target, captcha)).result).toEqual({ phoneMasked: '136****2222', studyCount: 4 });
    // The same target again: still open.
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, target, captcha)).statusCode).toBe(200);
    expect((await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode, ...nationalIdOf() }, captcha)).result).toMatchObject({ bagCode });
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { ...target, ...captcha })).statusCode).toBe(200);
    // The one SMS it led to used it up.
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, target, captcha)).toEqual({ statusCode: 4002, message: '图形验证码已过期，请刷新', result: null });
  });

  it('opens no other target: another person, the same person without the bag or by name and phone', async () => {
    const captcha = await visitor.captcha();
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).statusCode).toBe(200);
    const others = [
      [COLLECT_PATHS.checkcollect, nationalIdOf(ZHANG_WEI)],
      [COLLECT_PATHS.checkcollect, { ...nationalIdOf(), bagCode: bagCodesOf('patient2')[0]! }],
      [COLLECT_PATHS.patientPhone, { name: LI_NA.name, phone: LI_NA.phone }],
      [COLLECT_PATHS.bagHint, { text: bagCodesOf('patient2')[0]!, ...nationalIdOf() }],
    ] as const;
    for (const [path, params] of others) expect((await visitor.lookup(path, params, captcha)).statusCode, path).toBe(4002);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { ...nationalIdOf(ZHANG_WEI), ...captcha })).statusCode).toBe(4002);
    // Its own target is still open.
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).statusCode).toBe(200);
  });

  it('a wrong answer uses the code up, answered right before or not', async () => {
    const fresh = await visitor.captcha();
    const wrong = (captcha: { captchaId: string; captchaText: string }) => ({ ...captcha, captchaText: captcha.captchaText === 'aaaa' ? 'bbbb' : 'aaaa' });
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), wrong(fresh))).toEqual({ statusCode: 4001, message: '图形验证码不正确', result: null });
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), fresh)).statusCode).toBe(4002);
    const answered = await visitor.captcha();
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), answered)).statusCode).toBe(200);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), wrong(answered))).statusCode).toBe(4001);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), answered)).statusCode).toBe(4002);
  });

  it('stays open two minutes, answered or not', async () => {
    const answered = await visitor.captcha();
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), answered)).statusCode).toBe(200);
    const unanswered = await visitor.captcha();
    advance(119);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), answered)).statusCode).toBe(200);
    advance(2);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), answered)).statusCode).toBe(4002);
    expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { ...nationalIdOf(), ...answered })).statusCode).toBe(4002);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), unanswered)).statusCode).toBe(4002);
  });
});

describe('film bag codes', () => {
  it('names the study of a bag code, masked, plain or as a link, to the patient whose study it is', async () => {
    const [bagCode] = bagCodesOf('patient2');
    const plain = await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode!, ...nationalIdOf() });
    // Exactly these fields: nothing that opens the study (no id, no UID); that takes the SMS code.
    expect(bagHintSchema.parse(plain.result)).toEqual(plain.result);
    expect(plain.result).toEqual({
      bagCode,
      hospitalName: '云胶片示范医院',
      studyDate: '2026-11-10',
      modality: 'MR',
      studyDescription: expect.any(String),
      patientNameMasked: '李*',
    });
    const link = `https://film.example.com/collect?code=${bagCode}&from=bag`;
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: link, ...nationalIdOf() })).toEqual(plain);
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode!, name: LI_NA.name, phone: LI_NA.phone })).toEqual(plain);
  });

  it("says nothing of a bag to someone else, nor of a code that names no study", async () => {
    const [bagCode] = bagCodesOf('patient2');
    const notFound = { statusCode: 4003, message: '未找到该患者的检查', result: null };
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode!, ...nationalIdOf(ZHANG_WEI) })).toEqual(notFound);
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode!, idCard: strangersNationalId() })).toEqual(notFound);
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode! })).toMatchObject({ statusCode: 4003 });
    for (const text of ['NOPE', 'https://film.example.com/collect?x=1']) {
      expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text, ...nationalIdOf() })).toEqual({ statusCode: 4009, message: '未识别的胶片袋编码', result: null });
    }
  });
});

describe('identity checks', () => {
  it('finds a patient by national ID: where the code goes and how many studies', async () => {
    const body = await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf());
    expect(identityCheckSchema.parse(body.result)).toEqual({ phoneMasked: '136****2222', studyCount: 4 });
    const withBag = await visitor.lookup(COLLECT_PATHS.checkcollect, { ...nationalIdOf(), bagCode: bagCodesOf('patient2')[1]! });
    expect(withBag).toEqual(body);
  });

  it('finds a patient by exact name and phone', async () => {
    const body = await visitor.lookup(COLLECT_PATHS.patientPhone, { name: LI_NA.name, phone: LI_NA.phone });
    expect(body.result).toEqual({ phoneMasked: '136****2222', studyCount: 4 });
    const wrongName = await visitor.lookup(COLLECT_PATHS.patientPhone, { name: '李', phone: LI_NA.phone });
    expect(wrongName).toEqual({ statusCode: 4003, message: '未找到该患者的检查', result: null });
    expect((await visitor.lookup(COLLECT_PATHS.patientPhone, { name: 'x', phone: '12345' })).statusCode).toBe(4003);
  });

  it('refuses an invalid national ID, checked on the server too', async () => {
    const valid = demoNationalId(LI_NA);
    const badCheck = valid.slice(0, 17) + (valid.endsWith('0') ? '1' : '0');
    for (const idCard of [badCheck, '123', '']) {
      expect(await visitor.lookup(COLLECT_PATHS.checkcollect, { idCard })).toEqual({ statusCode: 4003, message: '身份证号不正确', result: null });
    }
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { idCard: badCheck, ...(await visitor.captcha()) })).toMatchObject({
      statusCode: 4003,
      message: '身份证号不正确',
    });
  });

  it('does not find a stranger, nor a patient with a bag that is not theirs', async () => {
    const notFound = { statusCode: 4003, message: '未找到该患者的检查', result: null };
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, { idCard: strangersNationalId() })).toEqual(notFound);
    const someoneElsesBag = bagCodesOf('patient1')[0]!;
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, { ...nationalIdOf(), bagCode: someoneElsesBag })).toEqual(notFound);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, { ...nationalIdOf(), bagCode: 'NOPE' })).statusCode).toBe(4009);
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
  it('counts wrong codes down, then locks the number for 15 minutes', async () => {
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

    advance(60);
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

describe('limits per client, per target and per number (issue 22)', () => {
  const refusedFor = (retryAfterSeconds: number) => ({ statusCode: 429, result: { retryAfterSeconds } });
  const lookupRefusal = (retryAfterSeconds: number) => ({ statusCode: 429, message: '查询过于频繁，请稍后再试', result: { retryAfterSeconds } });

  it('image codes: 60 an hour per client, then 429 with the wait until the next', async () => {
    for (let i = 0; i < 60; i++) expect((await visitor.get(COLLECT_PATHS.imagecode)).statusCode).toBe(200);
    const refused = await sandbox.app().inject({ url: COLLECT_PATHS.imagecode, remoteAddress: visitor.remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ statusCode: 429, message: '获取图形验证码过于频繁，请稍后再试', result: { retryAfterSeconds: 60 } });
    expect((await collectVisitor(() => sandbox.app()).get(COLLECT_PATHS.imagecode)).statusCode).toBe(200);
    advance(60);
    expect((await visitor.get(COLLECT_PATHS.imagecode)).statusCode).toBe(200);
  });

  it('lookups: 60 an hour per client, whatever they look up', async () => {
    const captcha = await visitor.captcha();
    for (let i = 0; i < 60; i++) expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).statusCode).toBe(200);
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).toEqual(lookupRefusal(60));
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { ...nationalIdOf(), ...captcha })).toMatchObject(refusedFor(60));
    advance(60);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).statusCode).toBe(200);
  });

  it('a national ID: 10 image codes answered for it an hour, from any client; the eleventh is refused and used up', async () => {
    for (let i = 0; i < 10; i++) expect((await collectVisitor(() => sandbox.app()).lookup(COLLECT_PATHS.checkcollect, nationalIdOf())).statusCode).toBe(200);
    const captcha = await visitor.captcha();
    expect(await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).toEqual(lookupRefusal(360));
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(), captcha)).statusCode).toBe(4002);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf(ZHANG_WEI))).statusCode).toBe(200);
    advance(360);
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf())).statusCode).toBe(200);
  });

  it('a mobile number, by name and phone: 10 image codes answered an hour, whatever the name guessed', async () => {
    for (let i = 0; i < 10; i++) expect((await visitor.lookup(COLLECT_PATHS.patientPhone, { name: `李${i}`, phone: LI_NA.phone })).statusCode).toBe(4003);
    expect(await visitor.lookup(COLLECT_PATHS.patientPhone, { name: LI_NA.name, phone: LI_NA.phone })).toEqual(lookupRefusal(360));
    // By national ID she is another target.
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf())).statusCode).toBe(200);
  });

  it('a film bag: 10 image codes answered an hour, whoever says it is theirs', async () => {
    const [bagCode, otherBag] = bagCodesOf('patient2') as [string, string];
    for (let i = 0; i < 10; i++) {
      const idCard = strangersNationalId(i);
      const refused = i % 2 === 0 ? await visitor.lookup(COLLECT_PATHS.checkcollect, { idCard, bagCode }) : await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode, idCard });
      expect(refused.statusCode).toBe(4003);
    }
    expect(await visitor.lookup(COLLECT_PATHS.bagHint, { text: bagCode, ...nationalIdOf() })).toEqual(lookupRefusal(360));
    expect((await visitor.lookup(COLLECT_PATHS.bagHint, { text: otherBag, ...nationalIdOf() })).statusCode).toBe(200);
  });

  it('SMS: one a minute to a number, whatever verification asks, and nothing is sent when refused', async () => {
    expect((await visitor.sendByNationalId('patient2')).statusCode).toBe(200);
    const sentAt = await lastSentAt(LI_NA.phone);
    advance(30);
    const other = collectVisitor(() => sandbox.app());
    expect(await other.sendByNamePhone('patient2')).toEqual({ statusCode: 429, message: '短信发送过于频繁，请稍后再试', result: { retryAfterSeconds: 30 } });
    expect(await lastSentAt(LI_NA.phone)).toBe(sentAt);
    advance(30);
    expect((await other.sendByNamePhone('patient2')).statusCode).toBe(200);
  });

  it('SMS: five an hour and ten a day to a number', async () => {
    for (let send = 0; send < 5; send++) {
      expect((await visitor.sendByNationalId('patient2')).statusCode).toBe(200);
      advance(60);
    }
    // Five in five minutes: the next when the first of them is an hour/5 old.
    expect(await visitor.sendByNationalId('patient2')).toMatchObject(refusedFor(420));
    advance(420);
    for (let send = 0; send < 5; send++) {
      expect((await visitor.sendByNationalId('patient2')).statusCode).toBe(200);
      advance(720);
    }
    // Ten today: the next when the first of them is a day/10 old.
    expect(await visitor.sendByNationalId('patient2')).toMatchObject(refusedFor(4320));
  });

  it('SMS: twenty an hour per client, to any numbers', async () => {
    for (let send = 0; send < 20; send++) {
      await visitor.unlock('patient2');
      expect((await visitor.sendByNationalId('patient2')).statusCode).toBe(200);
    }
    await visitor.unlock('patient2');
    expect(await visitor.sendByNationalId('patient2')).toMatchObject(refusedFor(180));
  });

  it('wrong codes: five within 15 minutes lock the number, whatever verification they were typed into', async () => {
    const first = (await visitor.sendByNationalId('patient2')).result.verificationId;
    const firstWrong = wrongFor(await visitor.lastCode(LI_NA.phone));
    for (const attemptsLeft of [4, 3]) {
      expect(await visitor.post(COLLECT_PATHS.collect, { verificationId: first, code: firstWrong })).toMatchObject({ statusCode: 4004, result: { attemptsLeft } });
    }
    advance(60);
    // A new image code, a new verification: the number's count goes on.
    const second = (await visitor.sendByNamePhone('patient2')).result.verificationId;
    const code = await visitor.lastCode(LI_NA.phone);
    const check = (verificationId: string, typed: string, path: string = COLLECT_PATHS.authenPatientPhone) => visitor.post(path, { verificationId, code: typed });
    for (const attemptsLeft of [2, 1]) expect(await check(second, wrongFor(code))).toMatchObject({ statusCode: 4004, result: { attemptsLeft } });
    expect(await check(second, wrongFor(code))).toEqual({ statusCode: 4006, message: '验证码错误次数过多，请稍后再试', result: { retryAfterSeconds: 900 } });
    // Locked: no code is checked, not even the right one, none is sent and no verification starts.
    expect(await check(second, code)).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 900 } });
    expect(await check(first, firstWrong, COLLECT_PATHS.collect)).toMatchObject({ statusCode: 4006 });
    advance(60);
    expect(await visitor.post(COLLECT_PATHS.sendByNamePhone, { verificationId: second })).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 840 } });
    expect(await visitor.sendByNationalId('patient2')).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 840 } });
    advance(840);
    expect((await visitor.post(COLLECT_PATHS.sendByNamePhone, { verificationId: second })).statusCode).toBe(200);
    expect((await check(second, await visitor.lastCode(LI_NA.phone))).statusCode).toBe(200);
  });

  it('wrong codes: twenty a day lock the number until the day has room again', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    for (let round = 1; round <= 4; round++) {
      const wrong = wrongFor(await visitor.lastCode(LI_NA.phone));
      for (const attemptsLeft of [4, 3, 2, 1]) {
        expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrong })).toMatchObject({ statusCode: 4004, result: { attemptsLeft } });
      }
      // The fifth locks the number for 15 minutes; the twentieth until a day/20 after the first.
      const locked = round < 4 ? 900 : 1620;
      expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrong })).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: locked } });
      advance(900);
      if (round < 4) expect((await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).statusCode).toBe(200);
    }
    expect(await visitor.post(COLLECT_PATHS.sendByNationalId, { verificationId })).toMatchObject({ statusCode: 4006, result: { retryAfterSeconds: 720 } });
  });

  it('wrong codes: thirty an hour per client, over any numbers; then not even the right one is checked', async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    for (let i = 0; i < 30; i++) {
      if (i % 4 === 0) await visitor.unlock('patient2');
      expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrongFor(code) })).statusCode).toBe(4004);
    }
    await visitor.unlock('patient2');
    expect(await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).toEqual({ statusCode: 429, message: '验证码尝试过于频繁，请稍后再试', result: { retryAfterSeconds: 120 } });
    expect((await collectVisitor(() => sandbox.app()).post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(200);
  });

  it("a right code forgets the number's wrong codes", async () => {
    const first = (await visitor.sendByNationalId('patient2')).result.verificationId;
    const code = await visitor.lastCode(LI_NA.phone);
    for (const attemptsLeft of [4, 3, 2, 1]) {
      expect(await visitor.post(COLLECT_PATHS.collect, { verificationId: first, code: wrongFor(code) })).toMatchObject({ result: { attemptsLeft } });
    }
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId: first, code })).statusCode).toBe(200);
    advance(60);
    const second = (await visitor.sendByNationalId('patient2')).result.verificationId;
    const wrong = wrongFor(await visitor.lastCode(LI_NA.phone));
    expect(await visitor.post(COLLECT_PATHS.collect, { verificationId: second, code: wrong })).toMatchObject({ statusCode: 4004, result: { attemptsLeft: 4 } });
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

    advance(60);
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

  it("unlocks a locked number, and forgets its sends and its patients' lookups", async () => {
    const { verificationId } = (await visitor.sendByNationalId('patient2')).result;
    const code = await visitor.lastCode(LI_NA.phone);
    for (let attempt = 0; attempt < 5; attempt += 1) await visitor.post(COLLECT_PATHS.collect, { verificationId, code: wrongFor(code) });
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(4006);
    const unlocked = await sandbox.app().inject({ method: 'POST', url: `/sandbox/test/verification/unlock?phone=${LI_NA.phone}` });
    expect(unlocked.json()).toEqual({ unlocked: LI_NA.phone, nationalIds: 1, bagCodes: 4 });
    expect((await visitor.post(COLLECT_PATHS.collect, { verificationId, code })).statusCode).toBe(200);
    // Sent a minute ago: the number could take no other code before the unlock.
    expect((await visitor.sendByNationalId('patient2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf());
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf())).statusCode).toBe(429);
    await visitor.unlock('patient2');
    expect((await visitor.lookup(COLLECT_PATHS.checkcollect, nationalIdOf())).statusCode).toBe(200);
  });
});
