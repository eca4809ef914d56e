// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, chinaDate } from '../../server/storagePeriod';
import { chargeListSchema, checkStorageSchema, storageOrderCreatedSchema, storageOrderRowSchema } from '../../src/shared/api/storageSchemas';
import { pageSchema } from '../../src/shared/api/schemas';
import { PUBLIC_ORIGIN, startSandbox, STUDY_LIST, TEST_MODE } from './helpers';
import { patientApi, query } from './patientApi';
import { h5PagePath, payInApp, paymentsOf, postH5, postWxPay, prepayIdOf } from './sandboxPayment';
import { STORAGE_INFO } from './studyPaths';

const CHARGE_LIST = '/api/V1.0/Image/chargelist';
const CHECK_STORAGE = '/api/V1.0/Image/CheckStorage';
const SUBMIT = '/api/V1.0/Image/submmit';
const ORDER_LIST = '/api/V1.0/Image/StorageOrderList';
const CANCEL = '/api/V1.0/Image/CancelOrder';
const PAY = '/api/V1.0/Image/pay';
const PAY_RESULT = '/api/V1.0/Image/WxPayResultNotify';

const THREE_YEARS = 'storage-36m';
const ONE_YEAR = 'storage-12m';

interface StudyRow {
  collectFilmId: number;
  studyDescription: string;
}

/** The API as one patient calls it; POST sends a JSON body (or none). */
async function client(app: FastifyInstance, login = 'patient1') {
  return {
    ...(await patientApi(app, login)),
    /** The patient's studies, newest first. */
    async studies(): Promise<StudyRow[]> {
      return (await this.get(`${STUDY_LIST}?pageIndex=1&pageLength=100`)).result.rows;
    },
    async storage(collectFilmId: number) {
      return checkStorageSchema.parse((await this.get(`${CHECK_STORAGE}?id=${collectFilmId}`)).result).studies[0]!;
    },
    async submit(id: number | string, planId: string) {
      const body = await this.post(SUBMIT, { id, planId });
      expect(body.statusCode).toBe(200);
      return storageOrderCreatedSchema.parse(body.result);
    },
    async orders(status = -1) {
      const body = await this.get(`${ORDER_LIST}?${query({ status, pageIndex: 1, pageLength: 100 })}`);
      return pageSchema(storageOrderRowSchema).parse(body.result).rows;
    },
  };
}

const today = () => chinaDate(new Date());

describe('V1.0/Image/chargelist', () => {
  it('lists the three plans for a study whose storage can be bought', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const body = await api.get(`${CHARGE_LIST}?id=${study!.collectFilmId}`);
    expect(body.statusCode).toBe(200);
    expect(chargeListSchema.parse(body.result).plans).toEqual([
      { planId: ONE_YEAR, name: '1年', months: 12, charge: 30, originalCharge: null, recommended: false },
      { planId: THREE_YEARS, name: '3年', months: 36, charge: 68, originalCharge: 90, recommended: true },
      { planId: 'storage-60m', name: '5年', months: 60, charge: 98, originalCharge: null, recommended: false },
    ]);
  });

  it('answers 4401 for an unknown study or another patient’s, 4403 when nothing can be bought', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const id = study!.collectFilmId;
    expect(await api.get(`${CHARGE_LIST}?id=999999`)).toMatchObject({ statusCode: 4401, result: null });
    expect(await (await client(app, 'patient2')).get(`${CHARGE_LIST}?id=${id}`)).toMatchObject({ statusCode: 4401, result: null });
    expect(await api.get(`${CHARGE_LIST}?id=abc`)).toMatchObject({ statusCode: 400 });

    app.sandbox.db.prepare('UPDATE studies SET storage_expires_on = NULL WHERE id = ?').run(id);
    expect(await api.get(`${CHARGE_LIST}?id=${id}`)).toMatchObject({ statusCode: 4403, result: null });
    expect(await api.storage(id)).toMatchObject({ state: 'permanent', expireDate: null, daysLeft: 0, canBuy: false });
    // The film detail's StorageInfo agrees: no "buy storage" link for a study kept for good.
    expect((await api.get(`${STORAGE_INFO}?CollectId=${id}`)).result).toEqual({ stored: true, expireDate: null, daysLeft: 0, canBuy: false });
    expect(await api.post(SUBMIT, { id, planId: ONE_YEAR })).toMatchObject({ statusCode: 4403 });

    const [, other] = await api.studies();
    const hospital = app.sandbox.studies.findById(other!.collectFilmId)!.hospitalId;
    app.sandbox.hospitals.setModule(hospital, 'imageStore', false);
    expect(await api.get(`${CHARGE_LIST}?id=${other!.collectFilmId}`)).toMatchObject({ statusCode: 4403 });
    expect((await api.storage(other!.collectFilmId)).canBuy).toBe(false);
  });
});

describe('V1.0/Image/CheckStorage', () => {
  it('lists every study of the patient’s, soonest end first, with its state by the 30-day rule', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const body = await api.get(CHECK_STORAGE);
    expect(body.statusCode).toBe(200);
    const all = checkStorageSchema.parse(body.result).studies;
    expect(all).toHaveLength(studies.length);
    const ends = all.map((row) => row.expireDate!);
    expect(ends).toEqual([...ends].sort());
    // demoData: the sixth study's storage has ended, the fifth's ends within 30 days.
    expect(all[0]).toMatchObject({ collectFilmId: String(studies[5]!.collectFilmId), state: 'expired', daysLeft: 0, canBuy: true, pendingOrderId: null });
    expect(all[1]).toMatchObject({ collectFilmId: String(studies[4]!.collectFilmId), state: 'expiring' });
    expect(all.slice(2).every((row) => row.state === 'active')).toBe(true);

    const id = studies[0]!.collectFilmId;
    const expire = (days: number) => app.inject({ method: 'POST', url: `/sandbox/test/storage/expire?${query({ collectFilmId: id, days })}` });
    expect((await expire(30)).json().result).toEqual({ collectFilmId: String(id), expireDate: addDays(today(), 30) });
    expect(await api.storage(id)).toMatchObject({ state: 'expiring', daysLeft: 30, expireDate: addDays(today(), 30) });
    await expire(31);
    expect(await api.storage(id)).toMatchObject({ state: 'active', daysLeft: 31 });
    await expire(-1);
    expect(await api.storage(id)).toMatchObject({ state: 'expired', daysLeft: 0 });
    // Ended yesterday: after the study whose storage ended earlier, before every other.
    expect((await api.get(CHECK_STORAGE)).result.studies.slice(0, 2).map((row: { collectFilmId: string }) => row.collectFilmId)).toEqual([
      String(studies[5]!.collectFilmId),
      String(id),
    ]);
    await expire(0);
    expect(await api.storage(id)).toMatchObject({ state: 'expiring', daysLeft: 0 });

    app.sandbox.db.prepare('UPDATE studies SET storage_expires_on = NULL WHERE id = ?').run(id);
    const last = (await api.get(CHECK_STORAGE)).result.studies.at(-1);
    expect(last).toMatchObject({ collectFilmId: String(id), state: 'permanent' });
    expect(await api.get(`${CHECK_STORAGE}?id=999999`)).toMatchObject({ statusCode: 4401, result: null });
    expect((await expire(Number.NaN)).json().statusCode).toBe(400);
  });
});

describe('V1.0/Image/submmit', () => {
  it('makes one order per intent: the same plan again is reused, another plan replaces it', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const id = study!.collectFilmId;

    const first = await api.submit(String(id), THREE_YEARS);
    expect(first).toMatchObject({ charge: 68, status: 2, reused: false });
    // The day, then 10 random characters: another patient cannot guess the next number.
    expect(first.orderId).toMatch(/^ST\d{8}[2-9A-HJ-NP-Z]{10}$/);
    expect(await api.submit(id, THREE_YEARS)).toEqual({ ...first, reused: true });
    // The query works too (older calls).
    const byQuery = await api.post(`${SUBMIT}?${query({ id, planId: THREE_YEARS })}`);
    expect(byQuery.result).toEqual({ ...first, reused: true });
    expect((await api.storage(id)).pendingOrderId).toBe(first.orderId);

    // A payment under way for the first plan is cancelled when the patient changes plan.
    await api.get(`${PAY}?${query({ payway: 2, checkRecordId: first.id })}`);
    const second = await api.submit(id, ONE_YEAR);
    expect(second).toMatchObject({ charge: 30, status: 2, reused: false });
    expect(second.orderId).not.toBe(first.orderId);
    expect(paymentsOf(app, 'storage', first.id).map((p) => p.state)).toEqual(['cancelled']);
    const orders = await api.orders();
    expect(orders.map((row) => [row.orderId, row.status])).toEqual([
      [second.orderId, 2],
      [first.orderId, 5],
    ]);
    expect((await api.storage(id)).pendingOrderId).toBe(second.orderId);
    expect(await api.get(`${PAY}?${query({ payway: 2, checkRecordId: first.id })}`)).toEqual({ statusCode: 4002, msg: '订单状态已变化', result: null });
  });

  it('refuses an unknown plan (4402), an unknown or other patient’s study (4401), and bad input (400)', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    expect(await api.post(SUBMIT, { id: study!.collectFilmId, planId: 'storage-99m' })).toMatchObject({ statusCode: 4402, result: null });
    expect(await api.post(SUBMIT, { id: 999999, planId: ONE_YEAR })).toMatchObject({ statusCode: 4401 });
    expect(await (await client(app, 'patient2')).post(SUBMIT, { id: study!.collectFilmId, planId: ONE_YEAR })).toMatchObject({ statusCode: 4401 });
    expect(await api.post(SUBMIT, { planId: ONE_YEAR })).toMatchObject({ statusCode: 400 });
    expect(await api.post(SUBMIT, { id: study!.collectFilmId })).toMatchObject({ statusCode: 400 });
    expect(await api.orders()).toEqual([]);
  });
});

describe('paying a storage order', () => {
  it('in the app: the order is paid (3) and the study’s storage extended by the plan from its current end', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const id = studies[0]!.collectFilmId;
    const before = await api.storage(id);
    const order = await api.submit(id, THREE_YEARS);
    expect((await api.get(`${PAY_RESULT}?checkRecordId=${order.id}`)).result).toBe(0);
    // Storage and AI orders number their check records apart: paying this one must not end an AI analysis.
    const analysisStarted = vi.spyOn(app.sandbox.aiAnalysis, 'started');

    expect(await payInApp(app, api, PAY, order.id)).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    const expected = addMonths(before.expireDate!, 36);
    expect((await api.get(`${PAY_RESULT}?checkRecordId=${order.id}`))).toEqual({ statusCode: 200, message: 'success', result: 1 });
    expect(await api.storage(id)).toMatchObject({ expireDate: expected, state: 'active', pendingOrderId: null });
    expect((await api.orders())[0]).toMatchObject({ orderId: order.orderId, status: 3, expireDate: expected, planName: '3年', months: 36, charge: 68 });
    expect(paymentsOf(app, 'storage', order.id)).toMatchObject([{ way: 1, state: 'paid', amount_fen: 6800 }]);
    expect(analysisStarted).not.toHaveBeenCalled();

    // No double charge: the paid order cannot be paid again.
    for (const payway of [1, 2]) {
      expect(await api.get(`${PAY}?${query({ payway, checkRecordId: order.id })}`)).toEqual({ statusCode: 4002, msg: '订单状态已变化', result: null });
    }
    // Buying again adds to the new end.
    const again = await api.submit(id, ONE_YEAR);
    await payInApp(app, api, PAY, again.id);
    expect((await api.storage(id)).expireDate).toBe(addMonths(expected, 12));
  });

  it('on the H5 page, which names what is paid; an ended storage restarts from today', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const id = study!.collectFilmId;
    await app.inject({ method: 'POST', url: `/sandbox/test/storage/expire?${query({ collectFilmId: id, days: -10 })}` });
    expect((await api.storage(id)).state).toBe('expired');
    const order = await api.submit(id, ONE_YEAR);

    const body = await api.get(`${PAY}?${query({ payway: 2, checkRecordId: order.id })}`);
    expect(Object.keys(body.result)).toEqual(['h5_url', 'record_no']);
    const url = new URL(body.result.h5_url);
    expect(url.searchParams.get('redirect_url')).toBe(`${PUBLIC_ORIGIN}/storeOrder`);
    const page = await app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`影像存储 1年 · ${study!.studyDescription}`);
    expect(page.body).toContain('¥30.00');
    expect(page.body).toContain(order.orderId);

    const analysisStarted = vi.spyOn(app.sandbox.aiAnalysis, 'started');
    const paid = await postH5(app, body.result.h5_url, { action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(analysisStarted).not.toHaveBeenCalled();
    expect(paid.headers.location).toBe(`${PUBLIC_ORIGIN}/storeOrder`);
    expect(await api.storage(id)).toMatchObject({ expireDate: addMonths(today(), 12), state: 'active' });
    expect((await api.get(`${PAY_RESULT}?checkRecordId=${order.id}`)).result).toBe(1);
    // The page now says the payment has ended, and a second post changes nothing.
    expect((await app.inject({ url: url.pathname + url.search })).body).not.toContain('<form');
    await postH5(app, body.result.h5_url, { action: 'pay' });
    expect(paymentsOf(app, 'storage', order.id).map((p) => p.state)).toEqual(['paid']);
    expect((await api.storage(id)).expireDate).toBe(addMonths(today(), 12));
  });

  it('on the H5 page reached without a return address, goes back to the storage orders', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const order = await api.submit(study!.collectFilmId, ONE_YEAR);
    const { h5_url } = (await api.get(`${PAY}?${query({ payway: 2, checkRecordId: order.id })}`)).result;
    expect(new URL(h5_url).searchParams.get('redirect_url')).toBe(`${PUBLIC_ORIGIN}/storeOrder`);
    const page = await app.inject({ url: h5PagePath(h5_url) });
    expect(page.statusCode).toBe(200);
    const paid = await postH5(app, h5_url, { action: 'pay' });
    expect(paid.headers.location).toBe(`${PUBLIC_ORIGIN}/storeOrder`);
  });

  it('refuses a payment that arrives after the order was replaced or cancelled, and keeps one payment under way', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const id = study!.collectFilmId;
    const before = (await api.storage(id)).expireDate;
    const order = await api.submit(id, ONE_YEAR);
    const inApp = (await api.get(`${PAY}?${query({ payway: 1, checkRecordId: order.id })}`)).result;
    const inAppAgain = (await api.get(`${PAY}?${query({ payway: 1, checkRecordId: order.id })}`)).result;
    expect(inAppAgain.package).toBe(inApp.package);
    const h5 = (await api.get(`${PAY}?${query({ payway: 2, checkRecordId: order.id })}`)).result;
    expect(paymentsOf(app, 'storage', order.id).map((p) => p.state)).toEqual(['cancelled', 'pending']);
    // The replaced in-app payment settles as cancelled, never paid.
    expect((await postWxPay(app, prepayIdOf(inApp.package), { outcome: 'ok' })).json()).toEqual({ err_msg: 'get_brand_wcpay_request:cancel' });

    expect(await api.post(CANCEL, { orderId: order.orderId })).toEqual({ statusCode: 200, msg: '操作成功', result: null });
    expect(paymentsOf(app, 'storage', order.id).map((p) => p.state)).toEqual(['cancelled', 'cancelled']);
    await postH5(app, h5.h5_url, { action: 'pay' });
    expect(paymentsOf(app, 'storage', order.id).map((p) => p.state)).toEqual(['cancelled', 'cancelled']);
    // Not paid: the payment under way was cancelled with its order.
    expect((await api.get(`${PAY_RESULT}?checkRecordId=${order.id}`)).result).toBe(-1);
    expect((await api.storage(id)).expireDate).toBe(before);
    expect((await api.orders())[0]!.status).toBe(5);
  });

  it('settles a payment whose order was closed meanwhile as failed: the money is refused', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const order = await api.submit(study!.collectFilmId, ONE_YEAR);
    const { h5_url } = (await api.get(`${PAY}?${query({ payway: 2, checkRecordId: order.id })}`)).result;
    // Closed behind the payment's back (the pending payment stays, as if the close raced it).
    app.sandbox.db.prepare('UPDATE storage_orders SET status = 5 WHERE id = ?').run(order.id);
    await postH5(app, h5_url, { action: 'pay' });
    expect(paymentsOf(app, 'storage', order.id).map((p) => p.state)).toEqual(['failed']);
    // Not paid, and the patient is told the payment failed (no "being confirmed").
    expect((await api.get(`${PAY_RESULT}?checkRecordId=${order.id}`)).result).toBe(-2);
  });

  it('answers 404 for another patient’s order or an unknown one, 400 for bad input', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const [study] = await api.studies();
    const order = await api.submit(study!.collectFilmId, ONE_YEAR);
    const other = await client(app, 'patient2');
    expect(await other.get(`${PAY}?${query({ payway: 1, checkRecordId: order.id })}`)).toEqual({ statusCode: 404, msg: 'order not found', result: null });
    expect(await other.get(`${PAY_RESULT}?checkRecordId=${order.id}`)).toEqual({ statusCode: 404, message: 'order not found', result: null });
    expect(await api.get(`${PAY}?${query({ payway: 3, checkRecordId: order.id })}`)).toMatchObject({ statusCode: 400 });
    expect(await api.get(`${PAY}?${query({ payway: 2, checkRecordId: order.id, returnUrl: 'https://evil.example/' })}`)).toMatchObject({ statusCode: 400 });
    expect(paymentsOf(app, 'storage', order.id)).toEqual([]);
  });
});

describe('V1.0/Image/StorageOrderList and CancelOrder', () => {
  it('lists newest first by tab, in pages, and cancels only an order to be paid', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await client(app);
    const studies = await api.studies();
    const paid = await api.submit(studies[0]!.collectFilmId, ONE_YEAR);
    await payInApp(app, api, PAY, paid.id);
    const cancelled = await api.submit(studies[1]!.collectFilmId, ONE_YEAR);
    // By query, as older calls send it.
    expect(await api.post(`${CANCEL}?orderId=${cancelled.orderId}`)).toEqual({ statusCode: 200, msg: '操作成功', result: null });
    const open = await api.submit(studies[2]!.collectFilmId, THREE_YEARS);

    const all = await api.orders();
    expect(all.map((row) => [row.orderId, row.status])).toEqual([
      [open.orderId, 2],
      [cancelled.orderId, 5],
      [paid.orderId, 3],
    ]);
    expect(all[0]).toMatchObject({
      id: open.id,
      collectFilmId: String(studies[2]!.collectFilmId),
      studyDescription: studies[2]!.studyDescription,
      planName: '3年',
      months: 36,
      charge: 68,
      expireDate: null,
    });
    expect(all[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await api.orders(2)).map((row) => row.orderId)).toEqual([open.orderId]);
    expect((await api.orders(3)).map((row) => row.orderId)).toEqual([paid.orderId]);
    expect((await api.orders(5)).map((row) => row.orderId)).toEqual([cancelled.orderId]);

    const page = async (pageIndex: number) => (await api.get(`${ORDER_LIST}?${query({ status: -1, pageIndex, pageLength: 2 })}`)).result;
    expect((await page(1)).rows.map((row: { orderId: string }) => row.orderId)).toEqual([open.orderId, cancelled.orderId]);
    expect(await page(2)).toMatchObject({ rows: [{ orderId: paid.orderId }], totals: 3 });
    expect((await page(3)).rows).toEqual([]);
    expect(await api.get(`${ORDER_LIST}?status=1`)).toMatchObject({ statusCode: 400, message: expect.stringContaining('status'), result: null });
    expect((await api.get(ORDER_LIST)).result.totals).toBe(3);

    for (const orderId of [paid.orderId, cancelled.orderId]) {
      expect(await api.post(CANCEL, { orderId })).toEqual({ statusCode: 4404, msg: '订单状态已变化，无法取消', result: null });
    }
    const other = await client(app, 'patient2');
    expect(await other.post(CANCEL, { orderId: open.orderId })).toEqual({ statusCode: 4405, msg: '订单不存在', result: null });
    expect(await other.orders()).toEqual([]);
    expect(await api.post(CANCEL, { orderId: 'ST20990101000001' })).toMatchObject({ statusCode: 4405 });
    expect(await api.post(CANCEL, {})).toMatchObject({ statusCode: 400 });
    expect((await api.orders(2)).map((row) => row.orderId)).toEqual([open.orderId]);
  });
});
