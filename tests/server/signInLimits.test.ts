// @vitest-environment node
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db';
import { DEMO_PASSWORD } from '../../server/demoData';
import { buildIdentityProvider } from '../../server/oidc/identityProvider';
import type { IdentityProvider } from '../../server/oidc/identityProvider';
import {
  ACCOUNT_LOCK_AFTER,
  ACCOUNT_LOCK_MINUTES,
  ACCOUNT_SIGN_IN_FAILURES,
  CLIENT_LOCK_AFTER,
  CLIENT_SIGN_IN_FAILURES,
  failureDelayMs,
} from '../../server/oidc/signInLimits';
import { registeredLimits } from '../../server/rateLimit';
import { seedDemoData, seedDemoPasswords } from '../../server/seed';
import { freeIssuer, PUBLIC_ORIGIN, startSandbox, tempDir } from './helpers';
import { browser, form, location, pkcePair, REDIRECT_URI, startAuthorization } from './signIn';
import type { Browser } from './signIn';

const WRONG = 'not-the-password';

interface Provider {
  issuer: string;
  identity: IdentityProvider;
  /** Every wait a wrong password asked for, in ms: nothing waits for real. */
  sleeps: number[];
}

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(running.splice(0).map((close) => close()));
});

/**
 * The provider on its own (as in identityProvider.test.ts), with a sleep that only records, and
 * the clock stopped (only Date: the HTTP stack keeps its timers), so the waits it names are exact.
 */
async function startProvider(options: { clientLimitScale?: number } = {}): Promise<Provider> {
  vi.useFakeTimers({ toFake: ['Date'] });
  const db = openDatabase(tempDir('data'));
  seedDemoData(db);
  await seedDemoPasswords(db);
  const issuer = await freeIssuer();
  const sleeps: number[] = [];
  const identity = await buildIdentityProvider({
    issuer,
    appOrigin: PUBLIC_ORIGIN,
    db,
    ...options,
    sleep: async (ms) => void sleeps.push(ms),
  });
  await identity.listen(Number(new URL(issuer).port), '127.0.0.1');
  running.push(async () => {
    await identity.close();
    db.close();
  });
  return { issuer, identity, sleeps };
}

/** A browser on the sign-in page, from which it posts the form again and again. */
async function signInPage(issuer: string): Promise<{ b: Browser; action: URL }> {
  const b = browser();
  const page = await startAuthorization(b, issuer, { state: 'st4te', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
  return { b, action: new URL(`${page.pathname}/login`, issuer) };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  /** The alert on the page, in Chinese and English. */
  alert: string;
  /** Where the provider sends the browser next when the password was taken. */
  next: string | null;
}

async function answerOf(response: Response, issuer: string): Promise<Answer> {
  const html = response.status === 303 ? '' : await response.text();
  const alert = /<p class="error" role="alert">([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, ' ') ?? '';
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    alert,
    next: response.status === 303 ? location(response, issuer).pathname : null,
  };
}

async function post(issuer: string, page: { b: Browser; action: URL }, login: string, password: string): Promise<Answer> {
  return answerOf(await page.b.fetch(page.action, form({ login, password })), issuer);
}

/** The same form post from another address on this machine (127.0.0.2 is loopback too): another client. */
function postFrom(localAddress: string, page: { b: Browser; action: URL }, login: string, password: string): Promise<number> {
  const body = new URLSearchParams({ login, password }).toString();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      page.action,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), cookie: page.b.jar.header() },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const lockedName = new RegExp(`此登录名输错密码的次数过多[\\s\\S]*请 ${ACCOUNT_LOCK_MINUTES} 分钟后再试[\\s\\S]*即使密码正确也无法登录[\\s\\S]*Try again in ${ACCOUNT_LOCK_MINUTES} minutes; until then even the right password is refused`);

describe('the wait before a wrong password is answered', () => {
  it('doubles from 1 s with each recent failure, up to 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(failureDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe('the sign-in limits', () => {
  it('are named limits: 5 wrong passwords lock a login name for 15 minutes, 30 lock a client for an hour', () => {
    expect(ACCOUNT_SIGN_IN_FAILURES).toMatchObject({ max: 5, windowSeconds: 5 * 15 * 60, perClient: false });
    expect(CLIENT_SIGN_IN_FAILURES).toMatchObject({ max: 30, windowSeconds: 30 * 60 * 60, perClient: true });
    expect(registeredLimits()).toEqual(expect.arrayContaining([ACCOUNT_SIGN_IN_FAILURES, CLIENT_SIGN_IN_FAILURES]));
  });
});

describe('wrong passwords on one login name', () => {
  it('are answered more slowly each time, the fifth locks the name, and while locked even the right password is refused', async () => {
    const { issuer, sleeps } = await startProvider();
    const page = await signInPage(issuer);
    const answers: Answer[] = [];
    for (let i = 0; i < ACCOUNT_LOCK_AFTER; i++) answers.push(await post(issuer, page, 'patient2', WRONG));
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 8000]);

    expect(answers.slice(0, 4).map((a) => [a.status, a.retryAfter])).toEqual([[200, null], [200, null], [200, null], [200, null]]);
    expect(answers[0]!.alert).toMatch(/登录名或密码错误。再输错 4 次，此登录名将被锁定 15 分钟。[\s\S]*Wrong login name or password\. 4 more wrong passwords lock this login name for 15 minutes\./);
    expect(answers[3]!.alert).toContain('1 more wrong password locks this login name');
    // The fifth is still checked and wrong, and says the name is now locked.
    expect(answers[4]).toMatchObject({ status: 429, retryAfter: String(ACCOUNT_LOCK_MINUTES * 60) });
    expect(answers[4]!.alert).toMatch(/^登录名或密码错误。此登录名/);
    expect(answers[4]!.alert).toMatch(lockedName);

    const right = await post(issuer, page, 'patient2', DEMO_PASSWORD);
    expect(right).toMatchObject({ status: 429, next: null });
    expect(right.alert).toMatch(lockedName);
    expect(right.alert).not.toContain('登录名或密码错误');
    // Refused without checking the password: nothing more to wait for.
    expect(sleeps).toHaveLength(5);
    // Another name is not touched by this one's lock.
    expect((await post(issuer, page, 'patient3', DEMO_PASSWORD)).status).toBe(303);
  });

  it('lock for 15 minutes: then the right password goes through and clears the failures', async () => {
    const { issuer, sleeps } = await startProvider();
    const start = Date.now();
    for (let i = 0; i < ACCOUNT_LOCK_AFTER; i++) await post(issuer, await signInPage(issuer), 'patient2', WRONG);

    vi.setSystemTime(start + ACCOUNT_LOCK_MINUTES * 60_000 - 2000);
    const stillLocked = await post(issuer, await signInPage(issuer), 'patient2', DEMO_PASSWORD);
    expect(stillLocked).toMatchObject({ status: 429, retryAfter: '2' });
    expect(stillLocked.alert).toContain('请 2 秒后再试');
    expect(stillLocked.alert).toContain('Try again in 2 seconds');

    vi.setSystemTime(start + ACCOUNT_LOCK_MINUTES * 60_000);
    expect((await post(issuer, await signInPage(issuer), 'patient2', DEMO_PASSWORD)).status).toBe(303);
    // A fresh start: the next wrong password waits 1 s again and leaves 4 tries.
    sleeps.length = 0;
    const again = await post(issuer, await signInPage(issuer), 'patient2', WRONG);
    expect(sleeps).toEqual([1000]);
    expect(again.alert).toContain('再输错 4 次');
  });

  it('a right password before the lock clears the failures', async () => {
    const { issuer, sleeps } = await startProvider();
    const page = await signInPage(issuer);
    for (let i = 0; i < ACCOUNT_LOCK_AFTER - 1; i++) await post(issuer, page, 'patient1', WRONG);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
    expect((await post(issuer, page, 'patient1', DEMO_PASSWORD)).status).toBe(303);
    const next = await signInPage(issuer);
    for (let i = 0; i < ACCOUNT_LOCK_AFTER - 1; i++) expect((await post(issuer, next, 'patient1', WRONG)).status).toBe(200);
    expect(sleeps.slice(4)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('sent all at once, cannot slip past the lock while their passwords are checked', async () => {
    const { issuer, sleeps } = await startProvider();
    const page = await signInPage(issuer);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(issuer, page, 'patient3', WRONG)));
    // Five were checked, and were wrong; the other seven were refused unchecked. By the time the
    // five were answered, the name was locked.
    expect(sleeps).toHaveLength(ACCOUNT_LOCK_AFTER);
    expect(answers.every((a) => a.status === 429 && lockedName.test(a.alert))).toBe(true);
    expect(answers.filter((a) => a.alert.startsWith('登录名或密码错误'))).toHaveLength(ACCOUNT_LOCK_AFTER);
    expect((await post(issuer, page, 'patient3', DEMO_PASSWORD)).status).toBe(429);
  });

  it('tell nobody whether the name exists: an unknown name gets the same answers after the same waits', async () => {
    const real = await startProvider();
    const unknown = await startProvider();
    const run = async ({ issuer }: Provider, login: string) => {
      const page = await signInPage(issuer);
      const answers: Answer[] = [];
      for (let i = 0; i <= ACCOUNT_LOCK_AFTER; i++) answers.push(await post(issuer, page, login, WRONG));
      return answers;
    };
    const [asReal, asUnknown] = [await run(real, 'patient2'), await run(unknown, 'nobody-here')];
    expect(asUnknown).toEqual(asReal);
    expect(unknown.sleeps).toEqual(real.sleeps);
    expect(asUnknown.at(-1)!.alert).toMatch(lockedName);
  });
});

describe('wrong passwords from one client', () => {
  it("lock the client after 30, whatever the names, for an hour; another client's sign-in goes on", async () => {
    const { issuer, sleeps } = await startProvider();
    const page = await signInPage(issuer);
    const answers: Answer[] = [];
    for (let i = 0; i < CLIENT_LOCK_AFTER; i++) answers.push(await post(issuer, page, `sprayed-${i}`, WRONG));
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
    // Each name failed once, so the wait grows with the client's failures: 1 s, then up to 8 s near its lock.
    expect(sleeps.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(sleeps.at(-1)).toBe(8000);
    expect(sleeps).toEqual([...sleeps].sort((a, b) => a - b));

    const last = answers.at(-1)!;
    expect(last).toMatchObject({ status: 429, retryAfter: '3600' });
    expect(last.alert).toMatch(/此网络的登录失败次数过多[\s\S]*请 60 分钟后再试[\s\S]*Too many failed sign-ins from this network[\s\S]*Try again in 60 minutes; until then even the right password is refused/);
    // The right password of a name that never failed: refused too, from this client.
    expect((await post(issuer, page, 'patient1', DEMO_PASSWORD)).status).toBe(429);
    expect(await postFrom('127.0.0.2', page, 'patient1', DEMO_PASSWORD)).toBe(303);
  });

  it('a family behind one address, each mistyping up to four times before signing in, never locks it', async () => {
    const { issuer } = await startProvider();
    for (const login of ['patient1', 'patient2', 'patient3', 'patient1', 'patient2', 'patient3']) {
      const page = await signInPage(issuer);
      for (let i = 0; i < ACCOUNT_LOCK_AFTER - 1; i++) expect((await post(issuer, page, login, WRONG)).status).toBe(200);
      expect((await post(issuer, page, login, DEMO_PASSWORD)).status).toBe(303);
    }
  });

  it('right passwords do not count against the client', async () => {
    const { issuer } = await startProvider();
    for (let i = 0; i < CLIENT_LOCK_AFTER + 5; i++) expect((await post(issuer, await signInPage(issuer), 'patient1', DEMO_PASSWORD)).status).toBe(303);
  });

  it('count CF_CLIENT_LIMIT_SCALE times more in a deployment that sets it (the browser tests)', async () => {
    const { issuer } = await startProvider({ clientLimitScale: 2 });
    const page = await signInPage(issuer);
    for (let i = 0; i < CLIENT_LOCK_AFTER; i++) expect((await post(issuer, page, `name-${i}`, WRONG)).status).toBe(200);
    const app = await startSandbox({ env: { CF_CLIENT_LIMIT_SCALE: '3' } });
    expect(app.sandbox.identity.limits.clientScale).toBe(3);
  });
});

describe('a successful sign-in', () => {
  it('goes back to the app as before', async () => {
    const { issuer } = await startProvider();
    const page = await signInPage(issuer);
    const answer = await post(issuer, page, 'patient1', DEMO_PASSWORD);
    expect(answer.status).toBe(303);
    let next = new URL(answer.next!, issuer);
    while (next.origin === issuer) next = location(await page.b.fetch(next), issuer);
    expect(`${next.origin}${next.pathname}`).toBe(REDIRECT_URI);
  });
});
