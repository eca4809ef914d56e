// @vitest-environment node
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { setCollectClock } from '../../server/collect/clock';
import { phoneCodeLimits } from '../../server/collect/verification';
import { openDatabase } from '../../server/db';
import type { SqliteDatabase } from '../../server/db';
import { DEMO_PASSWORD } from '../../server/demoData';
import { buildIdentityProvider } from '../../server/oidc/identityProvider';
import type { IdentityProvider } from '../../server/oidc/identityProvider';
import { smsCodeRules } from '../../server/oidc/smsCodes';
import { patientRepository } from '../../server/repositories/patients';
import { signInCodeRepository } from '../../server/repositories/signInCodes';
import { smsOutboxRepository } from '../../server/repositories/smsOutbox';
import { seedDemoData, seedDemoPasswords } from '../../server/seed';
import { freeIssuer, PUBLIC_ORIGIN, tempDir } from './helpers';
import { browser, followToApp, form, pkcePair, refresh, signIn, signInBy, startAuthorization } from './signIn';
import type { Browser } from './signIn';

/** patient3's number; nobody's number. */
const PHONE = '13500003333';
const NOBODYS = '13900009999';

interface Provider {
  issuer: string;
  identity: IdentityProvider;
  db: SqliteDatabase;
}

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  setCollectClock();
  await Promise.all(running.splice(0).map((close) => close()));
});

async function startProvider(): Promise<Provider> {
  const db = openDatabase(tempDir('data'));
  seedDemoData(db);
  await seedDemoPasswords(db);
  const issuer = await freeIssuer();
  const identity = await buildIdentityProvider({ issuer, appOrigin: PUBLIC_ORIGIN, db, sleep: async () => undefined });
  await identity.listen(Number(new URL(issuer).port), '127.0.0.1');
  running.push(async () => {
    await identity.close();
    db.close();
  });
  return { issuer, identity, db };
}

/** A browser on the sign-in page. */
async function onSignInPage(issuer: string): Promise<{ b: Browser; page: URL }> {
  const b = browser();
  return { b, page: await startAuthorization(b, issuer, { state: 'st4te', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }) };
}

interface Shown {
  status: number;
  retryAfter: string | null;
  html: string;
  /** The alert, tags dropped. */
  alert: string;
  /** The hidden code id of a code page. */
  codeId: string;
}

async function shown(response: Response): Promise<Shown> {
  const html = await response.text();
  const text = (pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/<[^>]+>/g, ' ') ?? '';
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    html,
    alert: text(/<p class="error" role="alert">([\s\S]*?)<\/p>/),
    codeId: /name="codeId" value="([^"]*)"/.exec(html)?.[1] ?? '',
  };
}

const at = (page: URL, action: string) => new URL(`${page.pathname}/${action}`, page);

function askCode(b: Browser, page: URL, phone: string, purpose: 'sms' | 'reset' = 'sms'): Promise<Response> {
  return b.fetch(at(page, purpose), form({ phone }));
}

function typeCode(b: Browser, page: URL, fields: Record<string, string>, purpose: 'sms-code' | 'reset-code' = 'sms-code'): Promise<Response> {
  return b.fetch(at(page, purpose), form({ phone: PHONE, ...fields }));
}

/** The newest code the sandbox texted to the number. */
function lastCode(db: SqliteDatabase, phone = PHONE): string {
  const code = smsOutboxRepository(db).ofPhone(phone, 1)[0]?.code;
  if (!code) throw new Error(`no SMS to ${phone}`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const minutesLater = (minutes: number) => setCollectClock(() => new Date(Date.now() + minutes * 60_000));

describe('signing in by an SMS code at the provider', () => {
  it('offers it, and a reset by SMS, on the sign-in page, as links that need no script', async () => {
    const { issuer } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const html = await (await b.fetch(page)).text();
    expect(html).toContain(`href="${page.pathname}/sms"`);
    expect(html).toContain(`href="${page.pathname}/reset"`);
    const phonePage = await (await b.fetch(at(page, 'sms'))).text();
    expect(phonePage).toMatch(/<form method="post" action="[^"]+\/sms">/);
    expect(phonePage).toContain('Sign in with an SMS code');
  });

  it('texts a code to a patient\'s number and signs them in with it', async () => {
    const { issuer, db } = await startProvider();
    const b = browser();
    const tokens = await signInBy(issuer, b, async (page) => {
      const sent = await shown(await askCode(b, page, '135 0000 3333'));
      expect(sent.status).toBe(200);
      expect(sent.html).toContain('135****3333');
      const [sms] = smsOutboxRepository(db).ofPhone(PHONE);
      expect(sms?.text).toContain(sms?.code);
      return followToApp(b, await typeCode(b, page, { codeId: sent.codeId, code: lastCode(db) }), page);
    });
    expect(decodeJwt(tokens.id_token).sub).toBe('patient3');
  });

  it('refuses a wrong code with the tries left, then takes the right one', async () => {
    const { issuer, db } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const { codeId } = await shown(await askCode(b, page, PHONE));
    const wrong = await shown(await typeCode(b, page, { codeId, code: wrongOf(lastCode(db)) }));
    expect(wrong.status).toBe(200);
    expect(wrong.alert).toMatch(/验证码不正确。还可以再试 4 次[\s\S]*That code is not right. You can try 4 more times/);
    expect(wrong.codeId).toBe(codeId);
    const right = await typeCode(b, page, { codeId, code: lastCode(db) });
    expect(right.status).toBe(303);
  });

  it('refuses a code after its five minutes', async () => {
    const { issuer, db } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const { codeId } = await shown(await askCode(b, page, PHONE));
    minutesLater(5);
    const late = await shown(await typeCode(b, page, { codeId, code: lastCode(db) }));
    expect(late.alert).toMatch(/验证码已过期[\s\S]*This code has expired/);
  });

  it('takes a code once, only in the sign-in it was asked in, and only the newest one sent', async () => {
    const { issuer, db, identity } = await startProvider();
    const first = await onSignInPage(issuer);
    const { codeId } = await shown(await askCode(first.b, first.page, PHONE));
    const code = lastCode(db);

    const elsewhere = await onSignInPage(issuer);
    const stolen = await shown(await typeCode(elsewhere.b, elsewhere.page, { codeId, code }));
    expect(stolen.alert).toMatch(/已使用或已失效[\s\S]*used or is no longer valid/);

    expect((await typeCode(first.b, first.page, { codeId, code })).status).toBe(303);

    // The same rules the pages run, straight: the used code again, and a code a newer one replaced.
    const codes = signInCodeRepository(db);
    const rules = smsCodeRules({ codes, limits: identity.limits, loginNameOfPhone: patientRepository(db).signInNameOfPhone });
    const request = { purpose: 'signIn' as const, interactionUid: first.page.pathname.split('/').at(-1) ?? '' };
    const caller = (minutes: number) => ({ client: 'rules', now: new Date(Date.now() + minutes * 60_000) });
    expect(rules.check(request, codeId, code, caller(0)).kind).toBe('unknown');
    const older = rules.send(request, PHONE, () => undefined, caller(2));
    const newer = rules.send(request, PHONE, () => undefined, caller(4));
    expect([older.kind, newer.kind]).toEqual(['sent', 'sent']);
    const olderId = older.kind === 'sent' ? older.codeId : '';
    expect(rules.check(request, olderId, codes.find(olderId)?.code ?? '', caller(4)).kind).toBe('expired');
  });

  it('answers a number that is nobody\'s exactly like a patient\'s, and texts it nothing', async () => {
    const { issuer, db } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const patients = await shown(await askCode(b, page, PHONE));
    const nobodys = await shown(await askCode(b, page, NOBODYS));
    const same = (s: Shown, phone: string) => s.html.replaceAll(s.codeId, 'ID').replaceAll(phone, 'PHONE').replaceAll(`${phone.slice(0, 3)}****${phone.slice(-4)}`, 'MASKED');
    expect(nobodys.status).toBe(patients.status);
    expect(same(nobodys, NOBODYS)).toBe(same(patients, PHONE));
    expect(smsOutboxRepository(db).ofPhone(NOBODYS)).toEqual([]);

    // Its code is wrong whatever is typed, with the same tries left, and it is limited the same.
    const guess = await shown(await b.fetch(at(page, 'sms-code'), form({ phone: NOBODYS, codeId: nobodys.codeId, code: '000000' })));
    expect(guess.alert).toMatch(/还可以再试 4 次/);
    const again = await shown(await askCode(b, page, NOBODYS));
    expect(again.status).toBe(429);
    expect(again.alert).toMatch(/验证码发送过于频繁。请 1 分钟后再获取[\s\S]*You can ask for a new one in 1 minute/);
  });

  it('refuses a number that is not a mobile number, sending nothing', async () => {
    const { issuer } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const refused = await shown(await askCode(b, page, '12345'));
    expect(refused.status).toBe(200);
    expect(refused.alert).toMatch(/请输入 11 位手机号码[\s\S]*Enter your 11-digit mobile number/);
    expect(refused.html).toContain('value="12345"');
  });
});

describe('the limits of collecting, on the same number and client', () => {
  it('sends one code a minute to a number, and says when the next may go', async () => {
    const { issuer } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    expect((await askCode(b, page, PHONE)).status).toBe(200);
    const tooSoon = await shown(await askCode(b, page, PHONE, 'reset'));
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.retryAfter)).toBeGreaterThan(50);
    minutesLater(1);
    expect((await askCode(b, page, PHONE)).status).toBe(200);
  });

  it('locks the number after five wrong codes, for collecting too, even for the right code', async () => {
    const { issuer, db, identity } = await startProvider();
    const { b, page } = await onSignInPage(issuer);
    const { codeId } = await shown(await askCode(b, page, PHONE));
    const code = lastCode(db);
    for (let left = 4; left >= 1; left--) {
      expect((await shown(await typeCode(b, page, { codeId, code: wrongOf(code) }))).alert).toContain(`还可以再试 ${left} 次`);
    }
    const locking = await shown(await typeCode(b, page, { codeId, code: wrongOf(code) }));
    expect(locking.status).toBe(429);
    expect(locking.alert).toMatch(/此手机号输错验证码的次数过多，已暂时锁定。请 15 分钟后再试[\s\S]*Try again in 15 minutes/);
    expect((await typeCode(b, page, { codeId, code })).status).toBe(429);
    expect(phoneCodeLimits(identity.limits).lockWait(PHONE, new Date())).toBeGreaterThan(0);
    minutesLater(2);
    expect((await shown(await askCode(b, page, PHONE))).alert).toContain('已暂时锁定');
  });
});

describe('a new password by SMS', () => {
  const NEW = 'newpass2026';

  async function reset(provider: Provider, password: string, repeat = password): Promise<{ shown: Shown; codeId: string; b: Browser; page: URL }> {
    const { b, page } = await onSignInPage(provider.issuer);
    const { codeId } = await shown(await askCode(b, page, PHONE, 'reset'));
    const answer = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password, repeat }, 'reset-code'));
    return { shown: answer, codeId, b, page };
  }

  it('sets it, signs the account out everywhere, and only the new password signs in', async () => {
    const provider = await startProvider();
    const before = await signIn(provider.issuer, { login: 'patient3' });
    const { shown: done } = await reset(provider, NEW);
    expect(done.status).toBe(200);
    expect(done.html).toMatch(/role="status">新密码已设置，请用它登录[\s\S]*Your new password is set/);
    expect(done.html).toContain('value="patient3"');
    expect((await refresh(provider.issuer, before.refresh_token)).status).toBe(400);

    await expect(signIn(provider.issuer, { login: 'patient3', password: DEMO_PASSWORD })).rejects.toThrow();
    const after = await signIn(provider.issuer, { login: 'patient3', password: NEW });
    expect(decodeJwt(after.id_token).sub).toBe('patient3');
  });

  it('checks the new password before the code, so a slip costs no try and keeps the code', async () => {
    const provider = await startProvider();
    const { shown: weak, codeId, b, page } = await reset(provider, 'abcdefgh');
    expect(weak.alert).toMatch(/须同时包含字母和数字[\s\S]*both letters and numbers/);
    const short = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password: 'ab1', repeat: 'ab1' }, 'reset-code'));
    expect(short.alert).toMatch(/新密码须为 8-64 个字符/);
    const mismatch = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password: NEW, repeat: `${NEW}x` }, 'reset-code'));
    expect(mismatch.alert).toMatch(/两次输入的新密码不一致/);
    const done = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password: NEW, repeat: NEW }, 'reset-code'));
    expect(done.html).toContain('新密码已设置');
    const reused = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password: 'other2026', repeat: 'other2026' }, 'reset-code'));
    expect(reused.alert).toMatch(/已使用或已失效/);
    expect((await signIn(provider.issuer, { login: 'patient3', password: NEW })).access_token).toBeTruthy();
  });

  it('takes no sign-in code as a reset code (each is good only for what it was asked for)', async () => {
    const provider = await startProvider();
    const { b, page } = await onSignInPage(provider.issuer);
    const { codeId } = await shown(await askCode(b, page, PHONE));
    const asReset = await shown(await typeCode(b, page, { codeId, code: lastCode(provider.db), password: NEW, repeat: NEW }, 'reset-code'));
    expect(asReset.alert).toMatch(/已使用或已失效/);
  });
});
