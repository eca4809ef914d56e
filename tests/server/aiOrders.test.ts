// @vitest-environment node
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { aiResultSchema } from '../../src/shared/api/aiApplySchemas';
import { aiDetailSchema, aiOrderRowSchema, filmDetailSchema, pageSchema } from '../../src/shared/api/schemas';
import { aiReportScope } from '../../server/sandboxUrls';
import { patientGrant } from '../../server/signedUrls';
import { DATABASE_FILE, openDatabase, schemaVersion } from '../../server/db';
import { MIGRATIONS } from '../../server/migrations';
import { seedDemoAiOrders, seedDemoData } from '../../server/seed';
import {
  AI_CANCEL_ORDER,
  AI_CHECK_RESULT,
  AI_ORDER_LIST,
  AI_PAY_PARAMS,
  AI_PAY_RESULT,
  FILM_DETAIL,
  PUBLIC_ORIGIN,
  startSandbox,
  STUDY_LIST,
  tempDir,
} from './helpers';
import { patientApi, query } from './patientApi';
import type { OrderRow, PatientApi } from './patientApi';
import { signedInHeaders } from './signIn';

const orderPage = pageSchema(aiOrderRowSchema);

async function listPage(api: PatientApi, fields: Record<string, string | number>) {
  const body = await api.get(`${AI_ORDER_LIST}?${query(fields)}`);
  expect(body.statusCode).toBe(200);
  orderPage.parse(body.result);
  return body.result as { rows: OrderRow[]; totals: number };
}

function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

async function detail(api: PatientApi, orderId: string) {
  return api.get(`${AI_CHECK_RESULT}?${query({ orderId })}`);
}

describe('AI OrderList', () => {
  it("pages patient1's 34 orders, newest first, in pages of 8", async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const pages = [];
    for (const pageIndex of [1, 2, 3, 4, 5, 6]) pages.push(await listPage(api, { status: -1, pageIndex, pageLength: 8 }));
    expect(pages.map((p) => p.rows.length)).toEqual([8, 8, 8, 8, 2, 0]);
    expect(pages.every((p) => p.totals === 34)).toBe(true);

    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(34);
    expect(new Set(rows.map((row) => row.id)).size).toBe(34);
    const times = rows.map((row) => row.time);
    expect(times).toEqual([...times].sort().reverse());

    const studyIds = new Set(
      (await api.get(`${STUDY_LIST}?pageLength=100`)).result.rows.map((study: { collectFilmId: number }) => String(study.collectFilmId)),
    );
    for (const row of rows) {
      expect(row).toEqual({
        orderId: expect.stringMatching(/^AI\d{14}$/),
        id: expect.any(Number),
        collectFilmId: expect.stringMatching(/^\d+$/),
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        name: '张伟',
        item: expect.stringMatching(/AI/),
        status: expect.any(Number),
        charge: expect.any(Number),
        sex: 'M',
        age: expect.stringMatching(/^\d{3}[YMWD]$/),
      });
      expect(Object.keys(row)).toEqual(['orderId', 'id', 'collectFilmId', 'time', 'name', 'item', 'status', 'charge', 'sex', 'age']);
      expect(row.orderId.slice(2, 10)).toBe(row.time.slice(0, 10).replaceAll('-', ''));
      expect(studyIds.has(row.collectFilmId), row.collectFilmId).toBe(true);
      expect(Math.round(row.charge * 100)).toBeCloseTo(row.charge * 100, 6);
    }
    expect(rows.map((row) => row.item)).toEqual(expect.arrayContaining(['肺结节AI分析', '骨龄AI分析', '冠脉CTA AI分析']));
    expect(rows.some((row) => row.charge === 0)).toBe(true);
    expect(countBy(rows.map((row) => row.status))).toEqual(
      new Map([
        [0, 3],
        [1, 3],
        [2, 11],
        [3, 7],
        [4, 4],
        [5, 6],
      ]),
    );
    expect(rows.filter((row) => row.status === 2).every((row) => row.charge > 0)).toBe(true);
  });

  it.each([
    [2, [2], 11],
    [1, [0, 1], 6],
    [5, [5], 6],
    [-1, [0, 1, 2, 3, 4, 5], 34],
  ])('status=%s lists the orders in status %j', async (status, statuses, totals) => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const page = await listPage(api, { status, pageIndex: 1, pageLength: 100 });
    expect(page.totals).toBe(totals);
    expect(page.rows).toHaveLength(totals);
    expect(new Set(page.rows.map((row) => row.status))).toEqual(new Set(statuses));
  });

  it('finishes the to-be-paid tab on its second page', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const first = await listPage(api, { status: 2, pageIndex: 1, pageLength: 8 });
    const last = await listPage(api, { status: 2, pageIndex: 2, pageLength: 8 });
    expect([first.rows.length, last.rows.length, last.totals]).toEqual([8, 3, 11]);
    expect(new Set([...first.rows, ...last.rows].map((row) => row.orderId)).size).toBe(11);
  });

  it('lists all orders, first page of 8, when status and paging are left out', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    expect(await listPage(api, {})).toEqual(await listPage(api, { status: -1, pageIndex: 1, pageLength: 8 }));
  });

  it('gives patient2 a few orders and patient3 none', async () => {
    const app = await startSandbox();
    const second = await listPage(await patientApi(app, 'patient2'), { status: -1, pageLength: 100 });
    expect(second.totals).toBeGreaterThanOrEqual(2);
    expect(second.totals).toBeLessThanOrEqual(4);
    expect(second.rows.every((row) => row.name === '李娜' && row.sex === 'F')).toBe(true);
    expect(await listPage(await patientApi(app, 'patient3'), { status: -1 })).toEqual({ rows: [], totals: 0 });
  });

  it.each([
    ['status=0', 'status'],
    ['status=3', 'status'],
    ['status=-2', 'status'],
    ['status=abc', 'status'],
    ['status=', 'status'],
    ['status=1&status=2', 'status'],
    ['status=-1&pageIndex=0', 'pageIndex'],
    ['status=-1&pageLength=101', 'pageLength'],
    ['status=2&pageLength=eight', 'pageLength'],
  ])('rejects %s with statusCode 400', async (search, field) => {
    const app = await startSandbox();
    const response = await app.inject({ url: `${AI_ORDER_LIST}?${search}`, headers: await signedInHeaders(app) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ statusCode: 400, message: expect.stringContaining(field), result: null });
  });

  it('needs a signed-in patient', async () => {
    const app = await startSandbox();
    const response = await app.inject({ url: `${AI_ORDER_LIST}?status=-1` });
    expect(response.statusCode).toBe(401);
  });
});

describe('CancelOrder', () => {
  it('closes an order to be paid, then answers 4001 with msg when cancelled again', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [order] = (await listPage(api, { status: 2 })).rows;
    const url = `${AI_CANCEL_ORDER}?${query({ orderId: order!.orderId })}`;

    expect(await api.post(url)).toEqual({ statusCode: 200, msg: '操作成功', result: null });
    expect((await api.order(order!.orderId)).status).toBe(5);
    expect((await listPage(api, { status: 2 })).totals).toBe(10);
    expect((await listPage(api, { status: 5 })).totals).toBe(7);

    expect(await api.post(url)).toEqual({ statusCode: 4001, msg: '订单状态已变化，无法取消', result: null });
    expect((await api.order(order!.orderId)).status).toBe(5);
  });

  it.each([0, 1, 3, 4])('refuses an order in status %s with 4001, changing nothing', async (status) => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const order = (await api.orders()).find((row) => row.status === status)!;
    const body = await api.post(`${AI_CANCEL_ORDER}?${query({ orderId: order.orderId })}`);
    expect(body).toEqual({ statusCode: 4001, msg: '订单状态已变化，无法取消', result: null });
    expect((await api.order(order.orderId)).status).toBe(status);
  });

  it('answers 404 for an unknown order and 400 without an orderId', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    expect(await api.post(`${AI_CANCEL_ORDER}?orderId=AI20990101999999`)).toEqual({ statusCode: 404, msg: 'order not found', result: null });
    expect(await api.post(AI_CANCEL_ORDER)).toMatchObject({ statusCode: 400, result: null });
  });

  it('is a command: without the anti-forgery pair it is refused', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [order] = (await listPage(api, { status: 2 })).rows;
    const response = await app.inject({ method: 'POST', url: `${AI_CANCEL_ORDER}?${query({ orderId: order!.orderId })}` });
    expect(response.statusCode).toBe(403);
    expect((await api.order(order!.orderId)).status).toBe(2);
  });
});

describe("another patient's orders", () => {
  it('are invisible, untouchable and unpayable', async () => {
    const app = await startSandbox();
    const owner = await patientApi(app, 'patient1');
    const other = await patientApi(app, 'patient2');
    const orders = await owner.orders();
    const toBePaid = orders.find((row) => row.status === 2)!;
    const succeeded = orders.find((row) => row.status === 3)!;

    const visible = new Set((await other.orders()).map((row) => row.orderId));
    expect(orders.some((row) => visible.has(row.orderId))).toBe(false);

    for (const order of [toBePaid, succeeded]) {
      expect(await detail(other, order.orderId)).toEqual({ statusCode: 404, message: 'order not found', result: null });
      expect(await other.get(`${AI_PAY_RESULT}?checkRecordId=${order.id}`)).toEqual({ statusCode: 404, message: 'order not found', result: null });
    }
    expect(await other.post(`${AI_CANCEL_ORDER}?${query({ orderId: toBePaid.orderId })}`)).toEqual({
      statusCode: 404,
      msg: 'order not found',
      result: null,
    });
    for (const payway of [1, 2]) {
      expect(await other.get(`${AI_PAY_PARAMS}?${query({ payway, checkRecordId: toBePaid.id })}`)).toEqual({
        statusCode: 404,
        msg: 'order not found',
        result: null,
      });
    }
    expect(await other.get(`${FILM_DETAIL}?CollectId=${toBePaid.collectFilmId}`)).toEqual({ statusCode: 404, message: '影像不存在', result: null });

    expect((await owner.order(toBePaid.orderId)).status).toBe(2);
    expect(app.sandbox.db.prepare('SELECT COUNT(*) AS n FROM payments WHERE check_record_id = ?').get(toBePaid.id)).toEqual({ n: 0 });
  });
});

describe('HospitalStudyImageList (film detail)', () => {
  it("describes the patient's study for the viewer", async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [study] = (await api.get(`${STUDY_LIST}?pageLength=1`)).result.rows;
    const body = await api.get(`${FILM_DETAIL}?CollectId=${study.collectFilmId}`);
    expect(body).toEqual({
      statusCode: 200,
      message: 'success',
      result: expect.objectContaining({
        sex: 'M',
        age: study.age,
        imServerUrl: `${PUBLIC_ORIGIN}/sandbox/wado`,
        studyUId: study.studyUId,
        orgCode: 'DEMO001',
      }),
    });
    expect(filmDetailSchema.parse(body.result)).toEqual(body.result);
  });

  it('opens the study of an AI order by its collectFilmId', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const [order] = await api.orders();
    expect(await api.get(`${FILM_DETAIL}?CollectId=${order!.collectFilmId}`)).toMatchObject({ statusCode: 200, result: { age: order!.age } });
  });

  it('answers 404 "影像不存在" for an unknown study and 400 for a malformed CollectId', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    expect(await api.get(`${FILM_DETAIL}?CollectId=999999`)).toEqual({ statusCode: 404, message: '影像不存在', result: null });
    for (const search of ['', '?CollectId=abc', '?CollectId=0', '?CollectId=1&CollectId=2']) {
      expect(await api.get(`${FILM_DETAIL}${search}`)).toMatchObject({ statusCode: 400, message: expect.stringContaining('CollectId') });
    }
  });
});

describe('GetSJAiCheckResult (AI detail)', () => {
  async function succeededOrders(api: PatientApi) {
    const rows = (await api.orders()).filter((row) => row.status === 3);
    return Promise.all(rows.map(async (row) => ({ row, result: (await detail(api, row.orderId)).result })));
  }

  it('gives check way 1 an external report page the sandbox serves', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const external = (await succeededOrders(api)).filter(({ result }) => result.checkWay === 1);
    expect(external.length).toBeGreaterThanOrEqual(2);
    for (const { row, result } of external) {
      expect(result).toEqual({
        status: 3,
        checkWay: 1,
        resultUrl: expect.stringMatching(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/ai-report/${row.orderId}\\?exp=[0-9]+&grant=p[0-9]+&sig=[\\w-]+$`)),
        summary: expect.any(String),
        findingCount: expect.any(Number),
        failureReason: null,
      });
      expect(aiResultSchema.parse(result)).toEqual(result);
      expect(aiDetailSchema.parse(result)).toEqual({ status: 3, checkWay: 1, resultUrl: result.resultUrl });
    }
    const { row, result } = external[0]!;
    const signed = new URL(result.resultUrl);
    const page = await app.inject({ url: `${signed.pathname}${signed.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.body).toContain(row.item);
    expect(page.body).toContain(row.orderId);
    expect(page.body).toContain('张伟');
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox/assets/sandbox-pages.css">');
    expect(page.body).not.toMatch(/<style|style=/);
  });

  it('opens the external report only by the URL signed for the order\'s patient, for minutes: an order number alone shows nothing', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const { row, result } = (await succeededOrders(api)).find(({ result }) => result.checkWay === 1)!;
    const signed = new URL(result.resultUrl);
    const denied = await app.inject({ url: signed.pathname });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('张伟');
    expect(denied.body).not.toContain(row.item);
    // Another order's number under this order's signature, or the signature of another patient: nothing.
    const other = (await succeededOrders(api)).find(({ row: r, result: d }) => d.checkWay === 1 && r.orderId !== row.orderId)!;
    expect((await app.inject({ url: `/sandbox/ai-report/${other.row.orderId}${signed.search}` })).statusCode).toBe(403);
    const owner = app.sandbox.db.prepare<[string], { id: number }>('SELECT patient_id AS id FROM ai_orders WHERE order_no = ?').get(row.orderId)!.id;
    const forOther = app.sandbox.signer.sign(signed.pathname, aiReportScope(row.orderId), patientGrant(owner + 1));
    expect((await app.inject({ url: forOther })).statusCode).toBe(403);
    expect(app.sandbox.signer.verify(`${signed.pathname}${signed.search}`, aiReportScope(row.orderId), new Date(Date.now() + 20 * 60_000))).toBeNull();
  });

  it('gives check way 2 (the in-app viewer) no result URL', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    const inApp = (await succeededOrders(api)).filter(({ result }) => result.checkWay === 2);
    expect(inApp.length).toBeGreaterThanOrEqual(2);
    for (const { result } of inApp) {
      expect(result).toEqual({ status: 3, checkWay: 2, resultUrl: null, summary: expect.any(String), findingCount: expect.any(Number), failureReason: null });
    }
  });

  it('tells the status of an order not analysed yet, with no result URL', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    for (const status of [0, 1, 2, 4, 5]) {
      const order = (await api.orders()).find((row) => row.status === status)!;
      const { result } = await detail(api, order.orderId);
      expect(result).toEqual({
        status,
        checkWay: expect.any(Number),
        resultUrl: null,
        summary: null,
        findingCount: null,
        failureReason: status === 4 ? expect.stringMatching(/\S/) : null,
      });
      // Even signed for its patient, an order without a finished external report has no page.
      const owner = app.sandbox.db.prepare<[string], { id: number }>('SELECT patient_id AS id FROM ai_orders WHERE order_no = ?').get(order.orderId)!.id;
      const signed = app.sandbox.signer.sign(`/sandbox/ai-report/${order.orderId}`, aiReportScope(order.orderId), patientGrant(owner));
      expect((await app.inject({ url: signed })).statusCode).toBe(404);
    }
  });

  it('answers statusCode 404 with a null result for a missing order', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    expect(await detail(api, 'AI20990101999999')).toEqual({ statusCode: 404, message: 'order not found', result: null });
    expect((await app.inject({ url: '/sandbox/ai-report/AI20990101999999' })).statusCode).toBe(403);
  });
});

describe('demo AI orders', () => {
  it('are seeded once, and the same in every fresh sandbox', () => {
    const seeded = () => {
      const db = openDatabase(tempDir('data'));
      try {
        seedDemoData(db);
        const written = [seedDemoAiOrders(db), seedDemoAiOrders(db)];
        const orders = db.prepare('SELECT id, order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at FROM ai_orders ORDER BY id').all();
        const payments = db.prepare('SELECT record_no, prepay_id, check_record_id, state FROM payments ORDER BY id').all();
        return { written, orders, payments };
      } finally {
        db.close();
      }
    };
    const first = seeded();
    expect(first.written).toEqual([37, 0]);
    expect(seeded()).toEqual(first);
  });

  it('come to a database from before AI orders, which keeps its data', async () => {
    const dataDir = tempDir('data');
    const old = new Database(join(dataDir, DATABASE_FILE));
    old.exec(MIGRATIONS[0]!.sql);
    old.exec(MIGRATIONS[1]!.sql);
    old.pragma('user_version = 2');
    seedDemoData(old);
    old.prepare("UPDATE patients SET name = '张伟伟' WHERE login_name = 'patient1'").run();
    old.close();

    const app = await startSandbox({ dataDir });
    expect(schemaVersion(app.sandbox.db)).toBe(MIGRATIONS.length);
    const api = await patientApi(app);
    const page = await listPage(api, { status: -1 });
    expect(page.totals).toBe(34);
    expect(page.rows[0]?.name).toBe('张伟伟');
  });

  it('have a paid payment record for every paid order, so the pay result says 1', async () => {
    const app = await startSandbox();
    const api = await patientApi(app);
    for (const order of await api.orders()) {
      const paid = order.charge > 0 && [0, 1, 3, 4].includes(order.status);
      expect((await api.get(`${AI_PAY_RESULT}?checkRecordId=${order.id}`)).result, order.orderId).toBe(paid ? 1 : 0);
    }
  });
});
