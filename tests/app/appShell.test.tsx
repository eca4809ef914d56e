import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_BASE, envelope, hospitalSetting } from '../msw/fixtures';
import { aiOrders, http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

describe('app shell and routes', () => {
  it('redirects the QR self-help entry to index, keeping its query', async () => {
    const app = renderApp('/sl/pic/qr/selfhelp?code=abc&h=1');
    // The film bag's code: index collects that study (issue 13).
    expect(await screen.findByTestId('collect')).toBeInTheDocument();
    expect(app.location()).toBe('/index?code=abc&h=1');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Cloud film');
  });

  it("holds the hospital's logo box from the first frame: the app's mark, then the logo in the same place", async () => {
    const app = renderApp('/index', { session: 'signedOut' });
    const logo = await screen.findByTestId('hub-logo');
    expect(logo).toHaveAttribute('src', '/favicon.svg');
    act(() => app.services.store.update({ hospitalSetting: { ...hospitalSetting, logoUrl: 'https://hospital.example/logo.png' } }));
    expect(screen.getByTestId('hub-logo')).toHaveAttribute('src', 'https://hospital.example/logo.png');
    expect(screen.getByTestId('hub-logo')).toBe(logo);
  });

  it('shows an unknown path as the error page with [404], without losing the address', async () => {
    const app = renderApp('/no/such/page');
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByTestId('status-code')).toHaveTextContent('[404]');
    expect(within(page).getByTestId('status-text')).toHaveTextContent('The page you asked for does not exist.');
    expect(app.location()).toBe('/no/such/page');
  });

  it('asks the session port to sign in for a login-required route, with the exact address', async () => {
    const app = renderApp('/personal?from=menu', { session: 'signedOut' });
    await waitFor(() => expect(app.session.signIn).toHaveBeenCalledWith('/personal?from=menu'));
    expect(screen.queryByTestId('personal')).not.toBeInTheDocument();
  });

  it('never forces sign-in on a public route, by either reading', async () => {
    const app = renderApp('/help', { session: 'signedOut' });
    expect(await screen.findByTestId('help')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Help centre');
    await act(() => app.router.navigate('/index'));
    expect(await screen.findByTestId('hub')).toBeInTheDocument();
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('scrolls to the top on every navigation, not on a navigation to the current location', async () => {
    const app = renderApp('/index');
    await screen.findByTestId('hub');
    window.scrollTo(0, 500);
    await act(() => app.router.navigate('/help'));
    await screen.findByTestId('help');
    expect(window.scrollY).toBe(0);
    window.scrollTo(0, 300);
    await act(() => app.router.navigate('/help'));
    expect(window.scrollY).toBe(300);
  });

  it('stores the entry URL again after each navigation', async () => {
    const app = renderApp('/index?id=7');
    await screen.findByTestId('film-detail');
    window.sessionStorage.removeItem('cf.entryUrl');
    await act(() => app.router.navigate('/help'));
    expect(window.sessionStorage.getItem('cf.entryUrl')).toBe('http://localhost/index?id=7');
  });

  it('shows the hospital and hides tiles whose module is switched off', async () => {
    const app = renderApp('/Home');
    app.services.store.update({ hospitalSetting });
    expect(await screen.findByText('云胶片示范医院')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^AI orders/ })).toHaveAttribute('href', '/aiOrder');
    expect(screen.queryByRole('link', { name: /^Paid storage/ })).not.toBeInTheDocument();
  });

  it('badges the tiles that need attention: unpaid AI orders, storage about to expire', async () => {
    server.use(
      http.get(`${API_BASE}V2.0/YJPIndex/CheckExpireStorage`, () => HttpResponse.json(envelope({ expiringCount: 2, expiredCount: 0, soonestExpireDate: '2026-12-01' }))),
    );
    const app = renderApp('/Home');
    app.services.store.update({ hospitalSetting: { ...hospitalSetting, modules: {} } });
    const unpaid = aiOrders.page(2, 1, 100).totals;
    expect(await screen.findByTestId('hub-badge-aiOrder')).toHaveTextContent(`${unpaid} to pay`);
    expect(screen.getByTestId('hub-badge-imageStore')).toHaveTextContent('2 expiring');
    expect(screen.queryByTestId('hub-badge-myStudyList')).not.toBeInTheDocument();
  });

  it('asks nothing for badges before the patient has signed in (index is a public entry page)', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    renderApp('/index', { session: 'signedOut' });
    expect(await screen.findByTestId('hub-tile-myStudyList')).toBeInTheDocument();
    // The badge chart started its load with the page; a call would have started by the time the tiles show.
    expect(asked.filter((path) => /OrderList|CheckExpireStorage/.test(path))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('shows the home page without badges when their calls fail, and asks no one to sign in', async () => {
    server.use(
      http.get(`${API_BASE}V1.0/AI/OrderList`, () => new HttpResponse(null, { status: 401 })),
      http.get(`${API_BASE}V2.0/YJPIndex/CheckExpireStorage`, () => HttpResponse.json(envelope(null, 500, 'down'))),
    );
    const app = renderApp('/index');
    expect(await screen.findByTestId('hub-tile-myStudyList')).toBeInTheDocument();
    await waitFor(() => expect(app.services.api).toBeDefined());
    expect(app.session.unauthorized).not.toHaveBeenCalled();
    expect(app.session.signIn).not.toHaveBeenCalled();
    expect(screen.queryByTestId('hub-badge-aiOrder')).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/index');
  });

  it('switches language from the home page', async () => {
    renderApp('/Home');
    await userEvent.click(await screen.findByRole('button', { name: '中文' }));
    expect(await screen.findByRole('link', { name: /^我的检查/ })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('首页');
  });

  it('turns large text on and off from the home page', async () => {
    window.localStorage.removeItem('cf.textSize');
    renderApp('/Home');
    const toggle = await screen.findByRole('button', { name: 'Large text' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.textSize).toBe('large');
    await userEvent.click(toggle);
    expect(document.documentElement.dataset.textSize).toBe('standard');
  });
});

describe('error page and stopped page', () => {
  it('shows the image, [code], the message, and the customer-service block', async () => {
    renderApp('/error?code=500&msg=%E7%B3%BB%E7%BB%9F%E7%B9%81%E5%BF%99');
    const page = await screen.findByTestId('error-page');
    expect(page.querySelector('[data-illustration="error"]')).not.toBeNull();
    expect(within(page).getByTestId('status-code')).toHaveTextContent('[500]');
    expect(within(page).getByTestId('status-text')).toHaveTextContent('系统繁忙');
    const service = within(page).getByTestId('customer-service');
    expect(service).toHaveTextContent('Service hours 9:00-18:00');
    expect(service).toHaveTextContent(/scanning/);
    expect(service).toHaveTextContent(/official account/);
  });

  it("beside the service hours, the hospital's number, one tap to call (none when the hospital gives none)", async () => {
    const app = renderApp('/error?code=500');
    const service = await screen.findByTestId('customer-service');
    expect(within(service).queryByRole('link')).toBeNull();
    act(() => app.services.store.update({ hospitalSetting }));
    expect(within(service).getByRole('link', { name: 'Call 010-65008888' })).toHaveAttribute('href', 'tel:01065008888');
  });

  it('shows the default message and no code when none is given', async () => {
    renderApp('/error');
    expect(await screen.findByTestId('status-text')).toHaveTextContent('You have entered an error page. Please contact the administrator.');
    expect(screen.queryByTestId('status-code')).not.toBeInTheDocument();
  });

  it('leaves the customer-service block out for a network error', async () => {
    renderApp('/error?key=error.network&network=1');
    expect(await screen.findByTestId('status-text')).toHaveTextContent('Network connection timed out, try later.');
    expect(screen.queryByTestId('customer-service')).not.toBeInTheDocument();
  });

  it('shows the official-account QR code when the hospital has one', async () => {
    const app = renderApp('/error');
    app.services.store.update({ hospitalSetting });
    expect(await screen.findByRole('img', { name: "QR code of the hospital's official account" })).toHaveAttribute('src', hospitalSetting.officialAccountQrUrl);
  });

  it('rewrites its address with a back-path when entered from another page, and the back-path takes the patient back', async () => {
    const app = renderApp('/help?section=2');
    await screen.findByTestId('help');
    await act(() => app.router.navigate('/error?code=500'));
    await waitFor(() => expect(app.location()).toBe('/error?code=500&back=%2Fhelp%3Fsection%3D2'));
    await userEvent.click(within(screen.getByTestId('error-page')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/help?section=2'));
  });

  it('drops a back-path to another origin', async () => {
    renderApp('/error?back=https%3A%2F%2Fevil.example.com%2F');
    await screen.findByTestId('error-page');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeInTheDocument();
  });

  it('errorStop says "cannot access" with its default text, or the server message and code', async () => {
    const app = renderApp('/errorStop');
    const page = await screen.findByTestId('stop-page');
    expect(page).toHaveTextContent('Cannot access');
    expect(within(page).getByTestId('status-text')).toHaveTextContent('The hospital has disabled the cloud film. If in doubt, please contact the hospital.');
    await act(() => app.router.navigate('/errorStop?code=7001&msg=%E5%B7%B2%E5%81%9C%E7%94%A8'));
    expect(await screen.findByTestId('status-code')).toHaveTextContent('[7001]');
    expect(screen.getByTestId('status-text')).toHaveTextContent('已停用');
  });
});
