// @vitest-environment node
/**
 * Every abuse limit the sandbox declares (server/rateLimit.ts, defineLimit), driven past its edge
 * through the call it guards (issue 22). Each limit's bucket is filled to its edge through the
 * limiter, then one real request must be refused: that proves the route counts that limit, on
 * that key. A limit without a driver here fails the suite, so a new limit is covered at once.
 * Then the ways around the limits that used to work: a new image code for a new SMS verification.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey } from '../../server/oidc/signInLimits';
import { registeredLimits } from '../../server/rateLimit';
import type { Limit } from '../../server/rateLimit';
import { demoNationalId } from '../../server/seed';
import { DEMO_PASSWORD } from '../../server/demoData';
import { collectVisitor, COLLECT_PATHS, demoPatient, bagCodesOf } from '../server/collectFlow';
import type { CollectVisitor } from '../server/collectFlow';
import { TEST_MODE } from '../server/helpers';
import { PNG, postMultipart } from '../server/multipart';
import { sharedSandbox } from '../server/sharedSandbox';
import { browser, form, pkcePair, signedInHeaders, startAuthorization } from '../server/signIn';
import { ledger } from '../../scripts/security/ledger';

const sandbox = sharedSandbox(TEST_MODE);
const book = ledger('api', 'limits');
afterAll(() => book.write());

/** The patient whose number and ID the collect drivers use; the sign-in drivers lock this login too. */
const TARGET = 'patient3';
const target = demoPatient(TARGET);

interface Hit {
  /** HTTP status and the envelope's statusCode (the SMS lock answers 4006 in an envelope). */
  status: number;
  statusCode: number | null;
}

/** How one limit is driven: the key its route counts by, and one request that counts on it. */
interface Driver {
  /** What must be there before the bucket is filled (a verification to type a code into). */
  prepare?(context: DriverContext): Promise<void>;
  key(context: DriverContext): string;
  hit(context: DriverContext): Promise<Hit>;
  /** What refusing looks like: 429 unless said otherwise. */
  refused?(hit: Hit): boolean;
}

interface DriverContext {
  app: FastifyInstance;
  /** A visitor from an address of its own: per-client limits are counted by address. */
  visitor: CollectVisitor;
  patient: { id: number; login: string; headers: Record<string, string> };
  /** The verification `prepare` opened, for the code-check drivers. */
  verificationId?: string;
}

const tooMany = (hit: Hit) => hit.status === 429 && hit.statusCode === 429;
function envelopeStatus(body: string): number | null {
  try {
    return (JSON.parse(body) as { statusCode?: number }).statusCode ?? null;
  } catch {
    return null;
  }
}
const answerOf = (response: { statusCode: number; body: string }): Hit => ({ status: response.statusCode, statusCode: envelopeStatus(response.body) });

async function get(context: DriverContext, url: string): Promise<Hit> {
  return answerOf(await context.app.inject({ url, remoteAddress: context.visitor.remoteAddress }));
}

async function post(context: DriverContext, url: string, body: object, headers: Record<string, string> = {}): Promise<Hit> {
  return answerOf(
    await context.app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: context.visitor.remoteAddress,
      headers: { ...headers, 'x-xsrf-token': 'test-pair' },
      cookies: { 'XSRF-TOKEN': 'test-pair' },
    }),
  );
}

/** A fresh image code, got from an address that is not the driver's, so the driver's own count is untouched. */
async function captcha(context: DriverContext) {
  return collectVisitor(() => context.app).captcha();
}

const byNationalId = async (context: DriverContext) =>
  get(context, `${COLLECT_PATHS.checkcollect}?${new URLSearchParams({ idCard: demoNationalId(target), ...(await captcha(context)) })}`);

const sendCode = async (context: DriverContext) =>
  post(context, COLLECT_PATHS.sendByNationalId, { idCard: demoNationalId(target), ...(await captcha(context)) });

/** A verification of the target's number, started from another address: for the drivers of code checks. */
async function openVerification(context: DriverContext): Promise<void> {
  const sent = await collectVisitor(() => context.app).sendByNationalId(TARGET);
  if (sent.statusCode !== 200) throw new Error(`sendcode answered ${JSON.stringify(sent)}`);
  context.verificationId = sent.result.verificationId as string;
}

const checkCode = async (context: DriverContext, code = '000000') => post(context, COLLECT_PATHS.collect, { verificationId: context.verificationId, code });

async function feedback(context: DriverContext, headers: Record<string, string> = {}): Promise<Hit> {
  const response = await postMultipart(
    context.app,
    '/api/V1.0/HelpSupport/SubmitFeedback',
    [
      ['clientId', crypto.randomUUID()],
      ['content', 'The viewer does not open my study.'],
      ['images', { bytes: PNG }],
    ],
    headers,
    { remoteAddress: context.visitor.remoteAddress },
  );
  return answerOf(response);
}

/** The sign-in page's form, posted to the provider over HTTP from this process (its address: 127.0.0.1). */
async function signInAttempt(context: DriverContext, login: string): Promise<Hit> {
  const b = browser();
  const page = await startAuthorization(b, context.app.sandbox.identity.issuer, { state: 'st4te', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
  const response = await b.fetch(new URL(`${page.pathname}/login`, page), form({ login, password: DEMO_PASSWORD }));
  return { status: response.status, statusCode: null };
}

const lockedSignIn = (hit: Hit) => hit.status === 429;
const smsLocked = (hit: Hit) => hit.statusCode === 4006 || tooMany(hit);

const DRIVERS: Record<string, Driver> = {
  'collect.captcha.client': { key: (c) => c.visitor.remoteAddress, hit: (c) => get(c, COLLECT_PATHS.imagecode) },
  'collect.lookup.client': { key: (c) => c.visitor.remoteAddress, hit: byNationalId },
  'collect.lookup.nationalId': { key: () => demoNationalId(target).toUpperCase(), hit: byNationalId },
  'collect.lookup.phone': {
    key: () => target.phone,
    hit: async (c) => get(c, `${COLLECT_PATHS.patientPhone}?${new URLSearchParams({ name: target.name, phone: target.phone, ...(await captcha(c)) })}`),
  },
  'collect.lookup.bag': {
    key: () => bagCodesOf(TARGET)[0]!,
    hit: async (c) => get(c, `${COLLECT_PATHS.checkcollect}?${new URLSearchParams({ idCard: demoNationalId(target), bagCode: bagCodesOf(TARGET)[0]!, ...(await captcha(c)) })}`),
  },
  'collect.sms.phone.minute': { key: () => target.phone, hit: sendCode },
  'collect.sms.phone.hour': { key: () => target.phone, hit: sendCode },
  'collect.sms.phone.day': { key: () => target.phone, hit: sendCode },
  'collect.sms.client': { key: (c) => c.visitor.remoteAddress, hit: sendCode },
  'collect.sms.wrong.phone': { prepare: openVerification, key: () => target.phone, hit: (c) => checkCode(c), refused: smsLocked },
  'collect.sms.wrong.phone.lock': { prepare: openVerification, key: () => target.phone, hit: (c) => checkCode(c), refused: smsLocked },
  'collect.sms.wrong.phone.day': { prepare: openVerification, key: () => target.phone, hit: (c) => checkCode(c), refused: smsLocked },
  'collect.sms.wrong.client': { prepare: openVerification, key: (c) => c.visitor.remoteAddress, hit: (c) => checkCode(c) },
  'share.misses': { key: (c) => c.visitor.remoteAddress, hit: (c) => get(c, '/api/V1.0/Share/info?code=GUESSED0&accessCode=0000') },
  'feedback.clientHour': { key: (c) => c.visitor.remoteAddress, hit: (c) => feedback(c) },
  'feedback.clientDay': { key: (c) => c.visitor.remoteAddress, hit: (c) => feedback(c) },
  'feedback.clientMegabytes': { key: (c) => c.visitor.remoteAddress, hit: (c) => feedback(c) },
  'feedback.patientHour': { key: (c) => String(c.patient.id), hit: (c) => feedback(c, c.patient.headers) },
  'feedback.patientDay': { key: (c) => String(c.patient.id), hit: (c) => feedback(c, c.patient.headers) },
  'feedback.patientMegabytes': { key: (c) => String(c.patient.id), hit: (c) => feedback(c, c.patient.headers) },
  'analytics.records': {
    key: (c) => c.patient.login,
    hit: (c) =>
      post(c, '/api/V1.0/Analytics/Collect', {
        records: [{ kind: 'event', id: `limit-${Date.now()}`, at: new Date().toISOString(), seq: 0, deviceId: 'd', userId: null, orderId: null, checkRecordId: null, name: 'opened', data: {} }],
      }, c.patient.headers),
  },
  'experiencePass.client': { key: (c) => c.visitor.remoteAddress, hit: (c) => get(c, '/api/V1.0/Package/ExperiencePass') },
  // The provider's: a login name locked even for the right password, and this process's address.
  'signIn.account': { key: () => accountKey(TARGET), hit: (c) => signInAttempt(c, TARGET), refused: lockedSignIn },
  'signIn.client': { key: () => '127.0.0.1', hit: (c) => signInAttempt(c, 'patient2'), refused: lockedSignIn },
};

let patient: DriverContext['patient'];

beforeAll(async () => {
  const app = sandbox.app();
  const headers = await signedInHeaders(app, 'patient2');
  const id = app.sandbox.db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get('patient2')!.id;
  patient = { id, login: 'patient2', headers };
});

describe('every declared limit', () => {
  it('has a driver here', () => {
    const missing = registeredLimits().map((limit) => limit.name).filter((name) => !DRIVERS[name]);
    expect(missing).toEqual([]);
  });

  // The client's own sign-in lock comes last: after it this process can sign nobody in.
  const ordered = () => registeredLimits().sort((a, b) => Number(a.name === 'signIn.client') - Number(b.name === 'signIn.client'));

  it.each(ordered().map((limit): [string, Limit] => [limit.name, limit]))('%s refuses once its edge is passed', async (name, limit) => {
    const app = sandbox.app();
    const context: DriverContext = { app, visitor: collectVisitor(() => app), patient };
    const driver = DRIVERS[name]!;
    await context.visitor.unlock(TARGET);
    await driver.prepare?.(context);
    const key = driver.key(context);
    const { limits } = app.sandbox;
    const max = limit.perClient ? limit.max * limits.clientScale : limit.max;
    expect(limits.take(limit, key, new Date(), max).allowed).toBe(true);
    const hit = await driver.hit(context);
    const refused = (driver.refused ?? tooMany)(hit);
    expect(book.record('limit past its edge', name, refused), `${name}: the request past the edge answered ${JSON.stringify(hit)}`).toBe(true);
    limits.forget(limit, key);
  });
});

describe('the ways around the limits that used to work', () => {
  it('a new image code starts a new verification, but not a new SMS allowance: one number gets one code a minute', async () => {
    const app = sandbox.app();
    const first = collectVisitor(() => app);
    await first.unlock(TARGET);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const visitor = collectVisitor(() => app);
      answers.push((await visitor.sendByNationalId(TARGET)).statusCode as number);
    }
    const sent = answers.filter((code) => code === 200).length;
    expect(book.record('stepping around a limit', '12 verifications of one number in a row', sent === 1), `sent ${sent}: ${answers.join(', ')}`).toBe(true);
  });

  it('the SMS code lock holds across verifications: a new verification does not reset the wrong codes', async () => {
    const app = sandbox.app();
    const visitor = collectVisitor(() => app);
    await visitor.unlock(TARGET);
    let last = 0;
    const sendLimits = registeredLimits().filter((limit) => /^collect\.sms\.phone\./.test(limit.name));
    for (let i = 0; i < 6; i++) {
      // Only the sends are forgotten between rounds: a new verification each time, then a wrong code.
      for (const limit of sendLimits) app.sandbox.limits.forget(limit, target.phone);
      const sent = await collectVisitor(() => app).sendByNationalId(TARGET);
      if (sent.statusCode !== 200) {
        last = sent.statusCode;
        break;
      }
      last = (await visitor.post(COLLECT_PATHS.collect, { verificationId: sent.result.verificationId, code: '000000' })).statusCode;
    }
    expect(book.record('stepping around a limit', 'wrong codes spread over new verifications', last === 4006 || last === 429), `ended with ${last}`).toBe(true);
  });

  it('the provider\'s sign-in by SMS code is another door to the same allowance: collecting\'s code, then the provider\'s, is two in a minute', async () => {
    const app = sandbox.app();
    const visitor = collectVisitor(() => app);
    await visitor.unlock(TARGET);
    expect((await visitor.sendByNationalId(TARGET)).statusCode).toBe(200);
    const b = browser();
    const page = await startAuthorization(b, app.sandbox.identity.issuer, { state: 'st4te', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
    const status = (await b.fetch(new URL(`${page.pathname}/sms`, page), form({ phone: target.phone }))).status;
    expect(book.record('stepping around a limit', 'a second SMS to one number through the identity provider', status === 429), `answered ${status}`).toBe(true);
  });
});
