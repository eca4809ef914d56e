import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

describe('my images (myImageList)', () => {
  it('lists the collected studies, each opening its film detail', async () => {
    const app = renderApp('/myImageList');
    const cards = await screen.findAllByTestId('study-link');
    expect(cards).toHaveLength(8);
    expect(cards[0]).toHaveTextContent('Saved 2026-11-20');
    await userEvent.click(cards[1]!);
    await waitFor(() => expect(app.location()).toBe('/index?id=film-2'));
  });

  it('removes a film only after the patient confirms, says so, and loads the list again', async () => {
    const removed: string[] = [];
    let pages = 0;
    server.use(
      http.post(`${API_BASE}V1.0/Package/delete`, ({ request }) => {
        removed.push(new URL(request.url).searchParams.get('collectId') ?? '');
        return HttpResponse.json(envelope(null));
      }),
      http.get(`${API_BASE}V1.0/Package/list`, () => {
        pages += 1;
        return HttpResponse.json(envelope({ rows: [{ collectId: 'c-1', collectFilmId: 'film-1', collectedAt: '2026-11-20', patientName: '张三', modality: 'CT', studyDate: '2026-10-02' }], totals: 1 }));
      }),
    );
    renderApp('/myImageList');
    await userEvent.click(await screen.findByTestId('film-remove'));
    const dialog = screen.getByTestId('remove-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(removed).toEqual([]);
    await userEvent.click(screen.getByTestId('film-remove'));
    await userEvent.click(within(screen.getByTestId('remove-dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Operation succeeded')).toBeInTheDocument();
    expect(removed).toEqual(['c-1']);
    await waitFor(() => expect(pages).toBe(2));
  });

  it('shows the server message when it refuses', async () => {
    server.use(http.post(`${API_BASE}V1.0/Package/delete`, () => HttpResponse.json(envelope(null, 4004, '该影像已不在我的影像中'))));
    renderApp('/myImageList');
    const [first] = await screen.findAllByTestId('film-remove');
    await userEvent.click(first!);
    await userEvent.click(within(screen.getByTestId('remove-dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('该影像已不在我的影像中')).toBeInTheDocument();
  });
});

describe('electronic reports (imageList)', () => {
  it('has a tab per check type from the server, and a card opens the film detail at the report', async () => {
    const app = renderApp('/imageList');
    expect(await screen.findAllByTestId('study-link')).toHaveLength(2);
    await userEvent.click(await screen.findByTestId('tab-MR'));
    await waitFor(() => expect(screen.getAllByTestId('study-link')).toHaveLength(1));
    const card = screen.getByTestId('study-link');
    expect(card).toHaveTextContent('双侧额叶少许缺血灶。');
    expect(card).toHaveTextContent('Report ready');
    await userEvent.click(card);
    await waitFor(() => expect(app.router.state.location.hash).toBe('#report'));
  });

  it('the address owns the tab: ?tab=MR opens on MR, the tab strip writes it there, and a link to ?tab=MR shows it again', async () => {
    const app = renderApp('/imageList?tab=MR');
    await waitFor(() => expect(screen.getAllByTestId('study-link')).toHaveLength(1));
    expect(await screen.findByTestId('tab-MR')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(screen.getAllByTestId('study-link')).toHaveLength(2));
    expect(app.location()).toBe('/imageList');
    await act(() => app.router.navigate('/imageList?tab=MR'));
    await waitFor(() => expect(screen.getAllByTestId('study-link')).toHaveLength(1));
    expect(screen.getByTestId('tab-MR')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('film sheets (electronicFilm) and HD images (customHDImageList)', () => {
  it('without a study asks which one; with one shows the sheets, full screen with zoom', async () => {
    const app = renderApp('/electronicFilm');
    const [first] = await screen.findAllByTestId('study-link');
    expect(first).toHaveAttribute('href', '/electronicFilm?id=film-1');
    await userEvent.click(first!);
    const item = await screen.findByTestId('film-sheets-item');
    // Under each sheet, until it arrives and covers it: that it is loading (for the eyes only; the
    // button's name is the sheet's).
    expect(within(item).getByTestId('film-sheets-loading')).toHaveTextContent('Loading the film sheet…');
    expect(within(item).getByTestId('film-sheets-loading')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(item);
    const zoom = screen.getByTestId('zoom-view');
    expect(zoom).toHaveAttribute('data-zoom', '1.00');
    const stage = within(zoom).getByTestId('zoom-stage');
    fireEvent.wheel(stage, { deltaY: -100, clientX: 10, clientY: 10 });
    expect(zoom).toHaveAttribute('data-zoom', '1.20');
    await userEvent.click(within(zoom).getByTestId('zoom-close'));
    expect(screen.queryByTestId('zoom-view')).not.toBeInTheDocument();
    expect(app.location()).toBe('/electronicFilm?id=film-1');
  });

  it('says so when a study has no HD images', async () => {
    renderApp('/customHDImageList?id=film-1');
    expect(await screen.findByTestId('hd-images-empty')).toHaveTextContent('This study has no HD images yet');
  });

  it('sends a failure where the error catalogue says: the error page with the server message and a way back', async () => {
    server.use(http.get(`${API_BASE}V2.0/YJPIndex/ElectImages`, () => HttpResponse.json(envelope(null, 500, '影像服务繁忙'))));
    const app = renderApp('/customHDImageList?id=film-1');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'));
    expect(await screen.findByTestId('status-text')).toHaveTextContent('影像服务繁忙');
    await waitFor(() => expect(new URLSearchParams(app.router.state.location.search).get('back')).toBe('/customHDImageList?id=film-1'));
  });
});

describe('study information (medicalTag)', () => {
  it('shows the study and each series as the images carry them', async () => {
    renderApp('/medicalTag?id=film-3');
    const tags = await screen.findByTestId('study-tags');
    expect(tags).toHaveTextContent('MZ0010031877');
    expect(tags).toHaveTextContent('1.2.3.film-3');
    const series = within(tags).getByTestId('study-tags-series');
    expect(series).toHaveTextContent('Axial 1.25mm');
    expect(series).toHaveTextContent('Series 1 · 2');
  });
});

describe('checkList (a passed verification)', () => {
  it('lists the studies the pass opened, asked a page at a time with the pass, each opening its film detail', async () => {
    const asked: Array<{ page: string | null; size: string | null; pass: string | null }> = [];
    const row = { collectFilmId: 'film-7', studyDate: '2026-11-18', modality: 'CT', studyDescription: '胸部CT平扫', hospitalName: '云胶片示范医院', reportStatus: 2, imageCount: 3 };
    server.use(
      http.get(`${API_BASE}v2/ReportCheck/GetReportList`, ({ request }) => {
        const url = new URL(request.url);
        asked.push({ page: url.searchParams.get('pageIndex'), size: url.searchParams.get('pageLength'), pass: request.headers.get('X-Study-Pass') });
        return HttpResponse.json(envelope({ rows: [row], totals: 1 }));
      }),
    );
    const first = renderApp('/Home', { session: 'signedOut' });
    first.services.passes.keep({ token: 'pass-1', scope: 'collect', studyIds: null, expiresAt: '2099-01-01T00:00:00Z' });
    first.unmount();
    renderApp('/checkList', { session: 'signedOut' });
    const card = await screen.findByTestId('study-card');
    expect(card).toHaveTextContent('Chest CT non-contrast');
    expect(asked).toEqual([{ page: '1', size: expect.stringMatching(/^\d+$/), pass: 'pass-1' }]);
    expect(card.closest('a')).toHaveAttribute('href', '/index?id=film-7');
    sessionStorage.clear();
  });
});
