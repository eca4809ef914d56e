import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

/**
 * The top bar reads in-app history depth where the browser router keeps it (history.state.idx);
 * the memory router of these tests does not write it, so a test that needs history says so.
 */
function withInAppHistory() {
  window.history.replaceState({ idx: 1 }, '');
}

afterEach(() => window.history.replaceState(null, ''));

const topBack = () => screen.queryByTestId('top-back');
const topHome = () => screen.queryByTestId('top-home');

describe('aliases replace their history entry', () => {
  it('the QR entry on a first page load: index with the query, the QR address gone from history', async () => {
    const app = renderApp('/sl/pic/qr/selfhelp?hosp=DEMO001&code=42');
    // The film bag's code: index collects that study (issue 13).
    expect(await screen.findByTestId('collect')).toBeInTheDocument();
    expect(app.location()).toBe('/index?hosp=DEMO001&code=42');
    expect(app.router.state.historyAction).toBe('REPLACE');
    // The entry page: neither back nor home.
    expect(topBack()).not.toBeInTheDocument();
    expect(topHome()).not.toBeInTheDocument();
  });

  it('the QR entry in an in-app navigation replaces too', async () => {
    const app = renderApp('/help');
    await screen.findByTestId('help');
    await act(() => app.router.navigate('/sl/pic/qr/selfhelp?code=7'));
    expect(await screen.findByTestId('collect')).toBeInTheDocument();
    expect(app.location()).toBe('/index?code=7');
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('/about-us leads to the about page, keeping the query, public without signing in', async () => {
    const app = renderApp('/about-us?from=menu', { session: 'signedOut' });
    expect(await screen.findByTestId('about')).toBeInTheDocument();
    expect(app.location()).toBe('/about?from=menu');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('page-title')).toHaveTextContent('About us');
    expect(app.session.signIn).not.toHaveBeenCalled();
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
  });

  it('/about-us in an in-app navigation', async () => {
    const app = renderApp('/help');
    await screen.findByTestId('help');
    await act(() => app.router.navigate('/about-us'));
    await waitFor(() => expect(app.location()).toBe('/about'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('About us');
  });
});

describe('the way home in the top bar', () => {
  it('a page entered directly offers home, a 44 px icon button with a label, which goes to Home', async () => {
    const app = renderApp('/aiOrder');
    const home = await screen.findByRole('button', { name: 'Home' });
    expect(home).toBe(topHome());
    expect(topBack()).not.toBeInTheDocument();
    expect(home.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(home);
    await waitFor(() => expect(app.location()).toBe('/Home'));
    expect(topHome()).not.toBeInTheDocument();
  });

  it('speaks Chinese too', async () => {
    renderApp('/help', { locale: 'zh-CN' });
    expect(await screen.findByRole('button', { name: '首页' })).toBe(topHome());
  });

  it('gives way to back when there is in-app history', async () => {
    withInAppHistory();
    renderApp('/aiOrder');
    expect(await screen.findByTestId('top-back')).toBeInTheDocument();
    expect(topHome()).not.toBeInTheDocument();
  });

  it.each([
    ['/Home', 'Home itself'],
    ['/index', 'the entry page'],
    ['/index?code=42', 'the entry page with a QR query'],
    ['/oidc-callback', 'the sign-in callback'],
    ['/oidc-slient-renew', 'the silent renewal'],
  ])('is not offered on %s (%s)', async (path) => {
    renderApp(path);
    await screen.findByTestId('page-title');
    // Let lazy screens settle before looking.
    await act(async () => {});
    expect(topHome()).not.toBeInTheDocument();
    expect(topBack()).not.toBeInTheDocument();
  });

  it.each(['/index?id=film-5', '/help', '/about', '/error?code=500', '/errorStop', '/no/such/page'])('is offered on %s', async (path) => {
    renderApp(path);
    expect(await screen.findByTestId('top-home')).toBeInTheDocument();
  });
});

describe('the film detail', () => {
  it('index with a film id is the film detail, not the home grid', async () => {
    renderApp('/index?id=film-5');
    const page = await screen.findByTestId('film-detail');
    expect(within(page).getByRole('heading', { name: 'Chest CT non-contrast' })).toBeInTheDocument();
    expect(screen.queryByTestId('hub')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Cloud film');
  });

  it('the film detail has back when there is history, in Chinese too', async () => {
    withInAppHistory();
    renderApp('/index?id=film-5', { locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: /^检查报告/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBe(topBack());
  });

  it('index goes back to the hub when the film id goes away', async () => {
    const app = renderApp('/index?id=film-5');
    await screen.findByTestId('film-detail');
    await act(() => app.router.navigate('/index'));
    expect(await screen.findByTestId('hub')).toBeInTheDocument();
    expect(screen.queryByTestId('film-detail')).not.toBeInTheDocument();
  });
});
