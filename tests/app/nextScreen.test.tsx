/**
 * The next screen, on its way before it is asked for (issue 26): a press on a study card sends the
 * film detail's first reads, which the detail takes when the tap lands; and a list the patient
 * comes back to shows its items at once, asking for its first page again behind them when they are
 * older than LIST_STALE_MS (stale-while-revalidate).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_STALE_MS } from '../../src/shared/rules/constants';
import { server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();
afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

function asked(path: string) {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => void (request.url.includes(path) && urls.push(request.url)));
  return urls;
}

describe('the next screen, on its way before it is asked for', () => {
  it("a press on a study card sends the film detail's reads; the detail takes them when the tap lands", async () => {
    const detail = asked('HospitalStudyImageList');
    renderApp('/myStudyList');
    const [card] = await screen.findAllByTestId('study-link');
    fireEvent.pointerDown(card!);
    await waitFor(() => expect(detail).toHaveLength(1));
    await userEvent.click(card!);
    expect(await screen.findByTestId('film-study')).toBeInTheDocument();
    expect(detail).toHaveLength(1);
  });

  it('a press on the link to a kept-alive list the patient has seen asks nothing: the list comes back as it was', async () => {
    const list = asked('HospitalStudyList');
    const app = renderApp('/myStudyList');
    await screen.findAllByTestId('study-card');
    expect(list).toHaveLength(1);
    await act(() => app.router.navigate('/Home'));
    const tile = await screen.findByRole('link', { name: /My studies/ });
    fireEvent.pointerDown(tile);
    await userEvent.click(tile);
    expect((await screen.findAllByTestId('study-card')).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list).toHaveLength(1);
  });

  it('a press sends nothing for a visitor without a credential (the screen would only be refused)', async () => {
    const detail = asked('HospitalStudyImageList');
    const app = renderApp('/myStudyList');
    const [card] = await screen.findAllByTestId('study-link');
    act(() => app.setSessionStatus('signedOut'));
    fireEvent.pointerDown(card!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(detail).toHaveLength(0);
  });

  it.each([
    ['older than LIST_STALE_MS, asks for its first page again behind its items', LIST_STALE_MS + 1_000, 2],
    ['fresh, shows its items and asks nothing', LIST_STALE_MS - 1_000, 1],
  ])('a kept-alive list the patient comes back to, %s', async (_name, away, calls) => {
    const list = asked('HospitalStudyList');
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const app = renderApp('/myStudyList');
    const [card] = await screen.findAllByTestId('study-link');
    await userEvent.click(card!);
    await screen.findByTestId('film-study');
    clock.mockReturnValue(start + away);
    await act(() => app.router.navigate(-1));
    expect((await screen.findAllByTestId('study-card')).length).toBeGreaterThan(0);
    await waitFor(() => expect(list).toHaveLength(calls));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list).toHaveLength(calls);
  });
});
