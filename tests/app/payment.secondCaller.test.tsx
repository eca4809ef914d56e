/**
 * The payment feature has a second caller in a few lines: a screen that pays a "storage order"
 * runs the same purchase chart and payment feature, unchanged, with the Image pay calls.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../../machines/payment/payment.types';
import { PENDING_PAYMENT_KEY } from '../../src/features/payment/pendingPayment';
import { usePaymentFeature } from '../../src/features/payment/usePaymentFeature';
import { useMemo } from 'react';
import { usePurchase, type SaleEffects } from '../../src/shared/payment/usePurchase';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderWithServices } from './renderApp';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

const noop = () => {};
const storageOrder: Purchase = { kind: 'storageOrder', orderId: 'ST20261123000001', checkRecordId: 9001, amount: 30, status: 2 };

/** The whole second caller: a button and the pay dialogs; `onPaid` is the purchase chart's "order changed". */
function BuyStoragePlan({ onPaid }: { onPaid: () => void }) {
  const port = usePaymentFeature();
  const effects = useMemo<SaleEffects<string>>(() => ({ submitOrder: () => Promise.reject(new Error('not sold here')), orderChanged: onPaid, reload: noop }), [onPaid]);
  const purchase = usePurchase(port, effects);
  const { Dialogs } = port;
  return (
    <>
      <button type="button" disabled={purchase.isBusy} onClick={() => purchase.pay(storageOrder)}>
        Buy
      </button>
      <Dialogs purchase={purchase} />
    </>
  );
}

/** The Image pay calls, recorded; answers the test sets. */
function storageServer(answers: { payResult: number }) {
  const calls: Array<{ path: string; query: Record<string, string> }> = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname.replace('/api/', ''), query: Object.fromEntries(url.searchParams) });
  };
  server.use(
    http.get(`${API_BASE}V1.0/Image/pay`, ({ request }) => {
      record(request);
      const way = new URL(request.url).searchParams.get('payway');
      return HttpResponse.json(
        envelope(
          way === '1'
            ? { appId: 'wx1', timeStamp: 1, nonceStr: 'n', package: 'prepay_id=st1', signType: 'RSA', paySign: 's' }
            : { h5_url: 'http://localhost/sandbox/h5pay/ST1', record_no: 'ST1' },
        ),
      );
    }),
    http.get(`${API_BASE}V1.0/Image/WxPayResultNotify`, ({ request }) => {
      record(request);
      return HttpResponse.json(envelope(answers.payResult));
    }),
    http.get(`${API_BASE}V1.0/AI/*`, () => HttpResponse.json(envelope(null), { status: 500 })),
  );
  return calls;
}

describe('a storage order paid through the payment feature', () => {
  it('outside WeChat: one Image pay request with pay way 2 and the return address, the H5 page opens, the purchase is remembered', async () => {
    const calls = storageServer({ payResult: 0 });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    renderWithServices(<BuyStoragePlan onPaid={vi.fn()} />, { path: '/imageStore?plan=1' });
    const buy = screen.getByRole('button', { name: 'Buy' });
    await userEvent.click(buy);
    await userEvent.click(buy);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/h5pay/ST1'));
    expect(calls).toEqual([{ path: 'V1.0/Image/pay', query: { payway: '2', checkRecordId: '9001', returnUrl: 'http://localhost/imageStore?plan=1' } }]);
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)!).purchase).toEqual(storageOrder);
  });

  it('back from the H5 page: "paid", the Image pay result says 1: "Payment succeeded", and the caller hears of it', async () => {
    const calls = storageServer({ payResult: 1 });
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ v: 2, purchase: storageOrder, savedAt: Date.now() }));
    const onPaid = vi.fn();
    renderWithServices(<BuyStoragePlan onPaid={onPaid} />, { path: '/imageStore' });
    await userEvent.click(within(await screen.findByTestId('h5-dialog')).getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('Payment succeeded')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'V1.0/Image/WxPayResultNotify', query: { checkRecordId: '9001' } }]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('inside WeChat: WeChat pay, then the server is asked; "not paid" is logged with the storage order', async () => {
    const calls = storageServer({ payResult: 0 });
    vi.stubGlobal('WeixinJSBridge', {
      invoke: (_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) => callback({ err_msg: 'get_brand_wcpay_request:cancel' }),
    });
    const onPaid = vi.fn();
    const view = renderWithServices(<BuyStoragePlan onPaid={onPaid} />, { path: '/imageStore', payWay: 1 });
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Buy' })));
    expect(await screen.findByText('You cancelled the payment')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['V1.0/Image/pay', 'V1.0/Image/WxPayResultNotify']);
    expect(onPaid).not.toHaveBeenCalled();
    const logged = view.services.analytics.records().filter((record) => record.kind === 'event');
    expect(logged).toMatchObject([{ name: 'payment_cancelled', orderId: storageOrder.orderId, checkRecordId: 9001, data: { kind: 'storageOrder' } }]);
  });
});
