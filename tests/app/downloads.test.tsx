import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { DownloadRecord, PackageTask } from '../../src/shared/api/downloadSchemas';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const FILM = `${API_BASE}v2/FilmDown/`;

function task(over: Partial<PackageTask> = {}): PackageTask {
  return {
    taskId: 't-1',
    collectFilmId: 'film-1',
    format: 'dicom',
    desensitize: false,
    state: 'queued',
    progress: 0,
    fileName: null,
    sizeBytes: null,
    failure: null,
    expiresAt: null,
    studyDescription: '胸部CT平扫',
    studyDate: '2026-11-18',
    modality: 'CT',
    hospitalName: '云胶片示范医院',
    fileUrl: null,
    ...over,
  };
}

const ready = (over: Partial<PackageTask> = {}) =>
  task({
    state: 'ready',
    progress: 100,
    fileName: '胸部CT平扫_20261118_DICOM.zip',
    sizeBytes: 12_900_000,
    expiresAt: '2026-11-27T10:00:00',
    fileUrl: '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=app&exp=1795000000&grant=p1&sig=abc',
    ...over,
  });

const ok = (result: unknown) => HttpResponse.json(envelope(result));
const refuse = (code: number, message: string) => HttpResponse.json(envelope(null, code, message));

/** The page's chart state, as `data-state` shows it. */
const pageState = () => screen.getByTestId('download-film').getAttribute('data-state');

afterEach(() => vi.restoreAllMocks());

describe('downloadFilm?id= (the owner packs a study)', () => {
  it('chooses a format and desensitizing, follows the progress, and offers the file', async () => {
    const added: unknown[] = [];
    const answers = [task({ state: 'packing', progress: 40, format: 'jpeg', desensitize: true }), ready({ format: 'jpeg', desensitize: true })];
    server.use(
      http.get(`${FILM}ExeitPackageTask`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('collectFilmId')).toBe('film-1');
        return ok(null);
      }),
      http.post(`${FILM}AddPackageTask`, async ({ request }) => {
        added.push(await request.json());
        return ok(task({ format: 'jpeg', desensitize: true }));
      }),
      http.get(`${FILM}QueryPackageTask`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('taskId')).toBe('t-1');
        return ok(answers.shift());
      }),
    );
    const clock = new SimulatedClock();
    renderApp('/downloadFilm?id=film-1', { clock });
    const jpeg = await screen.findByTestId('package-format-jpeg');
    expect(screen.getByTestId('package-format-dicom')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('package-format-dicom')).toHaveTextContent('Opens in any desktop DICOM viewer (includes DICOMDIR)');
    expect(jpeg).toHaveTextContent('Pictures for any phone or computer');
    expect(screen.getByText(/removes the name, ID, birth date, hospital and accession number/)).toBeInTheDocument();
    await userEvent.click(jpeg);
    expect(jpeg).toHaveAttribute('aria-checked', 'true');
    const desensitize = screen.getByRole('switch', { name: 'Remove personal details' });
    await userEvent.click(desensitize);
    expect(desensitize).toBeChecked();
    await userEvent.click(screen.getByTestId('package-request'));

    const progress = await screen.findByTestId('package-progress');
    expect(added).toEqual([{ collectFilmId: 'film-1', format: 'jpeg', desensitize: true }]);
    expect(progress).toHaveAttribute('role', 'progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('package-packing')).toHaveTextContent('Waiting to start…');
    expect(screen.getByTestId('package-packing')).toHaveTextContent('You can leave this page; packing goes on.');

    act(() => clock.increment(1000));
    await waitFor(() => expect(screen.getByTestId('package-progress')).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByTestId('package-percent')).toHaveTextContent('40%');
    await waitFor(() => expect(pageState()).toBe('{"packing":"waiting"}'));

    act(() => clock.increment(8000));
    const readyPage = await screen.findByTestId('package-ready');
    expect(readyPage).toHaveTextContent('胸部CT平扫_20261118_DICOM.zip');
    expect(readyPage).toHaveTextContent('12.3 MB');
    expect(readyPage).toHaveTextContent('JPEG pictures · Personal details removed');
    expect(readyPage).toHaveTextContent('2026-11-27 10:00');
    const download = screen.getByTestId('package-download');
    expect(download).toHaveAttribute('href', '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=app&exp=1795000000&grant=p1&sig=abc');
    expect(download).toHaveAttribute('download');
    expect(screen.queryByTestId('package-wechat-note')).toBeNull();
  });

  it('finds the package made before (a reload) and copies its link, showing it to copy by hand too', async () => {
    const user = userEvent.setup();
    const url = 'http://localhost/downloadLink#token=tok-1';
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(ready())),
      http.get(`${FILM}CopyDownUrl`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('taskId')).toBe('t-1');
        return ok({ url, expiresAt: '2026-11-27T10:00:00' });
      }),
    );
    renderApp('/downloadFilm?id=film-1');
    await user.click(await screen.findByTestId('package-copy-link'));
    expect(await screen.findByTestId('package-link')).toHaveValue(url);
    expect(await screen.findByTestId('package-link-copied')).toHaveTextContent('Link copied');
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  it('says to copy the link by hand when the clipboard refuses it, and copies it again without fetching it again', async () => {
    const user = userEvent.setup();
    const url = 'http://localhost/downloadLink#token=tok-1';
    let fetched = 0;
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(ready())),
      http.get(`${FILM}CopyDownUrl`, () => {
        fetched++;
        return ok({ url, expiresAt: '2026-11-27T10:00:00' });
      }),
    );
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('not allowed'));
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderApp('/downloadFilm?id=film-1');
    await user.click(await screen.findByTestId('package-copy-link'));
    expect(await screen.findByTestId('package-link-manual')).toHaveTextContent('press and hold the link above');
    expect(screen.getByTestId('package-link')).toHaveValue(url);
    expect(screen.queryByTestId('package-link-copied')).toBeNull();
    expect(execCommand).toHaveBeenCalledWith('copy');
    // The second tap: the clipboard takes it now; the link shown is copied, not asked for again.
    await user.click(screen.getByTestId('package-copy-link'));
    expect(await screen.findByTestId('package-link-copied')).toHaveTextContent('Link copied');
    expect(screen.queryByTestId('package-link-manual')).toBeNull();
    expect(writeText).toHaveBeenLastCalledWith(url);
    expect(fetched).toBe(1);
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('says when the link cannot be fetched', async () => {
    server.use(http.get(`${FILM}ExeitPackageTask`, () => ok(ready())), http.get(`${FILM}CopyDownUrl`, () => HttpResponse.error()));
    renderApp('/downloadFilm?id=film-1');
    await userEvent.click(await screen.findByTestId('package-copy-link'));
    expect(await screen.findByTestId('package-link-problem')).toHaveTextContent('Could not get the link');
    expect(screen.queryByTestId('package-link')).toBeNull();
  });

  it('e-mails the link: the e-mail rule first, then keeps the address and sends', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(ready())),
      http.post(`${FILM}UpdateEmail`, async ({ request }) => {
        calls.push(`UpdateEmail ${JSON.stringify(await request.json())}`);
        return ok({ email: 'li_na@example.com' });
      }),
      http.post(`${FILM}SendEmail`, async ({ request }) => {
        calls.push(`SendEmail ${JSON.stringify(await request.json())}`);
        return ok({ email: 'li_na@example.com', sentAt: '2026-11-20T10:00:00Z' });
      }),
    );
    renderApp('/downloadFilm?id=film-1');
    const input = await screen.findByTestId('package-email');
    await userEvent.type(input, 'li..na@example.com');
    await userEvent.click(screen.getByTestId('package-send-email'));
    expect(screen.getByTestId('package-email-problem')).toHaveTextContent('Check the part before the @');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, ' li_na@example.com ');
    expect(input).toHaveValue('li_na@example.com');
    expect(screen.queryByTestId('package-email-problem')).toBeNull();
    await userEvent.click(screen.getByTestId('package-send-email'));
    expect(await screen.findByTestId('package-email-sent')).toHaveTextContent('The link was sent to li_na@example.com');
    expect(calls).toEqual(['UpdateEmail {"email":"li_na@example.com"}', 'SendEmail {"taskId":"t-1","email":"li_na@example.com"}']);
  });

  it.each([
    ['the server rule (4203)', () => refuse(4203, '邮箱格式不正确'), 'That address does not look right'],
    ['another refusal', () => refuse(4201, '文件尚未打包完成'), 'The e-mail cannot be sent right now'],
    ['no answer', () => HttpResponse.error(), 'Could not send. Check your connection'],
  ])('says why an e-mail was not sent: %s', async (_, answer, message) => {
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(ready())),
      http.post(`${FILM}UpdateEmail`, () => ok({ email: 'li_na@example.com' })),
      http.post(`${FILM}SendEmail`, answer),
    );
    renderApp('/downloadFilm?id=film-1');
    await userEvent.type(await screen.findByTestId('package-email'), 'li_na@example.com');
    await userEvent.click(screen.getByTestId('package-send-email'));
    expect(await screen.findByTestId('package-email-problem')).toHaveTextContent(message);
    expect(screen.queryByTestId('package-email-sent')).toBeNull();
  });

  it('does not keep the address for someone with only a study pass (no account to keep it in)', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(ready())),
      http.post(`${FILM}UpdateEmail`, () => {
        calls.push('UpdateEmail');
        return ok({ email: 'li_na@example.com' });
      }),
      http.post(`${FILM}SendEmail`, () => {
        calls.push('SendEmail');
        return ok({ email: 'li_na@example.com', sentAt: '2026-11-20T10:00:00Z' });
      }),
    );
    renderApp('/downloadFilm?id=film-1', { session: 'signedOut' });
    await userEvent.type(await screen.findByTestId('package-email'), 'li_na@example.com');
    await userEvent.click(screen.getByTestId('package-send-email'));
    await screen.findByTestId('package-email-sent');
    expect(calls).toEqual(['SendEmail']);
  });

  it('inside WeChat says the file cannot be saved there and how to get it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50');
    server.use(http.get(`${FILM}ExeitPackageTask`, () => ok(ready())));
    renderApp('/downloadFilm?id=film-1');
    expect(await screen.findByTestId('package-wechat-note')).toHaveTextContent('WeChat cannot save files. Copy the link or e-mail it');
  });

  it('makes another package from a ready one', async () => {
    server.use(http.get(`${FILM}ExeitPackageTask`, () => ok(ready())));
    renderApp('/downloadFilm?id=film-1');
    await userEvent.click(await screen.findByTestId('package-new'));
    expect(await screen.findByTestId('package-request')).toBeEnabled();
    expect(screen.getByTestId('package-format-dicom')).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps the choice and says so when the request gets no answer', async () => {
    let attempts = 0;
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(null)),
      http.post(`${FILM}AddPackageTask`, () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : ok(task());
      }),
    );
    renderApp('/downloadFilm?id=film-1');
    await userEvent.click(await screen.findByTestId('package-format-jpeg'));
    await userEvent.click(screen.getByTestId('package-request'));
    expect(await screen.findByTestId('package-request-problem')).toHaveTextContent('Could not reach the server. Your choice is kept');
    expect(screen.getByTestId('package-format-jpeg')).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByTestId('package-request'));
    expect(await screen.findByTestId('package-progress')).toBeInTheDocument();
  });

  it('says the connection is gone after missed answers while packing, and asks again on retry', async () => {
    let queries = 0;
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(task({ state: 'packing', progress: 20 }))),
      http.get(`${FILM}QueryPackageTask`, () => {
        queries += 1;
        return queries <= 3 ? HttpResponse.error() : ok(task({ state: 'packing', progress: 60 }));
      }),
    );
    const clock = new SimulatedClock();
    renderApp('/downloadFilm?id=film-1', { clock });
    expect(await screen.findByTestId('package-progress')).toHaveAttribute('aria-valuenow', '20');
    for (let missed = 1; missed <= 2; missed += 1) {
      act(() => clock.increment(8000));
      await waitFor(() => expect(pageState()).toBe('{"packing":"waiting"}'));
      expect(screen.queryByTestId('package-stalled')).toBeNull();
    }
    act(() => clock.increment(8000));
    expect(await screen.findByTestId('package-stalled')).toHaveTextContent('We lost contact with the server. Packing goes on');
    await userEvent.click(screen.getByTestId('package-retry'));
    await waitFor(() => expect(screen.getByTestId('package-progress')).toHaveAttribute('aria-valuenow', '60'));
    expect(screen.queryByTestId('package-stalled')).toBeNull();
  });

  it('packs again when the patient changes the desensitize choice while it packs', async () => {
    const updates: unknown[] = [];
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(task({ state: 'packing', progress: 30 }))),
      http.post(`${FILM}UpdateDesensitize`, async ({ request }) => {
        updates.push(await request.json());
        return ok(task({ desensitize: true }));
      }),
    );
    renderApp('/downloadFilm?id=film-1', { clock: new SimulatedClock() });
    const toggle = await screen.findByTestId('package-desensitize');
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('package-progress')).toHaveAttribute('aria-valuenow', '0'));
    expect(updates).toEqual([{ taskId: 't-1', desensitize: true }]);
    expect(screen.getByTestId('package-packing')).toHaveTextContent('Original DICOM files · Personal details removed');
  });

  it('shows why packing failed, and packs again on retry', async () => {
    const added: unknown[] = [];
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => ok(task({ state: 'failed', format: 'jpeg', failure: '影像归档服务器暂时无法访问' }))),
      http.post(`${FILM}AddPackageTask`, async ({ request }) => {
        added.push(await request.json());
        return ok(task({ format: 'jpeg' }));
      }),
    );
    renderApp('/downloadFilm?id=film-1', { clock: new SimulatedClock() });
    const failed = await screen.findByTestId('package-failed');
    expect(failed).toHaveTextContent('Packing did not succeed');
    expect(failed).toHaveTextContent('影像归档服务器暂时无法访问');
    expect(within(failed).getByTestId('package-new')).toBeInTheDocument();
    await userEvent.click(within(failed).getByTestId('package-retry'));
    expect(await screen.findByTestId('package-progress')).toBeInTheDocument();
    expect(added).toEqual([{ collectFilmId: 'film-1', format: 'jpeg', desensitize: false }]);
  });

  it('offers a retry when the page cannot find out whether a package exists', async () => {
    let calls = 0;
    server.use(
      http.get(`${FILM}ExeitPackageTask`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : ok(null);
      }),
    );
    renderApp('/downloadFilm?id=film-1');
    const failed = await screen.findByTestId('package-find-failed');
    expect(failed).toHaveTextContent('The download page could not load');
    await userEvent.click(within(failed).getByTestId('package-retry'));
    expect(await screen.findByTestId('package-request')).toBeInTheDocument();
  });

  it('without a study points to the studies; a study seen through a share cannot be downloaded', async () => {
    const first = renderApp('/downloadFilm');
    expect(await screen.findByTestId('download-no-study')).toHaveTextContent('Choose a study to download first');
    first.services.passes.keep({ token: 'share-pass', scope: 'share', studyIds: ['film-9'], expiresAt: '2099-01-01T00:00:00Z' });
    first.unmount();
    renderApp('/downloadFilm?id=film-9');
    expect(await screen.findByTestId('download-shared-only')).toHaveTextContent('A shared study can be viewed but not downloaded');
  });

  it('with #token= (the e-mailed link) shows what was received', async () => {
    server.use(http.get(`${FILM}QueryPackageTask`, () => ok(ready({ fileUrl: '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=link&exp=1795000000&grant=link&sig=abc' }))));
    renderApp('/downloadFilm#token=tok-1', { session: 'signedOut' });
    expect(await screen.findByTestId('received-download')).toHaveAttribute('href', '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=link&exp=1795000000&grant=link&sig=abc');
  });
});

describe('downloadLink#token= (someone received the link)', () => {
  it('shows the study, the package and a Download button', async () => {
    server.use(
      http.get(`${FILM}QueryPackageTask`, ({ request }) => {
        // The token goes in a header, never in the URL (issue 22).
        expect(request.headers.get('x-download-token')).toBe('tok-1');
        expect(request.url).not.toContain('tok-1');
        return ok(ready({ desensitize: true, fileUrl: '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=link&exp=1795000000&grant=link&sig=abc' }));
      }),
    );
    renderApp('/downloadLink#token=tok-1', { session: 'signedOut' });
    const page = await screen.findByTestId('download-received');
    expect(within(page).getByRole('heading', { name: 'Chest CT non-contrast' })).toBeInTheDocument();
    for (const text of ['2026-11-18', 'CT', '云胶片示范医院', 'Original DICOM files', 'Personal details removed', '12.3 MB', '2026-11-27 10:00']) {
      expect(page).toHaveTextContent(text);
    }
    expect(within(page).getByTestId('received-download')).toHaveAttribute('href', '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=link&exp=1795000000&grant=link&sig=abc');
  });

  it.each([
    [4202, '下载链接已过期，请重新打包', 'download-link-expired', 'This download link has expired'],
    [4201, '下载任务不存在', 'download-link-unknown', 'This download link does not exist'],
  ])('a refused link (%i) says so plainly, not on the error page', async (code, message, testId, heading) => {
    server.use(http.get(`${FILM}QueryPackageTask`, () => refuse(code, message)));
    const app = renderApp('/downloadLink#token=old', { session: 'signedOut' });
    const page = await screen.findByTestId(testId);
    expect(page).toHaveTextContent(heading);
    expect(page).toHaveTextContent(/ask the person who sent it/i);
    expect(app.location()).toBe('/downloadLink#token=old');
  });

  it('a link made when the token was in the query still opens, and the token leaves the address at once', async () => {
    const seen: Array<string | null> = [];
    server.use(http.get(`${FILM}QueryPackageTask`, ({ request }) => (seen.push(request.headers.get('x-download-token')), ok(ready()))));
    const app = renderApp('/downloadLink?token=tok-1', { session: 'signedOut' });
    expect(await screen.findByTestId('received-download')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/downloadLink#token=tok-1'));
    expect(seen.every((token) => token === 'tok-1')).toBe(true);
  });

  it('an old downloadFilm link with the token in the query: the token leaves for the fragment, the rest of the query stays, the package is asked for once', async () => {
    const seen: Array<string | null> = [];
    server.use(http.get(`${FILM}QueryPackageTask`, ({ request }) => (seen.push(request.headers.get('x-download-token')), ok(ready()))));
    const app = renderApp('/downloadFilm?from=mail&token=tok-2', { session: 'signedOut' });
    expect(await screen.findByTestId('received-download')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/downloadFilm?from=mail#token=tok-2'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(seen).toEqual(['tok-2']);
  });

  it('a link without a token does not exist', async () => {
    renderApp('/downloadLink', { session: 'signedOut' });
    expect(await screen.findByTestId('download-link-unknown')).toBeInTheDocument();
  });

  it('offers a retry when the link cannot be read', async () => {
    let calls = 0;
    server.use(
      http.get(`${FILM}QueryPackageTask`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : ok(ready());
      }),
    );
    const app = renderApp('/downloadLink#token=tok-1', { session: 'signedOut' });
    const failed = await screen.findByTestId('download-link-failed');
    expect(app.location()).toBe('/downloadLink#token=tok-1');
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('received-download')).toBeInTheDocument();
  });

  it('a package being made again says so, and checks again', async () => {
    let calls = 0;
    server.use(
      http.get(`${FILM}QueryPackageTask`, () => {
        calls += 1;
        return ok(calls === 1 ? task({ state: 'packing', progress: 35 }) : ready());
      }),
    );
    renderApp('/downloadLink#token=tok-1', { session: 'signedOut' });
    expect(await screen.findByTestId('received-not-ready')).toHaveTextContent('being made again (35%)');
    await userEvent.click(screen.getByTestId('received-check-again'));
    expect(await screen.findByTestId('received-download')).toBeInTheDocument();
  });
});

describe('downloadList (my download records)', () => {
  const record = (n: number, over: Partial<DownloadRecord> = {}): DownloadRecord => ({
    recordId: `r-${n}`,
    taskId: `t-${n}`,
    collectFilmId: `film-${n}`,
    studyDescription: n === 1 ? '胸部CT平扫' : '头颅MR平扫',
    studyDate: '2026-11-18',
    modality: n === 1 ? 'CT' : 'MR',
    format: n === 1 ? 'dicom' : 'jpeg',
    desensitize: n !== 1,
    via: n === 1 ? 'app' : 'email',
    downloadedAt: '2026-11-20T09:05:00',
    sizeBytes: 52_428_800,
    fileUrl: n === 1 ? '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=app&exp=1795000000&grant=p1&sig=abc' : null,
    ...over,
  });

  it('shows each download, with "download again" while the package lasts', async () => {
    server.use(
      http.get(`${FILM}FilmDownRecord`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('pageIndex')).toBe('1');
        return ok({ rows: [record(1), record(2)], totals: 2 });
      }),
    );
    renderApp('/downloadList');
    const [first, second] = await screen.findAllByTestId('download-record');
    for (const text of ['Chest CT non-contrast', 'CT · 2026-11-18', 'Original DICOM files', 'With personal details', 'In the app · 2026-11-20 09:05 · 50.0 MB']) {
      expect(first).toHaveTextContent(text);
    }
    expect(within(first!).getByTestId('download-again')).toHaveAttribute('href', '/api/v2/FilmDown/FilmDownFile?taskId=t-1&via=app&exp=1795000000&grant=p1&sig=abc');
    expect(second).toHaveTextContent('JPEG pictures');
    expect(second).toHaveTextContent('Personal details removed');
    expect(second).toHaveTextContent('By e-mail');
    expect(within(second!).queryByTestId('download-again')).toBeNull();
    expect(within(second!).getByTestId('download-expired')).toHaveTextContent('Expired');
  });

  it('says "no data" when there are none', async () => {
    server.use(http.get(`${FILM}FilmDownRecord`, () => ok({ rows: [], totals: 0 })));
    renderApp('/downloadList');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('No data');
  });

  it('shows the Chinese catalogue', async () => {
    server.use(http.get(`${FILM}FilmDownRecord`, () => ok({ rows: [record(2)], totals: 1 })));
    renderApp('/downloadList', { locale: 'zh-CN' });
    const card = await screen.findByTestId('download-record');
    expect(card).toHaveTextContent('通过邮件下载');
    expect(card).toHaveTextContent('已过期');
  });
});
