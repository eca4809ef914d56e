import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hospitalTerm } from '../../src/shared/i18n/glossary';
import type * as Glossary from '../../src/shared/i18n/glossary';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import * as ui from '../../src/shared/views/ui.css';
import { renderApp } from './renderApp';

startMswServer();

// Each card reads its item through the glossary as it renders: the calls count the cards drawn.
vi.mock('../../src/shared/i18n/glossary', async (original) => {
  const glossary = await original<typeof Glossary>();
  return { ...glossary, hospitalTerm: vi.fn(glossary.hospitalTerm) };
});

const cards = () => screen.getAllByTestId('order-card');
const card = (status: number) => cards().find((c) => c.dataset.status === String(status))!;

describe('AI order list', () => {
  it('shows the four tabs and the first page of all orders', async () => {
    renderApp('/aiOrder');
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['All', 'To be paid', 'In progress', 'Trade closed']);
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(screen.getByTestId('tab-all')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows on each card what spec section 2 lists, by status', async () => {
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    const toBePaid = card(2);
    expect(toBePaid).toHaveTextContent('To be paid');
    expect(toBePaid).toHaveTextContent('张三 Female · 30 yrs');
    expect(toBePaid).toHaveTextContent('Lung nodule AI analysis');
    expect(toBePaid).toHaveTextContent('¥12.50');
    expect(within(toBePaid).getByTestId('action-applyProgress')).toBeInTheDocument();
    expect(within(toBePaid).getByTestId('action-cancelOrder')).toBeInTheDocument();
    expect(card(1)).toHaveTextContent('Analysing');
    expect(card(0)).toHaveTextContent('Analysing');
    expect(card(0)).not.toHaveTextContent('¥');
    expect(toBePaid).toHaveTextContent('Amount to pay¥12.50');
    expect(toBePaid).not.toHaveTextContent('Amount paid');
    expect(card(3)).toHaveTextContent('Amount paid¥12.50');
    expect(card(5)).toHaveTextContent('Order amount¥12.50');
    expect(card(5)).not.toHaveTextContent('Amount paid');
    expect(card(3)).toHaveTextContent('Trade successful');
    expect(card(3)).toHaveTextContent('Analysis succeeded');
    expect(within(card(3)).getByTestId('action-aiResult')).toBeInTheDocument();
    expect(card(4)).toHaveTextContent('Analysis failed');
    expect(within(card(4)).getByTestId('action-viewReason')).toBeInTheDocument();
    expect(card(5)).toHaveTextContent('Trade closed');
    expect(within(card(5)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('switching tab clears the list, starts at page 1, scrolls to top and keeps the tab in the address', async () => {
    const app = renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    window.scrollTo(0, 400);
    await userEvent.click(screen.getByTestId('tab-toBePaid'));
    expect(window.scrollY).toBe(0);
    await waitFor(() => expect(cards().every((c) => c.dataset.status === '2')).toBe(true));
    expect(app.location()).toBe('/aiOrder?tab=toBePaid');
    await userEvent.click(screen.getByTestId('tab-inProgress'));
    await waitFor(() => expect(cards().every((c) => ['0', '1'].includes(c.dataset.status!))).toBe(true));
  });

  it('the address owns the tab: going to another ?tab= (a link, the back button) shows and loads that tab', async () => {
    const app = renderApp('/aiOrder?tab=toBePaid');
    await waitFor(() => expect(cards().every((c) => c.dataset.status === '2')).toBe(true));
    await act(() => app.router.navigate('/aiOrder?tab=tradeClosed'));
    await waitFor(() => expect(cards().every((c) => c.dataset.status === '5')).toBe(true));
    expect(screen.getByTestId('tab-tradeClosed')).toHaveAttribute('aria-selected', 'true');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(cards().every((c) => c.dataset.status === '2')).toBe(true));
    expect(screen.getByTestId('tab-toBePaid')).toHaveAttribute('aria-selected', 'true');
  });

  it('an empty tab shows "no data"', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/OrderList`, () => HttpResponse.json(envelope({ rows: [], totals: 0 }))));
    renderApp('/aiOrder?tab=tradeClosed');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('No data');
    expect(screen.getByTestId('tab-tradeClosed')).toHaveAttribute('aria-selected', 'true');
  });

  it('a failure goes to the error page with "network abnormal, try again later"', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/OrderList`, () => HttpResponse.json(envelope(null, 500, 'boom'))));
    const app = renderApp('/aiOrder');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'));
    expect(within(await screen.findByTestId('error-page')).getByTestId('status-text')).toHaveTextContent('Network abnormal, try again later.');
  });

  it('tapping a card opens the film detail; the buttons lead where spec section 2 says', async () => {
    const app = renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(2)).getByTestId('action-applyProgress'));
    expect(app.location()).toBe('/aiResult?id=film-2&orderId=AI20261120000002');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(4)).getByTestId('action-viewReason'));
    expect(app.location()).toBe('/aiResult?id=film-4&orderId=AI20261120000004');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    await waitFor(() => expect(app.location()).toBe('/cloudFilm?checkWay=2&result=2&showAi=true&wadourl=http%3A%2F%2Flocalhost%2Fsandbox%2Fwado&studyuid=1.2.3.film-3&hospid=DEMO001'));
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(card(5));
    expect(app.location()).toBe('/index?id=film-5');
  });

  it('the cancel question opens over the list without drawing its cards again (a tap whose latency is budgeted)', async () => {
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    vi.mocked(hospitalTerm).mockClear();
    await userEvent.click(within(card(2)).getByTestId('action-cancelOrder'));
    expect(screen.getByTestId('cancel-dialog')).toBeInTheDocument();
    expect(hospitalTerm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Think again' }));
    expect(hospitalTerm).not.toHaveBeenCalled();
  });

  it('cancel asks first; "think again" changes nothing', async () => {
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(2)).getByTestId('action-cancelOrder'));
    const dialog = screen.getByTestId('cancel-dialog');
    expect(dialog).toHaveTextContent('Confirm cancelling this order?');
    // It names the order and its amount, and the cancel is not dressed as the way on: focus waits on "think again".
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent(`Order ${card(2).dataset.orderId} · ¥12.50`);
    expect(within(dialog).getByRole('button', { name: 'Confirm cancel' })).toHaveClass(ui.button.danger);
    expect(within(dialog).getByRole('button', { name: 'Confirm cancel' })).not.toHaveClass(ui.button.primary);
    expect(within(dialog).getByRole('button', { name: 'Think again' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Think again' }));
    expect(screen.queryByTestId('cancel-dialog')).not.toBeInTheDocument();
    expect(card(2)).toHaveTextContent('To be paid');
  });

  it('"confirm cancel" cancels, says "operation succeeded" and refreshes the list', async () => {
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    const orderId = cards().indexOf(card(2));
    await userEvent.click(within(card(2)).getByTestId('action-cancelOrder'));
    await userEvent.click(within(screen.getByTestId('cancel-dialog')).getByRole('button', { name: 'Confirm cancel' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Operation succeeded');
    await waitFor(() => expect(cards()[orderId]).toHaveAttribute('data-status', '5'));
  });

  it('shows the server msg when the cancel is refused', async () => {
    server.use(http.post(`${API_BASE}V1.0/AI/CancelOrder`, () => HttpResponse.json({ statusCode: 4001, msg: '订单状态已变化，无法取消', result: null })));
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(2)).getByTestId('action-cancelOrder'));
    await userEvent.click(within(screen.getByTestId('cancel-dialog')).getByRole('button', { name: 'Confirm cancel' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('订单状态已变化，无法取消');
  });

  it('toasts "application message lost" when the AI detail is missing', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope(null, 404, 'not found'))));
    renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Application message lost');
  });

  it('refuses a checkWay 1 result URL the configuration does not allow', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, () => HttpResponse.json(envelope({ status: 3, checkWay: 1, resultUrl: 'javascript:alert(1)' }))));
    const app = renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('not on the allowed list');
    expect(app.location()).toBe('/aiOrder');
  });

  it('film detail non-200 goes to the error page with the message', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/HospitalStudyImageList`, () => HttpResponse.json(envelope(null, 404, '影像不存在'))));
    const app = renderApp('/aiOrder');
    await waitFor(() => expect(cards()).toHaveLength(8));
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'));
    expect(within(await screen.findByTestId('error-page')).getByTestId('status-text')).toHaveTextContent('影像不存在');
  });
});
