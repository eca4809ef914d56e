import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import { stubIntersectionObserver } from './testDoubles';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

const studyList = `${API_BASE}V1.0/Package/HospitalStudyList`;

describe('my studies (kept alive)', () => {
  it('shows skeletons, then the first page of studies with sex and age converted', async () => {
    renderApp('/myStudyList');
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('study-card');
    expect(cards).toHaveLength(8);
    expect(cards[0]).toHaveTextContent('张三 Male · 45 yrs');
    expect(screen.getByTestId('study-list')).toHaveAttribute('data-state', 'idle');
  });

  it('loads the next page on scroll until the totals, then says "no more"', async () => {
    const scrollToEnd = stubIntersectionObserver();
    renderApp('/myStudyList');
    await waitFor(() => expect(screen.getAllByTestId('study-card')).toHaveLength(8));
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('study-card')).toHaveLength(16));
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('study-card')).toHaveLength(20));
    expect(screen.getByTestId('list-footer')).toHaveTextContent('No more');
    expect(screen.getByTestId('study-list')).toHaveAttribute('data-state', 'finished');
  });

  it('refreshes when pulled down from the top far enough', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('HospitalStudyList')) calls += 1;
    });
    renderApp('/myStudyList');
    await waitFor(() => expect(screen.getAllByTestId('study-card')).toHaveLength(8));
    const list = screen.getByTestId('study-list');
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 160 }] });
    expect(screen.getByTestId('pull-hint')).toHaveTextContent('Pull down to refresh');
    fireEvent.touchEnd(list);
    expect(calls).toBe(1);
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 300 }] });
    expect(screen.getByTestId('pull-hint')).toHaveTextContent('Release to refresh');
    fireEvent.touchEnd(list);
    await waitFor(() => expect(calls).toBe(2));
    server.events.removeAllListeners();
  });

  it('says "New report" on the card of a report that arrived after the patient asked, and nothing new on the others (issue 27 §5)', async () => {
    const { study } = await import('../msw/fixtures');
    server.use(http.get(studyList, () => HttpResponse.json(envelope({ rows: [{ ...study(1), reportNew: true }, study(2), { ...study(3), reportNew: undefined }], totals: 3 }))));
    renderApp('/myStudyList');
    const statuses = (await screen.findAllByTestId('study-report-status')).map((status) => [status.textContent, status.dataset.fresh]);
    expect(statuses).toEqual([
      ['New report', 'true'],
      ['Report ready', 'false'],
      // An API without the field: nothing is new.
      ['Report pending', 'false'],
    ]);
  });

  it('asks again on the way back from a new report the patient opened, so its card no longer says "new"', async () => {
    const { study } = await import('../msw/fixtures');
    let read = false;
    server.use(
      http.get(studyList, () => HttpResponse.json(envelope({ rows: [{ ...study(1), reportNew: !read }, study(2)], totals: 2 }))),
      http.get(`${API_BASE}V1.0/Report/detail`, () => {
        read = true;
        return HttpResponse.json(envelope({ status: 2, checkType: 'CT', findings: '双肺纹理清晰。', impression: '未见明显异常。', reportedBy: '赵明', reportedAt: '2026-11-18T11:00:00+08:00', reviewedBy: null, reviewedAt: null }));
      }),
    );
    const app = renderApp('/myStudyList');
    await userEvent.click((await screen.findAllByTestId('study-link'))[0]!);
    await screen.findByTestId('report-impression');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.getAllByTestId('study-report-status')[0]).toHaveAttribute('data-fresh', 'false'));
    expect(screen.getAllByTestId('study-report-status')[0]).toHaveTextContent('Report ready');
  });

  it('shows "no data" for an empty list', async () => {
    server.use(http.get(studyList, () => HttpResponse.json(envelope({ rows: [], totals: 0 }))));
    renderApp('/myStudyList');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('No data');
  });

  it.each([
    ['7001 goes to the stopped page with the server message and code', () => HttpResponse.json(envelope(null, 7001, '医院已停用云胶片')), '/errorStop', '[7001]', '医院已停用云胶片'],
    ['another statusCode goes to the error page with message and code', () => HttpResponse.json(envelope(null, 5003, '数据同步中')), '/error', '[5003]', '数据同步中'],
    ['HTTP 500 goes to the error page', () => new HttpResponse('boom', { status: 500 }), '/error', '[500]', 'The service is unavailable right now'],
    ['a network error goes to the error page as a network error', () => HttpResponse.error(), '/error', null, 'Network connection timed out, try later.'],
    ['a malformed answer is told to the patient', () => HttpResponse.json(envelope({ rows: 'nope' })), '/error', null, 'The server sent an answer we could not read'],
  ])('%s', async (_name, answer, pathname, code, text) => {
    server.use(http.get(studyList, answer));
    const app = renderApp('/myStudyList');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(pathname));
    const page = await screen.findByTestId(pathname === '/error' ? 'error-page' : 'stop-page');
    expect(within(page).getByTestId('status-text')).toHaveTextContent(text);
    if (code) expect(within(page).getByTestId('status-code')).toHaveTextContent(code);
    else expect(within(page).queryByTestId('status-code')).not.toBeInTheDocument();
    expect(within(page).queryByTestId('customer-service') !== null).toBe(pathname === '/error' && !text.startsWith('Network'));
    if (pathname === '/error') await waitFor(() => expect(app.location()).toContain('back=%2FmyStudyList'));
  });

  it('comes back from the error page to a retry, and the retry loads', async () => {
    let calls = 0;
    server.use(http.get(studyList, () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json(envelope({ rows: [], totals: 0 })))));
    const app = renderApp('/myStudyList');
    const page = await screen.findByTestId('error-page');
    await userEvent.click(await within(page).findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location()).toBe('/myStudyList'));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('comes back with its items and scroll position, without refetching', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('HospitalStudyList')) calls += 1;
    });
    const app = renderApp('/myStudyList');
    await screen.findAllByTestId('study-card');
    window.scrollTo(0, 640);
    window.dispatchEvent(new Event('scroll'));
    await act(() => app.router.navigate('/help'));
    await screen.findByTestId('help');
    expect(window.scrollY).toBe(0);
    expect(screen.getAllByTestId('study-card')[0]).not.toBeVisible();
    await act(() => app.router.navigate('/myStudyList'));
    expect(screen.getAllByTestId('study-card')[0]).toBeVisible();
    expect(window.scrollY).toBe(640);
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  it('a card opens its film detail (index with the film id)', async () => {
    const app = renderApp('/myStudyList');
    const [first] = await screen.findAllByTestId('study-link');
    await userEvent.click(first!);
    await waitFor(() => expect(app.location()).toBe('/index?id=film-1'));
    expect(await screen.findByTestId('film-detail')).toBeInTheDocument();
    expect(screen.queryByTestId('hub')).not.toBeInTheDocument();
  });
});
