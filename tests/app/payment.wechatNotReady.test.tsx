/**
 * Issue 24 §12: inside WeChat, payment never falls back to the H5 page (WeChat cannot start H5
 * pay). Before the JS-SDK is ready the pay button waits for it ("Preparing WeChat Pay…") and goes
 * on by itself; if it failed, the patient reads that WeChat Pay is not ready, with "Try again",
 * which configures the SDK anew and then pays in WeChat. The WeChat port is a stand-in the test
 * settles; the API is MSW's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayWayNow } from '../../machines/payment/payment.types';
import { PENDING_PAYMENT_KEY } from '../../src/features/payment/pendingPayment';
import type { Locale } from '../../src/shared/i18n/locale';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, payRequests, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const cards = () => screen.getAllByTestId('order-card');
const toBePaid = () => cards().find((c) => c.dataset.status === '2')!;

/** WeChat as the port sees it: how to pay now, and each wait for WeChat pay, settled by the test. */
function weChat(initially: PayWayNow) {
  let payWay = initially;
  const waits: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const retry = vi.fn();
  return {
    options: {
      payWay: () => payWay,
      wechat: {
        whenPayReady: () => new Promise<void>((resolve, reject) => waits.push({ resolve, reject })),
        retry,
      },
    },
    retry,
    waits: () => waits.length,
    /** The SDK became ready: the pending wait resolves, and later taps pay in WeChat at once. */
    ready() {
      payWay = 1;
      waits.shift()!.resolve();
    },
    failed() {
      waits.shift()!.reject(new Error('wechat: WeChat pay is not ready'));
    },
  };
}

let assign: ReturnType<typeof vi.fn>;
let bridge: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
  bridge = vi.fn((_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) => callback({ err_msg: 'get_brand_wcpay_request:ok' }));
  vi.stubGlobal('WeixinJSBridge', { invoke: bridge });
  server.use(http.get(`${API_BASE}V1.0/AI/WxPayResultNotify`, () => HttpResponse.json(envelope(1))));
});
afterEach(() => vi.unstubAllGlobals());

async function openOrders(wechat: ReturnType<typeof weChat>, locale: Locale = 'en') {
  const app = renderApp('/aiOrder?tab=toBePaid', { ...wechat.options, locale });
  await waitFor(() => expect(cards().length).toBeGreaterThan(0));
  return app;
}

const tapPay = () => userEvent.click(within(toBePaid()).getByTestId('action-pay'));

/** Nothing that could charge or leave for the H5 page happened. */
function expectNothingAskedOrOpened() {
  expect(payRequests).toEqual([]);
  expect(assign).not.toHaveBeenCalled();
  expect(bridge).not.toHaveBeenCalled();
  expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
}

describe('inside WeChat, before WeChat pay is ready', () => {
  it('the pay button waits for the SDK, saying so, asks nothing, and pays in WeChat by itself once it is ready', async () => {
    const wechat = weChat('wechatNotReady');
    await openOrders(wechat);
    await tapPay();
    expect(await screen.findByTestId('busy')).toHaveTextContent('Preparing WeChat Pay…');
    expect(wechat.waits()).toBe(1);
    // A second tap while it waits starts nothing more.
    await userEvent.click(within(toBePaid()).getByTestId('action-pay'));
    expect(wechat.waits()).toBe(1);
    expectNothingAskedOrOpened();
    wechat.ready();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Payment succeeded');
    expect(payRequests).toHaveLength(1);
    expect(payRequests[0]).toMatchObject({ payway: '1' });
    expect(bridge).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(wechat.retry).not.toHaveBeenCalled();
  });

  it('the SDK failed: "WeChat Pay is not ready", nothing paid; "Try again" configures it anew and pays in WeChat, once', async () => {
    const wechat = weChat('wechatNotReady');
    const app = await openOrders(wechat);
    await tapPay();
    wechat.failed();
    const dialog = await screen.findByTestId('wechat-not-ready-dialog');
    expect(dialog).toHaveTextContent('WeChat Pay is not ready');
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent('Nothing has been paid. Check your network, then try again.');
    expect(screen.queryByTestId('busy')).not.toBeInTheDocument();
    expectNothingAskedOrOpened();
    expect(wechat.retry).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(wechat.retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('wechat-not-ready-dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('busy')).toHaveTextContent('Preparing WeChat Pay…');
    expectNothingAskedOrOpened();
    wechat.ready();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Payment succeeded');
    expect(payRequests).toEqual([expect.objectContaining({ payway: '1' })]);
    expect(bridge).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    // The auditor sees the tap made before WeChat pay was ready, the failure, the retry and the WeChat payment.
    expect(auditTrail(app)).toEqual([
      { event: 'PAY', from: 'idle', to: 'preparingWechat', result: { payWay: 'wechatNotReady' } },
      { event: 'xstate.error.actor.prepareWechatPay', from: 'preparingWechat', to: 'wechatNotReady', result: expect.anything() },
      { event: 'RETRY_WECHAT', from: 'wechatNotReady', to: 'preparingWechat', result: null },
      { event: 'xstate.done.actor.prepareWechatPay', from: 'preparingWechat', to: 'requestingParams', result: null },
      { event: 'xstate.done.actor.getPayParams', from: 'requestingParams', to: 'payingInApp', result: expect.objectContaining({ way: 1 }) },
      { event: 'xstate.done.actor.payInApp', from: 'payingInApp', to: 'querying', result: { wechat: 'ok' } },
      { event: 'xstate.done.actor.queryPayResult', from: 'querying', to: 'idle', result: 1 },
    ]);
  });

  it('"Not now" closes it with nothing paid, and the order can be paid later', async () => {
    const wechat = weChat('wechatNotReady');
    await openOrders(wechat);
    await tapPay();
    wechat.failed();
    await userEvent.click(within(await screen.findByTestId('wechat-not-ready-dialog')).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('wechat-not-ready-dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('busy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expectNothingAskedOrOpened();
    await tapPay();
    expect(wechat.waits()).toBe(1);
    expect(await screen.findByTestId('busy')).toHaveTextContent('Preparing WeChat Pay…');
  });

  it('in Chinese too', async () => {
    const wechat = weChat('wechatNotReady');
    await openOrders(wechat, 'zh-CN');
    await tapPay();
    expect(await screen.findByTestId('busy')).toHaveTextContent('正在准备微信支付…');
    wechat.failed();
    const dialog = await screen.findByTestId('wechat-not-ready-dialog');
    expect(dialog).toHaveTextContent('微信支付尚未就绪');
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent('尚未扣款。请检查网络后重试。');
    expect(within(dialog).getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '暂不支付' })).toBeInTheDocument();
    expectNothingAskedOrOpened();
  });
});

describe('the pay way follows WeChat', () => {
  it('outside WeChat the H5 page, as before: nothing waits for WeChat', async () => {
    const wechat = weChat(2);
    await openOrders(wechat);
    await tapPay();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(payRequests).toEqual([expect.objectContaining({ payway: '2' })]);
    expect(wechat.waits()).toBe(0);
  });

  it('inside WeChat with the SDK ready, WeChat pay at once', async () => {
    const wechat = weChat(1);
    await openOrders(wechat);
    await tapPay();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Payment succeeded');
    expect(payRequests).toEqual([expect.objectContaining({ payway: '1' })]);
    expect(wechat.waits()).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });
});

type RenderedApp = ReturnType<typeof renderApp>;
const auditTrail = (app: RenderedApp) =>
  app.services.analytics.records().flatMap((r) => (r.kind === 'audit' && r.machine === 'payment' ? [{ event: r.event, from: r.from, to: r.to, result: r.result }] : []));
