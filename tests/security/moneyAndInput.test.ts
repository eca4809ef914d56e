// @vitest-environment node
/**
 * The audit trail, money and input, attacked (issue 22): records forged for another patient's
 * order or user, or too heavy, refused and never stored; the sandbox's own record of each money
 * step there whatever the app sends; double taps that charge once; return addresses that cannot
 * lead off the app; names that cannot turn text around; every typed field bounded.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_FIELDS } from '../../src/shared/rules/text';
import { auditorHeaders } from '../server/auditor';
import { TEST_MODE } from '../server/helpers';
import { patientApi, query } from '../server/patientApi';
import type { PatientApi } from '../server/patientApi';
import { sharedSandbox } from '../server/sharedSandbox';
import { signedInHeaders } from '../server/signIn';
import { ledger } from '../../scripts/security/ledger';
import { ATTACKER, VICTIM, victimOf } from './world';
import type { Victim } from './world';

const sandbox = sharedSandbox(TEST_MODE);
const book = ledger('api', 'moneyAndInput');
afterAll(() => book.write());

let victim: Victim;
let attacker: PatientApi;
let own: PatientApi;

beforeAll(async () => {
  victim = await victimOf(sandbox.app());
  attacker = await patientApi(sandbox.app(), ATTACKER);
  own = await patientApi(sandbox.app(), VICTIM);
});

const record = (fields: Record<string, unknown>) => ({
  kind: 'event',
  id: `rec-${Math.random().toString(36).slice(2, 12)}`,
  at: new Date().toISOString(),
  seq: 0,
  deviceId: 'device-of-the-attacker',
  userId: ATTACKER,
  orderId: null,
  checkRecordId: null,
  name: 'payment_cancelled',
  data: {},
  ...fields,
});

function trailOf(app: FastifyInstance, orderId: string) {
  return auditorHeaders(app).then(async (headers) => (await app.inject({ url: `/sandbox/audit?${new URLSearchParams({ orderId })}`, headers })).json());
}

describe('forging the audit trail', () => {
  it.each([
    ["a record for the victim's order, by number", () => record({ orderId: victim.aiOrder.orderId })],
    ["a record for the victim's order, by check record id", () => record({ checkRecordId: victim.aiOrder.id })],
    ['a record naming the victim as its user', () => record({ userId: VICTIM })],
    ['a record for an order nobody has', () => record({ orderId: 'AI20990101XXXXXXXXXX' })],
    ['a record of 900 kB', () => record({ data: { padding: 'x'.repeat(900 * 1024) } })],
  ])('%s is refused and not stored', async (name, forged) => {
    const sent = forged();
    const response = await sandbox.app().inject({
      method: 'POST',
      url: '/api/V1.0/Analytics/Collect',
      headers: { ...(await attackerHeaders()), 'x-xsrf-token': 'test-pair' },
      cookies: { 'XSRF-TOKEN': 'test-pair' },
      payload: { records: [sent] },
    });
    const stored = sandbox.app().sandbox.db.prepare('SELECT 1 FROM analytics_records WHERE id = ?').get(sent.id) !== undefined;
    const answered = response.statusCode === 413 || (response.json() as { result?: { refused?: string[] } }).result?.refused?.includes(sent.id) === true;
    expect(book.record('a forged audit record', name, answered && !stored), `${name}: HTTP ${response.statusCode}, stored ${stored}`).toBe(true);
  });

  it("the victim's trail holds nothing the attacker sent, and the server's own steps whatever the app sends", async () => {
    const app = sandbox.app();
    // The victim pays without the app sending a single record: the trail still says what happened.
    const pay = await own.get(`/api/V1.0/AI/GetWxPayParms?${query({ payway: 1, checkRecordId: victim.aiOrder.id })}`);
    expect(pay.statusCode).toBe(200);
    await own.get(`/api/V1.0/AI/WxPayResultNotify?checkRecordId=${victim.aiOrder.id}`);
    const trail = await trailOf(app, victim.aiOrder.orderId);
    const foreign = (trail.records as Array<{ receivedFor: string }>).filter((one) => one.receivedFor !== VICTIM);
    const steps = (trail.server as Array<{ step: string; actor: string }>).map((one) => `${one.step} ${one.actor}`);
    const ok = foreign.length === 0 && steps.includes(`pay_requested ${VICTIM}`) && steps.includes(`pay_result_answered ${VICTIM}`);
    expect(book.record('a forged audit record', "the victim's trail afterwards", ok), JSON.stringify({ foreign, steps })).toBe(true);
  });
});

let attackerAuth: Record<string, string> | undefined;
async function attackerHeaders(): Promise<Record<string, string>> {
  attackerAuth ??= await signedInHeaders(sandbox.app(), ATTACKER);
  return attackerAuth;
}

describe('double taps', () => {
  it('two pay taps at once start one payment', async () => {
    const app = sandbox.app();
    const [order] = (await attacker.orders()).filter((row) => row.status === 2);
    const answers = await Promise.all([1, 2, 3].map(() => attacker.get(`/api/V1.0/AI/GetWxPayParms?${query({ payway: 2, checkRecordId: order!.id })}`)));
    const records = new Set(answers.map((answer) => answer.result?.record_no));
    const pending = app.sandbox.db.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_kind = 'ai' AND check_record_id = ? AND state = 'pending'").get(order!.id) as { n: number };
    expect(book.record('a double tap', 'three pay taps at once', records.size === 1 && pending.n === 1)).toBe(true);
  });

  it('two cancel taps at once cancel once', async () => {
    const [order] = (await attacker.orders()).filter((row) => row.status === 2);
    const answers = await Promise.all([1, 2].map(() => attacker.post(`/api/V1.0/AI/CancelOrder?${query({ orderId: order!.orderId })}`)));
    const accepted = answers.filter((answer) => answer.statusCode === 200).length;
    expect(book.record('a double tap', 'two cancel taps at once', accepted === 1 && (await attacker.order(order!.orderId)).status === 5)).toBe(true);
  });

  it('two storage purchases of one plan at once make one order', async () => {
    const studies = (await attacker.get('/api/V1.0/Package/HospitalStudyList?pageIndex=1&pageLength=20')).result.rows as Array<{ collectFilmId: number }>;
    for (const study of studies) {
      const answers = await Promise.all([1, 2].map(() => attacker.post('/api/V1.0/Image/submmit', { id: study.collectFilmId, planId: 'storage-12m' })));
      if (answers.some((answer) => answer.statusCode !== 200)) continue;
      expect(book.record('a double tap', 'two storage purchases at once', answers[0].result.orderId === answers[1].result.orderId)).toBe(true);
      return;
    }
    throw new Error('no study to buy storage for');
  });
});

describe('open redirects', () => {
  it.each(['https://evil.example/aiOrder', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1:18080.evil.example/'])('the H5 page never returns to %s', async (returnUrl) => {
    const answer = await own.get(`/api/V1.0/AI/GetWxPayParms?${query({ payway: 2, checkRecordId: victim.aiOrder.id, returnUrl })}`);
    expect(book.record('an open redirect', `pay return address ${returnUrl}`, answer.statusCode === 400)).toBe(true);
  });
});

describe('input', () => {
  it.each([
    ['a right-to-left override', 'Ali\u202Ecod.exe'],
    ['a bidirectional isolate', '\u2067evil\u2069'],
    ['a zero-width joiner run', 'a\u200D\u200D\u200Db'],
    ['a control character', 'name\u0007'],
    ['one character too many', 'x'.repeat(TEXT_FIELDS.nickName.max + 1)],
  ])('a nickname with %s is refused', async (name, nickName) => {
    const answer = await attacker.post('/api/V1.0/Center/UpdateUser', { nickName });
    const stored = (await attacker.get('/api/V1.0/Center/UserInfo')).result.nickName;
    expect(book.record('unsafe input', `nickname with ${name}`, answer.statusCode !== 200 && stored !== nickName)).toBe(true);
  });

  it('an e-mail address longer than any can be is refused', async () => {
    const answer = await attacker.post('/api/V1.0/Center/UpdateUserEmail', { email: `${'a'.repeat(250)}@example.com` });
    expect(book.record('unsafe input', 'an e-mail of 262 characters', answer.statusCode !== 200)).toBe(true);
  });
});
