// @vitest-environment node
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_CANCEL_ORDER, AI_PAY_PARAMS, AI_PAY_RESULT, PUBLIC_ORIGIN, startSandbox, TEST_MODE } from './helpers';
import { finishAnalysis, patientApi, query } from './patientApi';
import type { OrderRow, PatientApi } from './patientApi';
import { h5PagePath, payInApp, paymentsOf, postH5, postWxPay, prepayIdOf } from './sandboxPayment';
import { patientGrant } from '../../server/signedUrls';
import { h5PayScope, H5_PAY_PATH } from '../../server/sandboxUrls';

/** The sandbox's documented demo constants (server/wechat.ts), written out so a change shows here. */
const APP_ID = 'wx5a9c1d0e7b3f2468';
const PAY_KEY = 'sandbox_pay_key_cloud_film_DEMO001';
const RETURN_URL = `${PUBLIC_ORIGIN}/aiOrder?from=pay`;

afterEach(() => void vi.useRealTimers());

async function toBePaid(api: PatientApi, item = '肺结节AI分析'): Promise<OrderRow> {
  const order = (await api.orders()).find((row) => row.status === 2 && row.item === item);
  if (!order) throw new Error(`no ${item} order to be paid`);
  return order;
}

function payParams(api: PatientApi, order: OrderRow, payway: number, extra: Record<string, string> = {}) {
  return api.get(`${AI_PAY_PARAMS}?${query({ payway, checkRecordId: order.id, ...extra })}`);
}

async function payResult(api: PatientApi, order: OrderRow): Promise<number> {
  const body = await api.get(`${AI_PAY_RESULT}?checkRecordId=${order.id}`);
  expect(body.statusCode).toBe(200);
  return body.result;
}

describe('GetWxPayParms, pay way 1 (WeChat in-app)', () => {
  it('answers the JSAPI pay parameters, signed as documented', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const before = Math.floor(Date.now() / 1000);
    const body = await payParams(api, order, 1);
    expect(body.statusCode).toBe(200);
    const { result } = body;
    expect(Object.keys(result)).toEqual(['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign']);
    expect(result.appId).toBe(APP_ID);
    expect(result.timeStamp).toMatch(/^\d{10}$/);
    expect(Number(result.timeStamp)).toBeGreaterThanOrEqual(before);
    expect(result.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    prepayIdOf(result.package);
    expect(result.signType).toBe('RSA');
    const message = `${result.appId}\n${result.timeStamp}\n${result.nonceStr}\n${result.package}\n`;
    expect(result.paySign).toBe(createHmac('sha256', PAY_KEY).update(message).digest('base64'));

    const [payment] = paymentsOf(app, 'ai', order.id);
    expect(payment).toMatchObject({ prepay_id: prepayIdOf(result.package), way: 1, amount_fen: 1250, state: 'pending', settled_at: null });
  });

  it('gives a second call the same pending payment, newly signed', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const first = (await payParams(api, order, 1)).result;
    const second = (await payParams(api, order, 1)).result;
    expect(second.package).toBe(first.package);
    expect(second.nonceStr).not.toBe(first.nonceStr);
    expect(paymentsOf(app, 'ai', order.id)).toHaveLength(1);
  });
});

describe('GetWxPayParms, pay way 2 (H5)', () => {
  it('answers the H5 page URL, with the return URL, and the record number', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const body = await payParams(api, order, 2, { returnUrl: RETURN_URL });
    expect(body.statusCode).toBe(200);
    expect(Object.keys(body.result)).toEqual(['h5_url', 'record_no']);
    const { h5_url, record_no } = body.result;
    expect(record_no).toMatch(/^CF\d{23}$/);
    const url = new URL(h5_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_ORIGIN}${H5_PAY_PATH}/${record_no}`);
    expect(url.searchParams.get('redirect_url')).toBe(RETURN_URL);
    expect(paymentsOf(app, 'ai', order.id)).toEqual([
      { record_no, prepay_id: null, way: 2, amount_fen: 1250, state: 'pending', settled_at: null },
    ]);
  });

  it('gives a second call the same pending record', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const first = (await payParams(api, order, 2, { returnUrl: RETURN_URL })).result;
    const second = (await payParams(api, order, 2, { returnUrl: `${PUBLIC_ORIGIN}/aiOrder` })).result;
    expect(second.record_no).toBe(first.record_no);
    expect(new URL(second.h5_url).searchParams.get('redirect_url')).toBe(`${PUBLIC_ORIGIN}/aiOrder`);
    expect(paymentsOf(app, 'ai', order.id)).toHaveLength(1);
  });

  it('returns to /aiOrder without a returnUrl, and resolves a relative one on the app origin', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const redirect = async (extra: Record<string, string>) =>
      new URL((await payParams(api, order, 2, extra)).result.h5_url).searchParams.get('redirect_url');
    expect(await redirect({})).toBe(`${PUBLIC_ORIGIN}/aiOrder`);
    expect(await redirect({ returnUrl: '/aiOrder?tab=2' })).toBe(`${PUBLIC_ORIGIN}/aiOrder?tab=2`);
  });

  it.each(['https://evil.example/aiOrder', '//evil.example/aiOrder', 'http://127.0.0.1:18081/aiOrder', 'javascript:alert(1)'])(
    'refuses the return URL %s with statusCode 400, making no payment',
    async (returnUrl) => {
      const app = await startSandbox({ env: TEST_MODE });
      const api = await patientApi(app);
      const order = await toBePaid(api);
      expect(await payParams(api, order, 2, { returnUrl })).toMatchObject({ statusCode: 400, message: expect.stringContaining('returnUrl'), result: null });
      expect(paymentsOf(app, 'ai', order.id)).toEqual([]);
    },
  );

  it('replaces a pending payment of the other pay way, so one payment at most is under way', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const inApp = (await payParams(api, order, 1)).result;
    const h5 = (await payParams(api, order, 2)).result;
    expect(paymentsOf(app, 'ai', order.id).map((p) => [p.way, p.state])).toEqual([
      [1, 'cancelled'],
      [2, 'pending'],
    ]);
    const late = await postWxPay(app, prepayIdOf(inApp.package), { outcome: 'ok' });
    expect(late.json()).toEqual({ err_msg: 'get_brand_wcpay_request:cancel' });
    expect((await api.order(order.orderId)).status).toBe(2);
    expect(paymentsOf(app, 'ai', order.id).find((p) => p.record_no === h5.record_no)?.state).toBe('pending');
  });
});

describe('GetWxPayParms refusals', () => {
  it.each([3, 4, 5, 1, 0])('answers 4002 for an order in status %s', async (status) => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = (await api.orders()).find((row) => row.status === status)!;
    for (const payway of [1, 2]) {
      expect(await payParams(api, order, payway)).toEqual({ statusCode: 4002, msg: '订单状态已变化', result: null });
    }
    expect(paymentsOf(app, 'ai', order.id).filter((p) => p.state === 'pending')).toEqual([]);
  });

  it('answers 4002 once the order is cancelled, and cancelling cancels the pending payment', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const { h5_url } = (await payParams(api, order, 2)).result;
    expect((await api.post(`${AI_CANCEL_ORDER}?${query({ orderId: order.orderId })}`)).statusCode).toBe(200);
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe('cancelled');
    expect(await payParams(api, order, 2)).toEqual({ statusCode: 4002, msg: '订单状态已变化', result: null });

    const paid = await postH5(app, h5_url, { action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paymentsOf(app, 'ai', order.id).map((p) => p.state)).toEqual(['cancelled']);
    expect((await api.order(order.orderId)).status).toBe(5);
    // The payment under way was cancelled with its order: the pay result says so (PAY_RESULT.cancelled).
    expect(await payResult(api, order)).toBe(-1);
  });

  it.each([
    ['payway=3&checkRecordId=1', 'payway'],
    ['checkRecordId=1', 'payway'],
    ['payway=1', 'checkRecordId'],
    ['payway=1&checkRecordId=abc', 'checkRecordId'],
    ['payway=1&checkRecordId=0', 'checkRecordId'],
  ])('rejects %s with statusCode 400', async (search, field) => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    expect(await api.get(`${AI_PAY_PARAMS}?${search}`)).toEqual({ statusCode: 400, message: expect.stringContaining(field), result: null });
  });

  it('answers 404 for an unknown order', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    expect(await api.get(`${AI_PAY_PARAMS}?payway=1&checkRecordId=999999`)).toEqual({ statusCode: 404, msg: 'order not found', result: null });
    expect(await api.get(`${AI_PAY_RESULT}?checkRecordId=999999`)).toEqual({ statusCode: 404, message: 'order not found', result: null });
  });
});

/** The patient a payment is for. */
function payerOf(app: FastifyInstance, recordNo: string): number {
  return app.sandbox.db.prepare<[string], { id: number }>('SELECT patient_id AS id FROM payments WHERE record_no = ?').get(recordNo)!.id;
}

describe('the H5 pay page', () => {
  async function h5Payment(app: FastifyInstance) {
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const { h5_url, record_no } = (await payParams(api, order, 2, { returnUrl: RETURN_URL })).result;
    return { api, order, h5_url: h5_url as string, record_no: record_no as string };
  }

  it('shows the item, the amount in yuan and the three buttons, styled by a file, under a strict CSP', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const { order, h5_url, record_no } = await h5Payment(app);
    const page = await app.inject({ url: h5PagePath(h5_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');

    const html = page.body;
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('¥12.50');
    expect(html).toContain(order.item);
    expect(html).toContain(order.orderId);
    // The form posts to the page's own signed address, whose return address cannot be changed.
    expect(html).toContain(`action="${h5PagePath(h5_url).replaceAll('&', '&amp;')}"`);
    expect(h5PagePath(h5_url)).toMatch(new RegExp(`^${H5_PAY_PATH}/${record_no}\\?`));
    for (const [action, zh, en] of [
      ['pay', '支付', 'Pay'],
      ['cancel', '取消支付', 'Cancel payment'],
      ['fail', '模拟失败', 'Simulate a failure'],
    ]) {
      expect(html).toMatch(new RegExp(`<button type="submit" name="action" value="${action}"[^>]*>${zh}<span class="en" lang="en">${en}</span></button>`));
    }
    expect(html).not.toMatch(/<style|style=|<script/);

    const css = await app.inject({ url: '/sandbox/assets/sandbox-pages.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.amount');
  });

  it.each([
    ['pay', 'paid', 1, 1],
    ['cancel', 'cancelled', 2, -1],
    ['fail', 'failed', 2, -2],
  ])('%s settles the payment once (%s) and redirects 303 to the return URL', async (action, state, orderStatus, result) => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    const { api, order, h5_url } = await h5Payment(app);
    expect(await payResult(api, order)).toBe(0);

    const response = await postH5(app, h5_url, { action });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(RETURN_URL);
    const [payment] = paymentsOf(app, 'ai', order.id);
    expect(payment).toMatchObject({ state, settled_at: expect.any(String) });
    expect((await api.order(order.orderId)).status).toBe(orderStatus);
    expect(await payResult(api, order)).toBe(result);

    for (const again of ['pay', 'cancel', 'fail']) {
      const second = await postH5(app, h5_url, { action: again });
      expect(second.statusCode).toBe(303);
      expect(second.headers.location).toBe(RETURN_URL);
    }
    expect(paymentsOf(app, 'ai', order.id)).toEqual([payment]);
    expect((await api.order(order.orderId)).status).toBe(orderStatus);

    const page = await app.inject({ url: h5PagePath(h5_url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<form');
    expect(page.body).toContain(`href="${RETURN_URL}"`);
  });

  it('lets the patient pay again after a cancelled or failed attempt, with a new record', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const { api, order, record_no, h5_url } = await h5Payment(app);
    await postH5(app, h5_url, { action: 'fail' });
    expect(await payResult(api, order)).toBe(-2);
    const next = (await payParams(api, order, 2)).result;
    expect(next.record_no).not.toBe(record_no);
    // A new attempt under way: nothing heard of it yet, whatever the last one ended as.
    expect(await payResult(api, order)).toBe(0);
    await postH5(app, next.h5_url, { action: 'pay' });
    expect(paymentsOf(app, 'ai', order.id).map((p) => p.state)).toEqual(['failed', 'paid']);
    expect(await payResult(api, order)).toBe(1);
  });

  it.each(['https://evil.example/aiOrder', '//evil.example/x', 'javascript:alert(1)'])('refuses to send the patient back to %s', async (redirectUrl) => {
    const app = await startSandbox({ env: TEST_MODE });
    const { api, order, h5_url } = await h5Payment(app);
    // The pay call gives no page for it ...
    expect((await payParams(api, order, 2, { returnUrl: redirectUrl })).statusCode).toBe(400);
    // ... and the page's signed address cannot be changed to name it.
    const altered = new URL(h5_url);
    altered.searchParams.set('redirect_url', redirectUrl);
    const page = await app.inject({ url: h5PagePath(altered.href) });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await postH5(app, altered.href, { action: 'pay' });
    expect(post.statusCode).toBe(403);
    expect(post.headers.location).toBeUndefined();
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe('pending');
  });

  it('opens only by the address signed for the paying patient, for minutes: not by the payment number, not for another patient', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const { order, record_no, h5_url } = await h5Payment(app);
    const unsigned = `${H5_PAY_PATH}/${record_no}`;
    expect((await app.inject({ url: unsigned })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: unsigned, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' })).statusCode).toBe(403);
    // The same address signed for another patient names a payment that is not theirs.
    const payer = payerOf(app, record_no);
    const forOther = app.sandbox.signer.sign(h5PagePath(h5_url), h5PayScope(record_no), patientGrant(payer + 1));
    expect((await app.inject({ url: forOther })).statusCode).toBe(404);
    // Twenty minutes later the link is dead.
    const later = app.sandbox.signer.verify(h5PagePath(h5_url), h5PayScope(record_no), new Date(Date.now() + 20 * 60_000));
    expect(later).toBeNull();
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe('pending');
  });

  it('answers 404 for an in-app payment, and 400 for an unknown action', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const { api, order, h5_url } = await h5Payment(app);
    expect((await postH5(app, h5_url, { action: 'refund' })).statusCode).toBe(400);
    expect((await postH5(app, h5_url, { action: 'toString' })).statusCode).toBe(400);
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe('pending');

    const other = (await api.orders()).find((row) => row.status === 2 && row.id !== order.id)!;
    await payParams(api, other, 1);
    const inApp = paymentsOf(app, 'ai', other.id)[0]!;
    const signedInApp = app.sandbox.signer.sign(`${H5_PAY_PATH}/${inApp.record_no}?redirect_url=${encodeURIComponent(RETURN_URL)}`, h5PayScope(inApp.record_no), patientGrant(payerOf(app, inApp.record_no)));
    expect((await app.inject({ url: signedInApp })).statusCode).toBe(404);
  });
});

describe('the WeChat in-app pay emulation', () => {
  async function inAppPayment(app: FastifyInstance) {
    const api = await patientApi(app);
    const order = await toBePaid(api);
    const { package: pkg } = (await payParams(api, order, 1)).result;
    return { api, order, prepayId: prepayIdOf(pkg) };
  }

  it.each([
    ['ok', 'paid', 1, 1],
    ['cancel', 'cancelled', 2, -1],
    ['fail', 'failed', 2, -2],
  ])('%s settles the payment once (%s), answering what WeChat reports', async (outcome, state, orderStatus, result) => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    const { api, order, prepayId } = await inAppPayment(app);
    expect(await payResult(api, order)).toBe(0);

    const response = await postWxPay(app, prepayId, { outcome });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ err_msg: `get_brand_wcpay_request:${outcome}` });
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe(state);
    expect((await api.order(order.orderId)).status).toBe(orderStatus);
    expect(await payResult(api, order)).toBe(result);

    const other = outcome === 'ok' ? 'fail' : 'ok';
    expect((await postWxPay(app, prepayId, { outcome: other })).json()).toEqual({ err_msg: `get_brand_wcpay_request:${outcome}` });
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe(state);
    expect(await payResult(api, order)).toBe(result);
  });

  it('answers 404 for an unknown prepay id and 400 for a bad body', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const { order, prepayId } = await inAppPayment(app);
    expect((await postWxPay(app, 'wx20261122000000aaaaaaaaaaaaaaaaaaaa', { outcome: 'ok' })).statusCode).toBe(404);
    for (const body of [{}, { outcome: 'maybe' }, ['ok']]) expect((await postWxPay(app, prepayId, body)).statusCode).toBe(400);
    expect(paymentsOf(app, 'ai', order.id)[0]?.state).toBe('pending');
  });
});

describe('the analysis after payment', () => {
  async function paidOrder(app: FastifyInstance) {
    const api = await patientApi(app);
    const order = await toBePaid(api);
    await payInApp(app, api, AI_PAY_PARAMS, order.id);
    return { api, order };
  }

  it('stays analysing with CF_AI_ANALYSIS_MS=off until the test hook ends it', async () => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, order } = await paidOrder(app);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect((await api.order(order.orderId)).status).toBe(1);

    const response = await finishAnalysis(app, { orderId: order.orderId, outcome: 'failed' });
    expect(response.json()).toEqual({ statusCode: 200, message: 'success', result: { orderId: order.orderId, status: 4 } });
    expect((await api.order(order.orderId)).status).toBe(4);
    expect(await payResult(api, order)).toBe(1);
    expect((await finishAnalysis(app, { orderId: order.orderId, outcome: 'succeeded' })).statusCode).toBe(409);
  });

  it('ends as succeeded, with its result, when the hook says so', async () => {
    const app = await startSandbox({ env: { ...TEST_MODE, CF_AI_ANALYSIS_MS: 'off' } });
    const { api, order } = await paidOrder(app);
    expect((await finishAnalysis(app, { orderId: order.orderId, outcome: 'succeeded' })).json().result.status).toBe(3);
    expect((await api.get(`/api/V1.0/AI/GetSJAiCheckResult?orderId=${order.orderId}`)).result).toEqual({
      status: 3,
      checkWay: 2,
      resultUrl: null,
      summary: expect.stringContaining('结节'),
      findingCount: 1,
      failureReason: null,
    });
  });

  it('ends a free queued order too, and refuses orders that are not queued or analysing', async () => {
    const app = await startSandbox({ env: TEST_MODE });
    const api = await patientApi(app);
    const orders = await api.orders();
    const queued = orders.find((row) => row.status === 0)!;
    expect((await finishAnalysis(app, { orderId: queued.orderId })).json().result.status).toBe(3);
    const unpaid = orders.find((row) => row.status === 2)!;
    expect((await finishAnalysis(app, { orderId: unpaid.orderId })).statusCode).toBe(409);
    expect((await finishAnalysis(app, { orderId: 'AI20990101999999' })).statusCode).toBe(404);
    expect((await finishAnalysis(app, { orderId: unpaid.orderId, outcome: 'maybe' })).statusCode).toBe(400);
    expect((await finishAnalysis(app, {})).statusCode).toBe(400);
  });

  it.each([
    [{}, 30_000, 3],
    [{ CF_AI_ANALYSIS_MS: '45000', CF_AI_ANALYSIS_OUTCOME: 'failed' }, 45_000, 4],
  ])('ends by itself after CF_AI_ANALYSIS_MS (30 s unset), as CF_AI_ANALYSIS_OUTCOME says (%j)', async (env, delayMs, status) => {
    const app = await startSandbox({ env: { ...TEST_MODE, ...env } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, order } = await paidOrder(app);
    await vi.advanceTimersByTimeAsync(delayMs - 1);
    expect((await api.order(order.orderId)).status).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await api.order(order.orderId)).status).toBe(status);
  });

  it.each([{ CF_AI_ANALYSIS_MS: 'soon' }, { CF_AI_ANALYSIS_MS: '-5' }, { CF_AI_ANALYSIS_OUTCOME: 'random' }])(
    'refuses to start with %j',
    async (env) => {
      await expect(startSandbox({ env })).rejects.toThrow(/CF_AI_ANALYSIS/);
    },
  );
});
