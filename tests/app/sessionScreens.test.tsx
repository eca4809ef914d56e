import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

describe('sign-in pages and guards', () => {
  it('oidcIndex sends a signed-in patient to Home', async () => {
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/Home'));
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('oidcIndex starts sign-in for a signed-out visitor', async () => {
    const app = renderApp('/', { session: 'signedOut' });
    await waitFor(() => expect(app.session.signIn).toHaveBeenCalledWith('/Home'));
    expect(screen.getByTestId('busy')).toHaveTextContent('Taking you to sign in');
  });

  it('a login-required route waits while the session is restored, without sending anyone to sign in', async () => {
    const app = renderApp('/personal', { session: 'pending' });
    expect(await screen.findByTestId('busy')).toHaveTextContent('Loading');
    expect(app.session.signIn).not.toHaveBeenCalled();
    expect(screen.queryByTestId('personal')).not.toBeInTheDocument();
  });

  it('the sign-in error page says what happened and tries again', async () => {
    const app = renderApp('/oidc-error', { session: 'signedOut', signInProblem: 'failed' });
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('could not reach the sign-in service');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(app.session.retrySignIn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['zh-CN', '已取消登录', '重新登录', '返回'],
    ['en', 'Sign-in was cancelled', 'Sign in again', 'Back'],
  ] as const)('a sign-in cancelled at the provider is calm in %s: no network message, no provider reason', async (locale, heading, again, back) => {
    const app = renderApp('/oidc-error', {
      session: 'signedOut',
      signInProblem: 'cancelled',
      signInError: 'End-User aborted interaction',
      signInReturnTo: '/shareCode?code=ABCD2345',
      locale,
    });
    const page = await screen.findByTestId('sign-in-cancelled');
    expect(page).toHaveTextContent(heading);
    expect(page).not.toHaveTextContent(/网络|network/i);
    expect(document.body).not.toHaveTextContent('End-User aborted interaction');
    expect(screen.queryByTestId('sign-in-error')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: again }));
    expect(app.session.retrySignIn).toHaveBeenCalledTimes(1);
    // Back to the page the patient was on, which needs no sign-in.
    await userEvent.click(screen.getByRole('button', { name: back }));
    await waitFor(() => expect(app.location()).toBe('/shareCode?code=ABCD2345'));
  });

  it('"back" after a cancelled sign-in to a page that needs it goes to the start page, not into sign-in again', async () => {
    const app = renderApp('/oidc-error', { session: 'signedOut', signInProblem: 'cancelled', signInReturnTo: '/aiOrder?tab=2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/index'));
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('"back" after a cancelled sign-in goes to the page it began on when that needs no sign-in', async () => {
    const app = renderApp('/oidc-error', { session: 'signedOut', signInProblem: 'cancelled', signInReturnTo: '/addFilm', signInCancelledFrom: '/checking' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/checking'));
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('a failed sign-in in Chinese shows no English reason from the provider', async () => {
    renderApp('/oidc-error', { session: 'signedOut', signInProblem: 'failed', signInError: 'Failed to fetch', locale: 'zh-CN' });
    expect(await screen.findByTestId('sign-in-error')).toHaveTextContent('登录没有成功');
    expect(document.body).not.toHaveTextContent('Failed to fetch');
  });

  it('reopened on the sign-in error page while the session is restored, never shows an error, and goes Home', async () => {
    const app = renderApp('/oidc-error', { session: 'pending' });
    expect(screen.queryByTestId('sign-in-error')).not.toBeInTheDocument();
    act(() => app.setSessionStatus('signedIn'));
    await waitFor(() => expect(app.location()).toBe('/Home'));
    expect(screen.queryByTestId('sign-in-error')).not.toBeInTheDocument();
  });

  it('reopened on the sign-in error page with no sign-in under way, shows no error and goes to the start page', async () => {
    const app = renderApp('/oidc-error', { session: 'signedOut' });
    await waitFor(() => expect(app.location()).toBe('/index'));
    expect(screen.queryByTestId('sign-in-error')).not.toBeInTheDocument();
  });

  it.each(['cancelled', 'failed'] as const)('the %s sign-in page offers "collect my images", which needs no account', async (signInProblem) => {
    const app = renderApp('/oidc-error', { session: 'signedOut', signInProblem });
    await userEvent.click(await screen.findByRole('link', { name: 'Collect my images' }));
    await waitFor(() => expect(app.location()).toBe('/newCheck'));
  });

  it('a visitor sees "collect my images" and "sign in" on the home page', async () => {
    const app = renderApp('/index', { session: 'signedOut' });
    const entry = await screen.findByTestId('hub-visitor-entry');
    expect(entry).toHaveTextContent('Collect my images');
    await userEvent.click(within(entry).getByRole('link', { name: 'Collect my images' }));
    await waitFor(() => expect(app.location()).toBe('/newCheck'));
  });

  it('the visitor\'s "sign in" signs in and comes back to the home page', async () => {
    const app = renderApp('/index', { session: 'signedOut' });
    const entry = await screen.findByTestId('hub-visitor-entry');
    await userEvent.click(within(entry).getByRole('button', { name: 'Sign in' }));
    expect(app.session.signIn).toHaveBeenCalledWith('/Home');
  });

  it('a signed-in patient does not see the visitor\'s ways in on the home page', async () => {
    renderApp('/index');
    expect(await screen.findByTestId('hub')).toBeInTheDocument();
    expect(screen.queryByTestId('hub-visitor-entry')).not.toBeInTheDocument();
  });

  it('logout signs a signed-in patient out', async () => {
    const app = renderApp('/logout');
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('busy')).toHaveTextContent('Signing you out');
  });

  it('oidcIndex waits while the session is restored, then sends the patient Home', async () => {
    const app = renderApp('/', { session: 'pending' });
    expect(await screen.findByTestId('busy')).toHaveTextContent('Loading');
    act(() => app.setSessionStatus('signedIn'));
    await waitFor(() => expect(app.location()).toBe('/Home'));
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('oidcIndex starts sign-in once for a signed-out visitor, again only after the session was being found out', async () => {
    const app = renderApp('/', { session: 'signedOut' });
    await waitFor(() => expect(app.session.signIn).toHaveBeenCalledTimes(1));
    // The session reports again, still signed out: nothing more.
    act(() => app.setSessionStatus('signedOut'));
    act(() => app.setSessionStatus('pending'));
    expect(screen.getByTestId('busy')).toHaveTextContent('Loading');
    expect(app.session.signIn).toHaveBeenCalledTimes(1);
    act(() => app.setSessionStatus('signedOut'));
    await waitFor(() => expect(app.session.signIn).toHaveBeenCalledTimes(2));
    expect(app.session.signIn).toHaveBeenLastCalledWith('/Home');
    expect(app.location()).toBe('/');
  });

  it('logout signs the patient out once, however often the session reports meanwhile', async () => {
    const app = renderApp('/logout');
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    // A renewal while signing out reports the session again, still signed in: nothing more.
    act(() => app.setSessionStatus('signedIn'));
    act(() => app.setSessionStatus('signedIn'));
    expect(app.session.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('busy')).toHaveTextContent('Signing you out');
  });

  it('the callback page shows that sign-in is under way', async () => {
    renderApp('/oidc-callback', { session: 'pending' });
    expect(await screen.findByTestId('busy')).toHaveTextContent('Signing you in');
  });
});

describe('a page that needs a sign-in, after one the patient cancelled', () => {
  it.each(['cancelled', 'failed'] as const)('after a %s sign-in, asks the patient to sign in and never sends them to the provider by itself', async (problem) => {
    const app = renderApp('/aiOrder', { session: 'signedOut', signInProblem: problem });
    const entry = await screen.findByTestId('visitor-entry');
    expect(app.session.signIn).not.toHaveBeenCalled();
    await userEvent.click(within(entry).getByTestId('visitor-entry-sign-in'));
    expect(app.session.signIn).toHaveBeenCalledWith('/aiOrder');
  });

  it('with no sign-in problem, goes to the provider as before', async () => {
    const app = renderApp('/aiOrder', { session: 'signedOut' });
    await waitFor(() => expect(app.session.signIn).toHaveBeenCalledWith('/aiOrder'));
    expect(screen.queryByTestId('visitor-entry')).toBeNull();
  });
});

