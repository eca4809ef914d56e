/**
 * A failure knows where it came from: the error catalogue routes by the call that failed. 7001
 * ("the hospital has disabled the cloud film") stops the app only on the study and report calls.
 * And only while the patient is still where the failing screen was drawn.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../src/shared/api/endpoints';
import { ApiFailure } from '../../src/shared/api/failure';
import { useReportFailure } from '../../src/shared/api/useReportFailure';
import { ServicesProvider, type AppServices } from '../../src/shared/services';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp, RouterProbe, testRouter } from './renderApp';

startMswServer();

const stopped = () => HttpResponse.json(envelope(null, 7001, '医院已停用云胶片'));
const card = (status: number) => screen.getAllByTestId('order-card').find((c) => c.dataset.status === String(status))!;

async function openOrders(tab = 'all') {
  const app = renderApp(`/aiOrder?tab=${tab}`);
  await waitFor(() => expect(screen.getAllByTestId('order-card').length).toBeGreaterThan(0));
  return app;
}

describe('7001 on the AI order screen', () => {
  it('from the pay call: the error page with the server message, not the stopped page', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/GetWxPayParms`, stopped));
    const app = await openOrders('toBePaid');
    await userEvent.click(within(card(2)).getByTestId('action-pay'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'));
    expect(await screen.findByTestId('status-text')).toHaveTextContent('医院已停用云胶片');
  });

  it('from the cancel call: the refusal toast, and the patient stays on the list', async () => {
    server.use(http.post(`${API_BASE}V1.0/AI/CancelOrder`, stopped));
    const app = await openOrders('toBePaid');
    await userEvent.click(within(card(2)).getByTestId('action-cancelOrder'));
    await userEvent.click(within(screen.getByTestId('cancel-dialog')).getByRole('button', { name: 'Confirm cancel' }));
    expect(await screen.findByText('医院已停用云胶片')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/aiOrder');
  });

  it('from the AI detail call: "application message lost", and the patient stays on the list', async () => {
    server.use(http.get(`${API_BASE}V1.0/AI/GetSJAiCheckResult`, stopped));
    const app = await openOrders();
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    expect(await screen.findByText('Application message lost')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/aiOrder');
  });

  it('from the film detail, a study call made for the AI result: the stopped page', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/HospitalStudyImageList`, stopped));
    const app = await openOrders();
    await userEvent.click(within(card(3)).getByTestId('action-aiResult'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/errorStop'));
    expect(await screen.findByTestId('status-code')).toHaveTextContent('[7001]');
  });
});

describe('7001 on the study and report calls', () => {
  it('from the study list: the stopped page', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/HospitalStudyList`, stopped));
    const app = renderApp('/myStudyList');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/errorStop'));
  });

  it.each([ENDPOINTS.report.GetSyncReportStatus, ENDPOINTS.report.detail, ENDPOINTS.reportCheck.GetReportList])(
    'from $path: the stopped page',
    async (endpoint) => {
      const router = failAt(endpoint, '/report');
      await waitFor(() => expect(router.state.location.pathname).toBe('/errorStop'));
      await act(async () => {});
      expect(router.state.location.search).toContain('code=7001');
    },
  );
});

describe('a failure that lands after the patient has moved on', () => {
  it.each([
    ['the browser is already at the next address (its screen still coming): it stays there', '/help', '/report'],
    ['the browser is still where the screen was drawn: the stopped page', '/report', '/errorStop'],
  ])('%s', async (_name, browserAt, shown) => {
    const router = failAt(ENDPOINTS.report.detail, browserAt);
    await act(async () => {});
    await waitFor(() => expect(router.state.location.pathname).toBe(shown));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(shown);
  });
});

/**
 * A screen drawn at /report whose call to `endpoint` fails with 7001 as it mounts, while the
 * browser is at `browserAt` (the only service a failure's routing reads).
 */
function failAt(endpoint: Endpoint, browserAt: string) {
  function FailingCall() {
    const report = useReportFailure();
    useEffect(() => report(new ApiFailure({ kind: 'business', statusCode: 7001, message: '医院已停用云胶片' }, endpoint)), [report]);
    return null;
  }
  const router = testRouter();
  const services = { address: () => browserAt } as Partial<AppServices> as AppServices;
  render(
    <ServicesProvider services={services}>
      <MemoryRouter initialEntries={['/report']}>
        <RouterProbe router={router} />
        <Routes>
          <Route path="/report" element={<FailingCall />} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </ServicesProvider>,
  );
  return router;
}
