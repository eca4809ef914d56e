import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_PAYMENT_KEY } from '../../src/features/payment/pendingPayment';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, payRequests, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

const cards = () => screen.getAllByTestId('order-card');
const toBePaid = () => cards().find((c) => c.dataset.status === '2')!;
const payResult = (value: number) => server.use(http.get(`${API_BASE}V1.0/AI/WxPayResultNotify`, () => HttpResponse.json(envelope(value))));

function stubBridge(errMsg: string) {
  const invoke = vi.fn((_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) => callback({ err_msg: errMsg }));
  vi.stubGlobal('WeixinJSBridge', { invoke });
  return invoke;
}

describe('paying for an AI order', () => {
  it('outside WeChat: one pay request with pay way 2, the H5 page opens and the payment is remembered', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    renderApp('/aiOrder?tab=toBePaid');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const pay = within(toBePaid()).getByTestId('action-pay');
    await userEvent.click(pay);
    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/h5pay/R1?redirect_url=x'));
    expect(payRequests).toHaveLength(1);
    expect(payRequests[0]).toMatchObject({ payway: '2', returnUrl: 'http://localhost/aiOrder?tab=toBePaid' });
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)!).purchase).toMatchObject({ kind: 'aiOrder', orderId: expect.stringMatching(/^AI/) });
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['another origin', 'https://evil.example/sandbox/h5pay/R1'],
  ])('an H5 pay page at %s is not followed: the answer is one the app cannot take', async (_, h5Url) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    server.use(http.get(`${API_BASE}V1.0/AI/GetWxPayParms`, () => HttpResponse.json(envelope({ h5_url: h5Url, record_no: 'R1' }))));
    renderApp('/aiOrder?tab=toBePaid');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    await userEvent.click(within(toBePaid()).getByTestId('action-pay'));
    expect(await screen.findByTestId('error-page')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('back from the H5 page: "is payment complete?", paid, the server says paid, the list refreshes', async () => {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ v: 2, purchase: { kind: 'aiOrder', checkRecordId: 5002, orderId: 'AI202611200000002', amount: 39.9, status: 2 }, savedAt: Date.now() }));
    payResult(1);
    let listCalls = 0;
    server.events.on('request:start', ({ request }) => void (request.url.includes('OrderList') && listCalls++));
    renderApp('/aiOrder');
    const dialog = await screen.findByTestId('h5-dialog');
    expect(dialog).toHaveTextContent('Is payment complete?');
    // Two honest answers: focus is on the question, not on "not paid" (nor on "paid").
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Paid' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Payment succeeded');
    await waitFor(() => expect(listCalls).toBe(2));
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    server.events.removeAllListeners();
  });

  it('back from the H5 page: not paid, the server agrees: "you cancelled the payment", logged', async () => {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ v: 2, purchase: { kind: 'aiOrder', checkRecordId: 5002, orderId: 'AI2', amount: 39.9, status: 2 }, savedAt: Date.now() }));
    const app = renderApp('/aiOrder');
    await userEvent.click(within(await screen.findByTestId('h5-dialog')).getByRole('button', { name: 'Not paid' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You cancelled the payment');
    expect(productEvents(app)).toMatchObject([{ name: 'payment_cancelled', orderId: 'AI2', checkRecordId: 5002 }]);
    // The audit trail holds each step, who took it and what the server said.
    expect(auditTrail(app)).toEqual([
      { event: 'RESUME_H5', from: 'idle', to: 'askingH5Result', statusCode: null, result: null },
      { event: 'H5_NOT_PAID', from: 'askingH5Result', to: 'querying', statusCode: null, result: null },
      { event: 'xstate.done.actor.queryPayResult', from: 'querying', to: 'idle', statusCode: 200, result: 0 },
    ]);
    expect(app.services.analytics.records().every((r) => r.userId === 'patient2' && r.orderId === 'AI2' && r.checkRecordId === 5002)).toBe(true);
  });

  it('a stale or corrupted remembered payment is not resumed', async () => {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, '{"v":2,"purchase":{"checkRecordId":"x"}}');
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.queryByTestId('h5-dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it.each([
    ['get_brand_wcpay_request:ok', 1, 'Payment succeeded', []],
    ['get_brand_wcpay_request:cancel', 0, 'You cancelled the payment', ['payment_cancelled']],
    ['get_brand_wcpay_request:fail', 0, 'Payment failed', ['payment_failed']],
    ['get_brand_wcpay_request:cancel', 1, 'Payment succeeded', []],
  ])('inside WeChat: WeChat says %s, the server says %i: "%s"', async (errMsg, result, message, logged) => {
    const invoke = stubBridge(errMsg);
    payResult(result);
    const app = renderApp('/aiOrder?tab=toBePaid', { payWay: 1 });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    await userEvent.click(within(toBePaid()).getByTestId('action-pay'));
    expect(await screen.findByTestId('toast')).toHaveTextContent(message);
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', expect.objectContaining({ package: 'prepay_id=wx1', signType: 'RSA' }), expect.any(Function));
    expect(payRequests[0]).toMatchObject({ payway: '1' });
    expect(productEvents(app).map((e) => e.name)).toEqual(logged);
    expect(auditTrail(app).map((r) => r.event)).toEqual([
      'PAY',
      'xstate.done.actor.getPayParams',
      'xstate.done.actor.payInApp',
      'xstate.done.actor.queryPayResult',
    ]);
  });
});

type RenderedApp = ReturnType<typeof renderApp>;
const productEvents = (app: RenderedApp) => app.services.analytics.records().flatMap((r) => (r.kind === 'event' ? [r] : []));
const auditTrail = (app: RenderedApp) =>
  app.services.analytics.records().flatMap((r) => (r.kind === 'audit' ? [{ event: r.event, from: r.from, to: r.to, statusCode: r.statusCode, result: r.result }] : []));
