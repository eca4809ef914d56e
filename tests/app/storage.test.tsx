import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_CODES } from '../../src/shared/api/storageSchemas';
import { hospitalTerm } from '../../src/shared/i18n/glossary';
import type * as Glossary from '../../src/shared/i18n/glossary';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import * as ui from '../../src/shared/views/ui.css';
import { renderApp } from './renderApp';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

// Each order card reads its study through the glossary as it renders: the calls count the cards drawn.
vi.mock('../../src/shared/i18n/glossary', async (original) => {
  const glossary = await original<typeof Glossary>();
  return { ...glossary, hospitalTerm: vi.fn(glossary.hospitalTerm) };
});

const study = {
  collectFilmId: '8',
  studyDescription: '胸部CT平扫',
  studyDate: '2026-05-02',
  modality: 'CT',
  state: 'expiring',
  expireDate: '2026-12-10',
  daysLeft: 17,
  canBuy: true,
  pendingOrderId: null,
};
const plans = [
  { planId: 'y1', name: '1年', months: 12, charge: 30, originalCharge: null, recommended: false },
  { planId: 'y3', name: '3年', months: 36, charge: 68, originalCharge: 90, recommended: true },
  { planId: 'y5', name: '5年', months: 60, charge: 98, originalCharge: null, recommended: false },
];
const order = { orderId: 'ST2026112300001', id: 41, charge: 68, status: 2, reused: false };
const refusal = (statusCode: number) => HttpResponse.json({ statusCode, message: '拒绝', result: null });

/** The Image calls, recorded; `submit` answers the order unless a test says otherwise. */
function storeServer(options: { storage?: object; submit?: () => Response } = {}) {
  const calls: Array<{ path: string; query: Record<string, string>; body: unknown }> = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    calls.push({ path: url.pathname.replace('/api/', ''), query: Object.fromEntries(url.searchParams), body: request.method === 'POST' ? await request.json() : null });
  };
  server.use(
    http.get(`${API_BASE}V1.0/Image/CheckStorage`, async ({ request }) => (await record(request), HttpResponse.json(envelope({ studies: [{ ...study, ...options.storage }] })))),
    http.get(`${API_BASE}V1.0/Image/chargelist`, async ({ request }) => (await record(request), HttpResponse.json(envelope({ plans })))),
    http.post(`${API_BASE}V1.0/Image/submmit`, async ({ request }) => (await record(request), options.submit?.() ?? HttpResponse.json(envelope(order)))),
    http.get(`${API_BASE}V1.0/Image/pay`, async ({ request }) => (await record(request), HttpResponse.json(envelope({ h5_url: 'http://localhost/sandbox/h5pay/CF1', record_no: 'CF1' })))),
  );
  return calls;
}

describe('paid storage (imageStore)', () => {
  it('shows until when the study is kept and the plans, none chosen for the patient (the recommended one only marked); buying confirms the price, submits one order and pays it on the H5 page', async () => {
    const calls = storeServer();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    renderApp('/imageStore?id=8');
    expect(await screen.findByTestId('storage-until')).toHaveTextContent('Kept until 2026-12-10 (17 days left)');
    expect(screen.getByTestId('storage-study')).toHaveAttribute('data-state', 'expiring');
    expect(screen.getAllByRole('radio').filter((plan) => plan.getAttribute('aria-checked') === 'true')).toEqual([]);
    expect(screen.getByTestId('storage-plan-y3')).toHaveTextContent('3 yearsBest value');
    expect(screen.queryByTestId('storage-buy')).not.toBeInTheDocument();
    expect(screen.getByTestId('storage-choose-first')).toHaveTextContent('Choose how long to keep it, then buy.');
    await userEvent.click(screen.getByTestId('storage-plan-y1'));
    expect(screen.getByTestId('storage-plan-y1')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('storage-buy')).toHaveTextContent('Buy for ¥30.00');
    await userEvent.click(screen.getByTestId('storage-plan-y3'));
    await userEvent.click(screen.getByTestId('storage-buy'));
    const dialog = await screen.findByTestId('storage-confirm');
    expect(dialog).toHaveTextContent('Pay ¥68.00 for 3 years of storage?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/h5pay/CF1'));
    expect(calls.filter((call) => call.path === 'V1.0/Image/submmit').map((call) => call.body)).toEqual([{ id: '8', planId: 'y3' }]);
    expect(calls.find((call) => call.path === 'V1.0/Image/pay')?.query).toMatchObject({ payway: '2', checkRecordId: '41' });
  });

  it('thinking again at the price orders nothing', async () => {
    const calls = storeServer();
    renderApp('/imageStore?id=8');
    await userEvent.click(await screen.findByTestId('storage-plan-y3'));
    await userEvent.click(screen.getByTestId('storage-buy'));
    await userEvent.click(within(await screen.findByTestId('storage-confirm')).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('storage-confirm')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === 'V1.0/Image/submmit')).toBe(false);
  });

  it('a plan no longer offered is said, and the plans are loaded again', async () => {
    const calls = storeServer({ submit: () => refusal(STORAGE_CODES.planUnknown) });
    renderApp('/imageStore?id=8');
    await userEvent.click(await screen.findByTestId('storage-plan-y3'));
    await userEvent.click(screen.getByTestId('storage-buy'));
    await userEvent.click(within(await screen.findByTestId('storage-confirm')).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByTestId('storage-problem')).toHaveTextContent('no longer offered');
    await waitFor(() => expect(calls.filter((call) => call.path === 'V1.0/Image/chargelist')).toHaveLength(2));
    expect(calls.some((call) => call.path === 'V1.0/Image/pay')).toBe(false);
  });

  it('a study kept for good has nothing to buy, and asks for no plans', async () => {
    const calls = storeServer({ storage: { state: 'permanent', expireDate: null, daysLeft: 0, canBuy: false } });
    renderApp('/imageStore?id=8');
    expect(await screen.findByTestId('storage-not-for-sale')).toHaveTextContent('kept for good');
    expect(screen.queryByTestId('storage-buy')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === 'V1.0/Image/chargelist')).toBe(false);
  });

  it('without a study: every study\'s storage, a tap anywhere on its card opening its plans; its title in English', async () => {
    storeServer();
    const app = renderApp('/imageStore');
    expect(await screen.findByTestId('storage-study-link')).toHaveTextContent('Chest CT non-contrast');
    await userEvent.click(screen.getByTestId('storage-until'));
    await waitFor(() => expect(app.location()).toBe('/imageStore?id=8'));
  });
});

const row = (status: number, orderId: string) => ({
  orderId,
  id: Number(orderId.slice(-2)),
  collectFilmId: '8',
  time: '2026-11-20 10:00:00',
  studyDescription: '胸部CT平扫',
  studyDate: '2026-05-02',
  modality: 'CT',
  planName: '3年',
  months: 36,
  charge: 68,
  status,
  expireDate: status === 3 ? '2029-12-10' : null,
});

describe('storage orders (storeOrder)', () => {
  function ordersServer() {
    const calls: Array<{ path: string; query: Record<string, string>; body: unknown }> = [];
    let cancelled = false;
    server.use(
      http.get(`${API_BASE}V1.0/Image/StorageOrderList`, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        calls.push({ path: 'list', query, body: null });
        const rows = [row(cancelled ? 5 : 2, 'ST2026112000011'), row(3, 'ST2026111000010')].filter((one) => query.status === '-1' || String(one.status) === query.status);
        return HttpResponse.json(envelope({ rows, totals: rows.length }));
      }),
      http.post(`${API_BASE}V1.0/Image/CancelOrder`, async ({ request }) => {
        calls.push({ path: 'cancel', query: {}, body: await request.json() });
        cancelled = true;
        return HttpResponse.json(envelope(null));
      }),
    );
    return calls;
  }

  it('lists the orders; only the one to be paid can be paid or cancelled; a paid one says until when', async () => {
    ordersServer();
    renderApp('/storeOrder');
    const cards = await screen.findAllByTestId('store-order');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('store-pay')).toBeEnabled();
    expect(within(cards[1]!).queryByTestId('store-pay')).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('2029-12-10');
  });

  it('pay on the order to be paid pays that order on the H5 page, once however often it is tapped', async () => {
    const calls = ordersServer();
    const pays: Array<Record<string, string>> = [];
    server.use(
      http.get(`${API_BASE}V1.0/Image/pay`, ({ request }) => {
        pays.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(envelope({ h5_url: 'http://localhost/sandbox/h5pay/CF2', record_no: 'CF2' }));
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    renderApp('/storeOrder');
    const pay = within((await screen.findAllByTestId('store-order'))[0]!).getByTestId('store-pay');
    await userEvent.click(pay);
    await userEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/h5pay/CF2'));
    expect(pays).toEqual([expect.objectContaining({ payway: '2', checkRecordId: '11' })]);
    expect(calls.filter((call) => call.path === 'cancel')).toEqual([]);
  });

  it('the cancel question opens over the orders without drawing them again', async () => {
    ordersServer();
    renderApp('/storeOrder');
    const first = (await screen.findAllByTestId('store-order'))[0]!;
    vi.mocked(hospitalTerm).mockClear();
    await userEvent.click(within(first).getByTestId('store-cancel'));
    expect(await screen.findByTestId('store-cancel-dialog')).toBeInTheDocument();
    expect(hospitalTerm).not.toHaveBeenCalled();
  });

  it('cancel after confirming: one call, and the list shows the order closed', async () => {
    const calls = ordersServer();
    renderApp('/storeOrder');
    await userEvent.click(within((await screen.findAllByTestId('store-order'))[0]!).getByTestId('store-cancel'));
    const dialog = await screen.findByTestId('store-cancel-dialog');
    // It names the order and its amount; cancelling is not dressed as the way on.
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent(/^Order ST2026112000011 · ¥\d+\.\d\d$/);
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toHaveClass(ui.button.danger);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getAllByTestId('store-order')[0]).toHaveAttribute('data-status', '5'));
    expect(calls.filter((call) => call.path === 'cancel').map((call) => call.body)).toEqual([{ orderId: 'ST2026112000011' }]);
  });

  it('a tab asks for its status and is kept in the address', async () => {
    const calls = ordersServer();
    const app = renderApp('/storeOrder');
    await screen.findAllByTestId('store-order');
    await userEvent.click(screen.getByTestId('store-tab-paid'));
    await waitFor(() => expect(screen.getAllByTestId('store-order')).toHaveLength(1));
    expect(calls.at(-1)?.query).toMatchObject({ status: '3', pageIndex: '1', pageLength: '8' });
    expect(app.location()).toBe('/storeOrder?tab=paid');
  });

  it('the address owns the tab: going to another ?tab= (a link, the back button) shows and loads that tab', async () => {
    const calls = ordersServer();
    const app = renderApp('/storeOrder?tab=toBePaid');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: '2' }));
    await act(() => app.router.navigate('/storeOrder?tab=paid'));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: '3', pageIndex: '1' }));
    expect(screen.getByTestId('store-tab-paid')).toHaveAttribute('aria-selected', 'true');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: '2', pageIndex: '1' }));
    expect(screen.getByTestId('store-tab-toBePaid')).toHaveAttribute('aria-selected', 'true');
  });

  it('opens on the tab the address names (the storage page links to the orders to be paid), and on "all" for a tab it does not know', async () => {
    const calls = ordersServer();
    const first = renderApp('/storeOrder?tab=toBePaid');
    await waitFor(() => expect(screen.getAllByTestId('store-order')).toHaveLength(1));
    expect(screen.getByTestId('store-tab-toBePaid')).toHaveAttribute('aria-selected', 'true');
    expect(calls.at(-1)?.query).toMatchObject({ status: '2' });
    first.unmount();
    renderApp('/storeOrder?tab=later');
    await waitFor(() => expect(screen.getAllByTestId('store-order')).toHaveLength(2));
    expect(screen.getByTestId('store-tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(calls.at(-1)?.query).toMatchObject({ status: '-1' });
  });
});
