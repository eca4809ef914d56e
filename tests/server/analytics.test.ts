// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { collectAnswerSchema, MAX_BATCH, MAX_RECORD_BYTES } from '../../src/shared/analytics/records';
import { ANALYTICS_RECORDS_LIMIT } from '../../server/routes/analytics';
import type { AnalyticsRecord } from '../../src/shared/analytics/records';
import { paymentFlow } from './analyticsRecords';
import { auditorHeaders, openAsAuditor } from './auditor';
import { startSandbox } from './helpers';
import { patientApi } from './patientApi';
import { signedInHeaders } from './signIn';

const COLLECT = '/api/V1.0/Analytics/Collect';
const AUDIT = '/sandbox/audit';
/** The anti-forgery pair every API command carries (server/antiForgery.ts). */
const XSRF = 'test-pair';

async function collector(app: FastifyInstance, login = 'patient1') {
  const headers = { ...(await signedInHeaders(app, login)), 'x-xsrf-token': XSRF };
  return async (payload: unknown) => {
    const response = await app.inject({ method: 'POST', url: COLLECT, headers, cookies: { 'XSRF-TOKEN': XSRF }, payload: payload as object });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
}

function storedCount(app: FastifyInstance): number {
  return (app.sandbox.db.prepare('SELECT COUNT(*) AS n FROM analytics_records').get() as { n: number }).n;
}

/** The trail as an auditor reads it (tests/server/auditAccess.test.ts: who may). */
async function auditOf(app: FastifyInstance, orderId: string) {
  const response = await app.inject({ url: `${AUDIT}?${new URLSearchParams({ orderId })}`, headers: await auditorHeaders(app) });
  expect(response.statusCode).toBe(200);
  return response.json() as { orderId: string; records: Array<AnalyticsRecord & { receivedAt: string; receivedFor: string }> };
}

const FLOW = { orderId: 'AI20250301101500', checkRecordId: 1 };

/** One of patient1's own orders, as paymentFlow names it: records for orders not the sender's are refused. */
async function ownOrder(app: FastifyInstance): Promise<{ orderId: string; checkRecordId: number }> {
  const [order] = await (await patientApi(app)).orders();
  return { orderId: order!.orderId, checkRecordId: order!.id };
}
const ids = (records: readonly { id: string }[]) => records.map((record) => record.id);

describe('POST /api/V1.0/Analytics/Collect', () => {
  it('needs a signed-in patient', async () => {
    const app = await startSandbox();
    const response = await app.inject({
      method: 'POST',
      url: COLLECT,
      headers: { 'x-xsrf-token': XSRF },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: { records: paymentFlow(FLOW) },
    });
    expect(response.statusCode).toBe(401);
    expect(storedCount(app)).toBe(0);
  });

  it('stores a batch and names what it stored, for the patient whose token sent it', async () => {
    const app = await startSandbox();
    const collect = await collector(app, 'patient2');
    const [order] = await (await patientApi(app, 'patient2')).orders();
    const records = paymentFlow({ orderId: order!.orderId, checkRecordId: order!.id, userId: 'patient2' });
    const body = await collect({ records });
    expect(body).toEqual({ statusCode: 200, message: 'success', result: { stored: ids(records), duplicates: [], refused: [] } });
    expect(collectAnswerSchema.parse(body.result)).toEqual(body.result);
    expect(storedCount(app)).toBe(records.length);
    const row = app.sandbox.db.prepare('SELECT * FROM analytics_records WHERE id = ?').get(records[1]!.id);
    expect(row).toMatchObject({
      kind: 'audit',
      order_id: order!.orderId,
      check_record_id: order!.id,
      machine: 'payment',
      event: 'xstate.done.actor.getPayParams',
      from_state: 'requestingParams',
      to_state: 'awaitingH5',
      status_code: 200,
      name: null,
      user_id: 'patient2',
      received_for: 'patient2',
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.parse((row as { body: string }).body)).toEqual(records[1]);
  });

  it('stores a record sent twice once, and answers it as a duplicate the second time', async () => {
    const app = await startSandbox();
    const collect = await collector(app);
    const records = paymentFlow(await ownOrder(app));
    const [first, second] = [records.slice(0, 6), records.slice(4)];
    expect((await collect({ records: first })).result).toEqual({ stored: ids(first), duplicates: [], refused: [] });
    expect((await collect({ records: second })).result).toEqual({ stored: ids(second.slice(2)), duplicates: ids(second.slice(0, 2)), refused: [] });
    expect((await collect({ records })).result).toEqual({ stored: [], duplicates: ids(records), refused: [] });
    expect((await collect({ records: [records[0], records[0]] })).result).toEqual({ stored: [], duplicates: [records[0]!.id], refused: [] });
    expect(storedCount(app)).toBe(records.length);
  });

  it.each([
    ['a record with no time', (records: Record<string, unknown>[]) => delete records[3]!.at, 'records.3.at'],
    ['an unknown kind', (records: Record<string, unknown>[]) => (records[5]!.kind = 'log'), 'records.5'],
    ['a seq that is no whole number', (records: Record<string, unknown>[]) => (records[0]!.seq = 1.5), 'records.0.seq'],
    ['a short id', (records: Record<string, unknown>[]) => (records[2]!.id = 'x'), 'records.2.id'],
  ])('refuses a batch with %s whole, with statusCode 400, storing nothing', async (_label, spoil, path) => {
    const app = await startSandbox();
    const collect = await collector(app);
    const records = paymentFlow(FLOW) as unknown as Record<string, unknown>[];
    spoil(records);
    const body = await collect({ records });
    expect(body).toEqual({ statusCode: 400, message: expect.stringContaining(path), result: null });
    expect(body.message.length).toBeLessThan(400);
    expect(storedCount(app)).toBe(0);
  });

  it.each([
    ['no records', () => ({ records: [] })],
    ['too many records', () => ({ records: Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ ...paymentFlow(FLOW)[0], id: `record-${i}-of-many` })) })],
    ['no batch at all', () => ({ hello: 'world' })],
    ['a list instead of a batch', () => paymentFlow(FLOW)],
  ])('refuses %s with statusCode 400', async (_label, payload) => {
    const app = await startSandbox();
    const body = await (await collector(app))(payload());
    expect(body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^invalid analytics batch: /), result: null });
    expect(storedCount(app)).toBe(0);
  });
});

describe('GET /sandbox/audit', () => {
  it("answers an order's records in the order they happened, with those naming only its check record id", async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [order, other] = (await api.orders()).filter((row) => row.status === 2);
    const flow = paymentFlow({ orderId: order!.orderId, checkRecordId: order!.id });
    const otherFlow = paymentFlow({ orderId: other!.orderId, checkRecordId: other!.id, idPrefix: 'other' });
    // Only the check record id, as the pay calls know it: found through the AI order table.
    const payCallsOnly = flow.map((record, i) => ({ ...record, id: `pay-only-${i}`, orderId: null, at: '2025-03-01T02:15:19.854Z', seq: 90 - i }));
    const collect = await collector(app);
    await collect({ records: [...flow.slice(6)].reverse() });
    await collect({ records: [...otherFlow, ...payCallsOnly.slice(0, 2), ...flow.slice(0, 6)] });

    const { orderId, records } = await auditOf(app, order!.orderId);
    expect(orderId).toBe(order!.orderId);
    // pay-only-1 and -0 share flow[4] and flow[5]'s millisecond and follow them by seq.
    expect(ids(records)).toEqual([...ids(flow.slice(0, 6)), 'pay-only-1', 'pay-only-0', ...ids(flow.slice(6))]);
    expect(records.some((r) => r.id.startsWith('other'))).toBe(false);
    const { receivedAt, receivedFor, ...asSent } = records[0]!;
    expect(asSent).toEqual(flow[0]);
    expect(receivedFor).toBe('patient1');
    expect(Number.isNaN(Date.parse(receivedAt))).toBe(false);
  });

  it('finds records that name only the check record id of one of its AI orders, when none names the order number', async () => {
    const app = await startSandbox();
    const [order] = (await (await patientApi(app)).orders()).filter((row) => row.status === 2);
    const flow = paymentFlow({ orderId: order!.orderId, checkRecordId: order!.id }).map((record) => ({ ...record, orderId: null }));
    await (await collector(app))({ records: flow });
    expect(ids((await auditOf(app, order!.orderId)).records)).toEqual(ids(flow));
  });

  it('finds records that name only the check record id of one of its storage orders, when none names the order number', async () => {
    const app = await startSandbox();
    const [aiOrder] = (await (await patientApi(app)).orders()).filter((row) => row.status === 2);
    app.sandbox.db
      .prepare("INSERT INTO storage_orders (id, order_no, patient_id, study_id, plan_id, plan_name, months, charge_fen, status, ordered_at, updated_at) SELECT 900001, 'ST-ONLY-ID', patient_id, study_id, 'storage-12m', '1年', 12, 3000, 2, '2026-11-20T02:00:00.000Z', '2026-11-20T02:00:00.000Z' FROM ai_orders WHERE id = ?")
      .run(aiOrder!.id);
    const flow = paymentFlow({ orderId: 'ST-ONLY-ID', checkRecordId: 900001 }).map((record) => ({ ...record, orderId: null }));
    await (await collector(app))({ records: flow });
    expect(ids((await auditOf(app, 'ST-ONLY-ID')).records)).toEqual(ids(flow));
  });

  it('refuses, record by record, what it cannot trust: an order that is not the sender\'s, another user named, a record over 4 KB', async () => {
    const app = await startSandbox();
    const collect = await collector(app);
    const mine = await ownOrder(app);
    const [theirs] = await (await patientApi(app, 'patient2')).orders();
    const good = paymentFlow(mine).slice(0, 3);
    const forged = [
      { ...good[0]!, id: 'forged-their-order', orderId: theirs!.orderId, checkRecordId: theirs!.id },
      { ...good[0]!, id: 'forged-their-check-record', orderId: null, checkRecordId: theirs!.id },
      { ...good[0]!, id: 'forged-no-such-order', orderId: 'EXT-0001', checkRecordId: null },
      { ...good[0]!, id: 'forged-other-user', userId: 'patient2' },
      { ...good[1]!, id: 'forged-too-heavy', kind: 'audit' as const, result: 'x'.repeat(MAX_RECORD_BYTES) },
    ];
    const body = await collect({ records: [...good, ...forged] });
    expect(body.result).toEqual({ stored: ids(good), duplicates: [], refused: ids(forged) });
    expect(storedCount(app)).toBe(good.length);
    expect(ids((await auditOf(app, theirs!.orderId)).records)).toEqual([]);
    expect(ids((await auditOf(app, 'EXT-0001')).records)).toEqual([]);
  });

  it('limits how many records one patient sends in an hour', async () => {
    const app = await startSandbox();
    const collect = await collector(app);
    const mine = await ownOrder(app);
    // As if the patient had sent all but the last few of the hour's allowance.
    app.sandbox.limits.take(ANALYTICS_RECORDS_LIMIT, 'patient1', new Date(), ANALYTICS_RECORDS_LIMIT.max - 2);
    const records = paymentFlow(mine);
    const response = await app.inject({
      method: 'POST',
      url: COLLECT,
      headers: { ...(await signedInHeaders(app, 'patient1')), 'x-xsrf-token': XSRF },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: { records },
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ statusCode: 429, result: { retryAfterSeconds: expect.any(Number) } });
    expect(storedCount(app)).toBe(0);
    expect((await collect({ records: records.slice(0, 2) })).result.stored).toHaveLength(2);
  });

  it('refuses a body heavier than a whole batch can be', async () => {
    const app = await startSandbox();
    const response = await app.inject({
      method: 'POST',
      url: COLLECT,
      headers: { ...(await signedInHeaders(app, 'patient1')), 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: JSON.stringify({ records: [{ pad: 'x'.repeat(MAX_BATCH * MAX_RECORD_BYTES + 32 * 1024) }] }),
    });
    expect(response.statusCode).toBe(413);
    expect(storedCount(app)).toBe(0);
  });

  it("keeps a storage order's records apart from an AI order's with the same check record id (the two tables number apart)", async () => {
    const app = await startSandbox();
    const [aiOrder] = (await (await patientApi(app)).orders()).filter((row) => row.status === 2);
    const storage = app.sandbox.db.prepare('SELECT order_no AS orderNo FROM storage_orders WHERE id = ?');
    app.sandbox.db
      .prepare("INSERT INTO storage_orders (id, order_no, patient_id, study_id, plan_id, plan_name, months, charge_fen, status, ordered_at, updated_at) SELECT ?, 'ST-SAME-ID', patient_id, study_id, 'storage-12m', '1年', 12, 3000, 2, '2026-11-20T02:00:00.000Z', '2026-11-20T02:00:00.000Z' FROM ai_orders WHERE id = ?")
      .run(aiOrder!.id, aiOrder!.id);
    expect(storage.get(aiOrder!.id)).toEqual({ orderNo: 'ST-SAME-ID' });
    // As the app writes them: every record of a payment names its order (src/shared/audit/auditInspector.ts).
    const namingOrder = (orderId: string, idPrefix?: string) =>
      paymentFlow({ orderId, checkRecordId: aiOrder!.id, ...(idPrefix && { idPrefix }) }).map((record) => ({ ...record, orderId }));
    const aiFlow = namingOrder(aiOrder!.orderId);
    const storageFlow = namingOrder('ST-SAME-ID', 'storage');
    await (await collector(app))({ records: [...aiFlow, ...storageFlow] });
    expect(ids((await auditOf(app, 'ST-SAME-ID')).records)).toEqual(ids(storageFlow));
    expect(ids((await auditOf(app, aiOrder!.orderId)).records)).toEqual(ids(aiFlow));
  });

  it('needs an orderId', async () => {
    const app = await startSandbox();
    for (const url of [AUDIT, `${AUDIT}?orderId=`, `${AUDIT}?orderId=%20`]) {
      const response = await app.inject({ url, headers: await auditorHeaders(app) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, message: 'orderId must be one order number', result: null });
    }
  });

  it('shows the timeline as a page, escaping what the client sent', async () => {
    const app = await startSandbox();
    const order = await ownOrder(app);
    const hostile = paymentFlow(order).map((record) =>
      record.kind === 'audit' ? { ...record, machine: '<b>payment</b>', from: '</td><script>alert(3)</script>', result: '<svg onload=alert(4)>' } : record,
    );
    await (await collector(app))({ records: hostile });

    const page = await openAsAuditor(app, `${AUDIT}/${encodeURIComponent(order.orderId)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).not.toMatch(/<script|<img|<svg|<b>/);
    expect(page.body).toContain('&lt;/td&gt;&lt;script&gt;alert(3)&lt;/script&gt; → requestingParams');
    expect(page.body).toContain('&lt;svg onload=alert(4)&gt;');
    expect(page.body).toContain('patient tapped pay');
    expect(page.body).toContain('订单审计记录');
    expect(page.body.match(/<tr class="(audit|product-event)"/g)).toHaveLength(hostile.length);
    // An order number from the address is shown escaped too.
    const missing = await openAsAuditor(app, `${AUDIT}/${encodeURIComponent('AI"><script>alert(1)</script>')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toMatch(/<script/);
    expect(missing.body).toContain('AI&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

    const css = await app.inject({ url: '/sandbox/assets/sandbox-audit.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('.timeline');
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox/assets/sandbox-audit.css">');
  });

  it('answers 404 with a page for an order without records', async () => {
    const app = await startSandbox();
    const page = await openAsAuditor(app, `${AUDIT}/AI20990101999999`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('No audit records for this order');
  });
});
