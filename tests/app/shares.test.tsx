import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { Share, ShareLog, ShareOpening } from '../../src/shared/api/shareSchemas';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

function share(n: number, overrides: Partial<Share> = {}): Share {
  const code = `ABCD${String(2000 + n)}`;
  return {
    shareId: String(n),
    collectFilmId: `film-${n}`,
    code,
    accessCode: String(1000 + n),
    url: `http://localhost/shareCode?code=${code}`,
    days: 7,
    createdAt: '2026-11-20T10:00:00+08:00',
    expiresAt: '2026-11-27T10:00:00+08:00',
    state: 'active',
    openCount: 0,
    lastOpenedAt: null,
    studyDescription: '胸部CT平扫',
    studyDate: '2026-10-02',
    modality: 'CT',
    patientName: '张三',
    hospitalName: '云胶片示范医院',
    ...overrides,
  };
}

/** The share list answers these rows; counts how often it was asked. */
function shareList(rows: () => Share[]) {
  const asked = { count: 0 };
  server.use(
    http.get(`${API_BASE}V1.0/Share/list`, () => {
      asked.count += 1;
      const current = rows();
      return HttpResponse.json(envelope({ rows: current, totals: current.length }));
    }),
  );
  return asked;
}

describe('sharing a study (shareList with ?id)', () => {
  it('creates a share for the chosen days and shows its link, access code and QR code, then the list shows it', async () => {
    const user = userEvent.setup();
    const created = share(9, { days: 30 });
    const rows: Share[] = [share(1)];
    const bodies: unknown[] = [];
    const list = shareList(() => rows);
    server.use(
      http.post(`${API_BASE}V1.0/Share/create`, async ({ request }) => {
        bodies.push(await request.json());
        rows.unshift(created);
        return HttpResponse.json(envelope(created));
      }),
    );
    renderApp('/shareList?id=film-9');
    expect(await screen.findByTestId('share-days-7')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('share-days-30'));
    expect(screen.getByTestId('share-days-30')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('share-create'));

    expect(await screen.findByTestId('share-access-code')).toHaveTextContent('1009');
    expect(bodies).toEqual([{ collectFilmId: 'film-9', days: 30 }]);
    expect(screen.getByTestId('share-url')).toHaveTextContent('http://localhost/shareCode?code=ABCD2009');
    const qr = screen.getByTestId('share-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAccessibleName(/QR code of the share link/);
    expect(qr).toHaveAttribute('data-text', created.url);
    // Outside WeChat: no card; the advice says what to do with what the button copies.
    expect(await screen.findByTestId('share-copy-hint')).toHaveTextContent('Paste what you copied');
    expect(screen.queryByTestId('share-wechat-hint')).not.toBeInTheDocument();
    // The list of my shares was asked again and shows the new one first.
    await waitFor(() => expect(list.count).toBe(2));
    await waitFor(() => expect(screen.getAllByTestId('share-row')).toHaveLength(2));
    expect(screen.getAllByTestId('share-row')[0]).toHaveAttribute('data-code', 'ABCD2009');

    await user.click(screen.getByTestId('share-copy'));
    expect(screen.getByTestId('share-copy')).toHaveTextContent('Copied');
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('http://localhost/shareCode?code=ABCD2009  Access code 1009'));

    await user.click(screen.getByTestId('share-again'));
    expect(screen.getByTestId('share-create')).toBeEnabled();
    expect(screen.queryByTestId('share-access-code')).not.toBeInTheDocument();
    expect(screen.getByTestId('share-days-30')).toHaveAttribute('aria-checked', 'true');
  });

  it('a share created while the list of my shares is still on its way shows in it: the answer read before it is not the last word', async () => {
    const user = userEvent.setup();
    const created = share(9);
    const rows: Share[] = [share(1)];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let asked = 0;
    server.use(
      http.get(`${API_BASE}V1.0/Share/list`, async () => {
        asked += 1;
        // Read as the server reads it, when asked; the first answer is held back until after the create.
        const current = [...rows];
        if (asked === 1) await firstHeld;
        return HttpResponse.json(envelope({ rows: current, totals: current.length }));
      }),
      http.post(`${API_BASE}V1.0/Share/create`, () => {
        rows.unshift(created);
        return HttpResponse.json(envelope(created));
      }),
    );
    renderApp('/shareList?id=film-9');
    await user.click(await screen.findByTestId('share-create'));
    expect(await screen.findByTestId('share-access-code')).toHaveTextContent('1009');
    await waitFor(() => expect(asked).toBe(2));
    releaseFirst();
    const codes = () => screen.getAllByTestId('share-row').map((row) => row.getAttribute('data-code'));
    await waitFor(() => expect(codes()).toEqual(['ABCD2009', 'ABCD2001']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(codes()).toEqual(['ABCD2009', 'ABCD2001']);
  });

  it('inside WeChat sets the share card and says how to send it to a friend', async () => {
    const user = userEvent.setup();
    shareList(() => []);
    server.use(http.post(`${API_BASE}V1.0/Share/create`, () => HttpResponse.json(envelope(share(3)))));
    const app = renderApp('/shareList?id=film-3');
    const shareCard = vi.fn(async () => 'ready' as const);
    app.services.wechat.shareCard = shareCard;
    await user.click(await screen.findByTestId('share-create'));
    expect(await screen.findByTestId('share-wechat-hint')).toHaveTextContent('Tap ··· at the top right');
    expect(shareCard).toHaveBeenCalledWith({
      title: 'Images shared by 张三',
      desc: '2026-10-02 胸部CT平扫. You need the access code to view it.',
      link: 'http://localhost/shareCode?code=ABCD2003',
      imgUrl: `${window.location.origin}/favicon.svg`,
    });
  });

  it('says so when the server refuses, and when there is no answer, keeping the choice to try again', async () => {
    const user = userEvent.setup();
    shareList(() => []);
    let answer: 'refuse' | 'drop' | 'ok' = 'refuse';
    server.use(
      http.post(`${API_BASE}V1.0/Share/create`, () => {
        if (answer === 'refuse') return HttpResponse.json(envelope(null, 404, '检查不存在'));
        if (answer === 'drop') return HttpResponse.error();
        return HttpResponse.json(envelope(share(4)));
      }),
    );
    renderApp('/shareList?id=film-4');
    await user.click(await screen.findByTestId('share-days-1'));
    await user.click(screen.getByTestId('share-create'));
    expect(await screen.findByTestId('share-create-problem')).toHaveTextContent('This study can’t be shared now');
    answer = 'drop';
    await user.click(screen.getByTestId('share-create'));
    await waitFor(() => expect(screen.getByTestId('share-create-problem')).toHaveAttribute('data-problem', 'offline'));
    expect(screen.getByTestId('share-create-problem')).toHaveTextContent('the network seems down');
    expect(screen.getByTestId('share-days-1')).toHaveAttribute('aria-checked', 'true');
    answer = 'ok';
    await user.click(screen.getByTestId('share-create'));
    expect(await screen.findByTestId('share-access-code')).toHaveTextContent('1004');
    expect(screen.queryByTestId('share-create-problem')).not.toBeInTheDocument();
  });

  it('in Chinese reads naturally', async () => {
    const user = userEvent.setup();
    shareList(() => []);
    server.use(http.post(`${API_BASE}V1.0/Share/create`, () => HttpResponse.json(envelope(share(5)))));
    renderApp('/shareList?id=film-5', { locale: 'zh-CN' });
    expect(await screen.findByTestId('share-days-7')).toHaveTextContent('7 天');
    await user.click(screen.getByTestId('share-create'));
    expect(await screen.findByTestId('share-copy-hint')).toHaveTextContent('复制后，粘贴到微信或短信里发给您信任的人');
    await user.click(screen.getByTestId('share-copy'));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('http://localhost/shareCode?code=ABCD2005  访问码 1005'));
    expect(screen.getByTestId('share-copy')).toHaveTextContent('已复制');
  });
});

describe('my shares (shareList)', () => {
  it('lists each share with its state, openings and codes; only an active one can be revoked', async () => {
    shareList(() => [
      share(1, { openCount: 3, lastOpenedAt: '2026-11-21T09:30:00+08:00' }),
      share(2, { state: 'expired' }),
      share(3, { state: 'revoked', studyDescription: '' }),
    ]);
    renderApp('/shareList');
    const rows = await screen.findAllByTestId('share-row');
    expect(rows).toHaveLength(3);
    expect(screen.queryByTestId('share-panel')).not.toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('share-state')).toHaveTextContent('Active');
    expect(within(rows[0]!).getByTestId('share-opens')).toHaveTextContent('Opened: 3 · last 2026-11-21');
    expect(within(rows[0]!).getByTestId('share-codes')).toHaveTextContent('ABCD2001 · access code 1001');
    expect(rows[0]).toHaveTextContent('Chest CT non-contrast');
    expect(within(rows[0]!).getByTestId('share-revoke')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('share-state')).toHaveTextContent('Expired');
    expect(within(rows[1]!).getByTestId('share-opens')).toHaveTextContent('Opened: 0');
    expect(within(rows[1]!).queryByTestId('share-revoke')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('share-state')).toHaveTextContent('Revoked');
    expect(within(rows[2]!).queryByTestId('share-revoke')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('share-codes')).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByTestId('share-codes')).not.toBeInTheDocument();
  });

  it('shows "no data" when there is no share yet', async () => {
    shareList(() => []);
    renderApp('/shareList');
    expect(await screen.findByTestId('list-empty')).toBeInTheDocument();
  });

  it('revokes a share only after the patient confirms, says so, and loads the list again', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const asked: unknown[] = [];
    const list = shareList(() => [share(1, { state: revoked ? 'revoked' : 'active' })]);
    server.use(
      http.post(`${API_BASE}V1.0/Share/revoke`, async ({ request }) => {
        asked.push(await request.json());
        revoked = true;
        return HttpResponse.json(envelope(null, 200, '操作成功'));
      }),
    );
    renderApp('/shareList');
    await user.click(await screen.findByTestId('share-revoke'));
    await user.click(within(screen.getByTestId('revoke-dialog')).getByRole('button', { name: 'Keep it' }));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('revoke-dialog')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('share-revoke'));
    await user.click(within(screen.getByTestId('revoke-dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Operation succeeded');
    expect(asked).toEqual([{ shareId: '1' }]);
    await waitFor(() => expect(list.count).toBe(2));
    await waitFor(() => expect(screen.getByTestId('share-state')).toHaveTextContent('Revoked'));
    expect(screen.queryByTestId('share-revoke')).not.toBeInTheDocument();
  });

  it('a revoked share\'s codes disappear at once, before the list answers again, and the new-share panel forgets it', async () => {
    const user = userEvent.setup();
    let revoked = false;
    let answerList: () => void = () => {};
    const created = share(1);
    server.use(
      http.get(`${API_BASE}V1.0/Share/list`, async () => {
        // Once revoked, the list takes its time to answer again.
        if (revoked) await new Promise<void>((resolve) => (answerList = resolve));
        return HttpResponse.json(envelope({ rows: [share(1, { state: revoked ? 'revoked' : 'active' })], totals: 1 }));
      }),
      http.post(`${API_BASE}V1.0/Share/create`, () => HttpResponse.json(envelope(created))),
      http.post(`${API_BASE}V1.0/Share/revoke`, () => {
        revoked = true;
        return HttpResponse.json(envelope(null, 200, '操作成功'));
      }),
    );
    renderApp('/shareList?id=film-1');
    await user.click(await screen.findByTestId('share-create'));
    expect(await screen.findByTestId('share-access-code')).toHaveTextContent('1001');
    expect(await screen.findByTestId('share-codes')).toHaveTextContent('ABCD2001 · access code 1001');
    await user.click(screen.getByTestId('share-revoke'));
    await user.click(within(screen.getByTestId('revoke-dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Operation succeeded');
    // The list has not answered yet: nothing of the share is shown or copyable any more.
    await waitFor(() => expect(screen.queryByTestId('share-codes')).not.toBeInTheDocument());
    expect(screen.queryByTestId('share-access-code')).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-url')).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-qr')).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-copy')).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-revoke')).not.toBeInTheDocument();
    expect(screen.getByTestId('share-state')).toHaveTextContent('Revoked');
    // The panel says the share was revoked, and a new one is a tap away.
    expect(screen.getByTestId('share-revoked')).toHaveTextContent('Share revoked');
    answerList();
    await waitFor(() => expect(screen.getByTestId('share-row')).toHaveAttribute('data-share-state', 'revoked'));
    expect(screen.queryByTestId('share-codes')).not.toBeInTheDocument();
    expect(screen.queryByTestId('share-access-code')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('share-again'));
    await user.click(screen.getByTestId('share-days-30'));
    expect(screen.getByTestId('share-days-30')).toBeChecked();
    expect(screen.getByTestId('share-create')).toBeEnabled();
  });

  it('an expired or revoked share shows no code to pass on', async () => {
    shareList(() => [share(2, { state: 'expired' }), share(3, { state: 'revoked' })]);
    renderApp('/shareList');
    expect(await screen.findAllByTestId('share-row')).toHaveLength(2);
    expect(screen.queryByTestId('share-codes')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('1002');
    expect(document.body).not.toHaveTextContent('1003');
  });

  it('shows the server message when it refuses to revoke', async () => {
    const user = userEvent.setup();
    shareList(() => [share(1)]);
    server.use(http.post(`${API_BASE}V1.0/Share/revoke`, () => HttpResponse.json(envelope(null, 4101, '分享不存在'))));
    renderApp('/shareList');
    await user.click(await screen.findByTestId('share-revoke'));
    await user.click(within(screen.getByTestId('revoke-dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('分享不存在');
  });
});

/** ShareLog/detail answers this log for share 1 (or 4101 when `log` is null); counts how often it was asked. */
function shareLogOf(log: () => ShareLog | null) {
  const asked = { count: 0 };
  server.use(
    http.get(`${API_BASE}V1.0/ShareLog/detail`, ({ request }) => {
      asked.count += 1;
      expect(new URL(request.url).searchParams.get('shareId')).toBe('1');
      const current = log();
      return HttpResponse.json(current ? envelope(current) : envelope(null, 4101, '分享不存在'));
    }),
  );
  return asked;
}

const OPENINGS: ShareOpening[] = [
  { openedAt: '2026-11-21T09:30:00+08:00', device: 'wechat', codeRight: true },
  { openedAt: '2026-11-21T09:29:00+08:00', device: 'computer', codeRight: false },
];

describe('who opened my share (shareList with ?share, issue 27 §4)', () => {
  it('lists each try with its time, device and whether the code was right, from the row\'s link', async () => {
    const user = userEvent.setup();
    shareList(() => [share(1, { openCount: 1 })]);
    shareLogOf(() => ({ share: share(1, { openCount: 1 }), notify: true, openings: OPENINGS, rightTotal: 1, wrongTotal: 1 }));
    renderApp('/shareList');
    await user.click(await screen.findByTestId('share-log-link'));
    const log = await screen.findByTestId('share-log');
    await waitFor(() => expect(log).toHaveAttribute('data-state', 'ready'));
    expect(within(log).getByTestId('share-log-totals')).toHaveTextContent('Opened: 1 · Wrong access codes: 1');
    const rows = within(log).getAllByTestId('share-opening');
    expect(rows.map((row) => row.textContent)).toEqual(['2026-11-21 09:30In WeChatOpened', '2026-11-21 09:29ComputerWrong access code']);
    expect(rows.map((row) => row.dataset.codeRight)).toEqual(['true', 'false']);
    expect(within(log).getByTestId('share-notify')).toHaveTextContent("You are told each time it is opened: by the hospital's official account");
  });

  it('switches the notices off only after the patient confirms, and shows the switch as the server has it', async () => {
    const user = userEvent.setup();
    let notify = true;
    const bodies: unknown[] = [];
    shareList(() => [share(1)]);
    const asked = shareLogOf(() => ({ share: share(1), notify, openings: [], rightTotal: 0, wrongTotal: 0 }));
    server.use(
      http.post(`${API_BASE}V1.0/ShareLog/notify`, async ({ request }) => {
        const body = (await request.json()) as { notify: boolean };
        bodies.push(body);
        notify = body.notify;
        return HttpResponse.json(envelope(null, 200, '操作成功'));
      }),
    );
    renderApp('/shareList?share=1');
    expect(await screen.findByTestId('share-log-empty')).toHaveTextContent('Nobody has opened it yet.');
    await user.click(screen.getByTestId('share-notify-switch'));
    await user.click(within(screen.getByTestId('share-notify-dialog')).getByRole('button', { name: 'Leave it as it is' }));
    expect(bodies).toEqual([]);
    await user.click(screen.getByTestId('share-notify-switch'));
    expect(screen.getByTestId('share-notify-dialog')).toHaveTextContent('Stop telling you when this share is opened?');
    await user.click(within(screen.getByTestId('share-notify-dialog')).getByRole('button', { name: 'Stop telling me' }));
    await waitFor(() => expect(screen.getByTestId('share-notify')).toHaveAttribute('data-notify', 'false'));
    expect(bodies).toEqual([{ shareId: '1', notify: false }]);
    expect(asked.count).toBe(2);
    expect(screen.getByTestId('share-notify-switch')).toHaveTextContent('Tell me');
    await user.click(screen.getByTestId('share-notify-switch'));
    await user.click(within(screen.getByTestId('share-notify-dialog')).getByRole('button', { name: 'Tell me' }));
    await waitFor(() => expect(screen.getByTestId('share-notify')).toHaveAttribute('data-notify', 'true'));
    expect(bodies).toEqual([{ shareId: '1', notify: false }, { shareId: '1', notify: true }]);
  });

  it('revokes from the log (where the notice leads) through the same confirmation, and offers no revoke after', async () => {
    const user = userEvent.setup();
    let revoked = false;
    shareList(() => [share(1, { state: revoked ? 'revoked' : 'active' })]);
    shareLogOf(() => ({ share: share(1, { state: revoked ? 'revoked' : 'active' }), notify: true, openings: OPENINGS, rightTotal: 1, wrongTotal: 1 }));
    server.use(
      http.post(`${API_BASE}V1.0/Share/revoke`, () => {
        revoked = true;
        return HttpResponse.json(envelope(null, 200, '操作成功'));
      }),
    );
    renderApp('/shareList?share=1');
    await user.click(await screen.findByTestId('share-log-revoke'));
    await user.click(within(screen.getByTestId('revoke-dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Operation succeeded');
    await waitFor(() => expect(screen.queryByTestId('share-log-revoke')).not.toBeInTheDocument());
    expect(screen.getByTestId('share-log-study')).toHaveTextContent('Revoked');
    // Nothing more will open it, so there is nothing more to be told of.
    expect(screen.queryByTestId('share-notify')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('share-opening')).toHaveLength(2);
  });

  it("says plainly when the share is not the patient's or is gone", async () => {
    shareList(() => []);
    shareLogOf(() => null);
    renderApp('/shareList?share=1');
    expect(await screen.findByTestId('share-log-missing')).toHaveTextContent('This share is not one of yours, or it no longer exists.');
    expect(screen.getByTestId('share-log-close')).toHaveAttribute('href', '/shareList');
  });

  it('in Chinese reads naturally', async () => {
    shareList(() => [share(1)]);
    shareLogOf(() => ({ share: share(1), notify: false, openings: OPENINGS, rightTotal: 1, wrongTotal: 1 }));
    renderApp('/shareList?share=1', { locale: 'zh-CN' });
    const log = await screen.findByTestId('share-log');
    await waitFor(() => expect(log).toHaveAttribute('data-state', 'ready'));
    expect(log).toHaveTextContent('谁打开了这个分享');
    expect(within(log).getByTestId('share-log-totals')).toHaveTextContent('打开：1 次 · 访问码错误：1 次');
    expect(within(log).getAllByTestId('share-opening')[1]).toHaveTextContent('电脑访问码错误');
    expect(within(log).getByTestId('share-notify-switch')).toHaveTextContent('通知我');
  });
});

const preview = { code: 'ABCD2345', hospitalName: '云胶片示范医院', sharedByMasked: '张*', expiresAt: '2026-11-27T10:00:00+08:00' };
const opened = {
  collectFilmId: 'film-3',
  pass: 'share-pass-1',
  passExpiresAt: '2099-01-01T00:00:00Z',
  expiresAt: '2026-11-27T10:00:00+08:00',
  studyDescription: '胸部CT平扫',
  studyDate: '2026-10-02',
  modality: 'CT',
};

type InfoAnswer = { result: unknown; statusCode?: number; message?: string } | 'drop';

/** Share/info: the preview without an access code; with one, the next of `opens` (the last repeats). */
function shareInfo(previewAnswer: InfoAnswer, opens: InfoAnswer[] = []) {
  const codes: (string | null)[] = [];
  server.use(
    http.get(`${API_BASE}V1.0/Share/info`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const accessCode = query.get('accessCode');
      codes.push(accessCode);
      const answer = accessCode === null ? previewAnswer : (opens.shift() ?? opens.at(-1) ?? 'drop');
      if (answer === 'drop') return HttpResponse.error();
      return HttpResponse.json(envelope(answer.result, answer.statusCode, answer.message));
    }),
  );
  return codes;
}

describe('opening a share (shareCode)', () => {
  it('shows whose share it is, takes the access code, and opens the study read-only', async () => {
    const user = userEvent.setup();
    const codes = shareInfo({ result: preview }, [{ result: { attemptsLeft: 4 }, statusCode: 4104, message: '访问码不正确' }, { result: opened }]);
    const app = renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    const card = await screen.findByTestId('share-preview');
    expect(card).toHaveTextContent('Images shared with you by 张*');
    expect(card).toHaveTextContent('云胶片示范医院');
    expect(card).toHaveTextContent('Viewable until 2026-11-27');
    const input = screen.getByTestId('share-access-input');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    await user.type(input, '12');
    await user.click(screen.getByTestId('share-open'));
    expect(screen.getByTestId('share-open-problem')).toHaveTextContent('Enter the 4-digit access code');
    expect(codes).toEqual([null]);

    await user.type(input, 'a3x4 5');
    expect(input).toHaveValue('1234');
    await user.click(screen.getByTestId('share-open'));
    expect(await screen.findByTestId('share-open-problem')).toHaveTextContent('That access code is not right. Tries left: 4');
    expect(input).toHaveValue('');

    await user.type(input, '4321');
    await user.click(screen.getByTestId('share-open'));
    await waitFor(() => expect(app.location()).toBe('/index?id=film-3'));
    expect(codes).toEqual([null, '1234', '4321']);
    expect(app.services.passes.current()).toMatchObject({ token: 'share-pass-1', scope: 'share', studyIds: ['film-3'] });
    expect(app.services.passes.isSharedView('film-3')).toBe(true);
    expect(await screen.findByTestId('film-shared-note')).toHaveTextContent('Someone shared this study with you');
    // The code page was replaced: back does not return to it.
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    [4101, 'notFound', 'Share not found', 'Check the link or the share code'],
    [4102, 'expired', 'This share has expired', 'ask them to share it again'],
    [4103, 'revoked', 'This share was revoked', 'has taken it back'],
  ])('says plainly when the share is refused (%i, %s)', async (statusCode, refusal, heading, text) => {
    shareInfo({ result: null, statusCode, message: '分享不可用' });
    const app = renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    const page = await screen.findByTestId('share-refused');
    expect(page).toHaveAttribute('data-refusal', refusal);
    expect(within(page).getByRole('heading')).toHaveTextContent(heading);
    expect(page).toHaveTextContent(text);
    expect(app.location()).toBe('/shareCode?code=ABCD2345');
    expect(screen.queryByTestId('share-access-input')).not.toBeInTheDocument();
    if (refusal === 'notFound') {
      await userEvent.click(within(page).getByTestId('share-code-again'));
      await waitFor(() => expect(app.location()).toBe('/shareCode'));
      expect(await screen.findByTestId('share-code-input')).toBeInTheDocument();
    } else {
      expect(within(page).queryByTestId('share-code-again')).not.toBeInTheDocument();
    }
  });

  it('says so when the share expired while the page was open', async () => {
    const user = userEvent.setup();
    shareInfo({ result: preview }, [{ result: null, statusCode: 4102, message: '分享已过期' }]);
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    await user.type(await screen.findByTestId('share-access-input'), '1234');
    await user.click(screen.getByTestId('share-open'));
    expect(await screen.findByTestId('share-refused')).toHaveAttribute('data-refusal', 'expired');
  });

  it('after too many wrong codes asks to wait, then takes a code again', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    shareInfo({ result: preview }, [{ result: { retryAfterSeconds: 540 }, statusCode: 4105, message: '访问码错误次数过多，请稍后再试' }]);
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut', clock });
    await user.type(await screen.findByTestId('share-access-input'), '1234');
    await user.click(screen.getByTestId('share-open'));
    const problem = await screen.findByTestId('share-open-problem');
    expect(problem).toHaveAttribute('data-problem', 'locked');
    expect(problem).toHaveTextContent('Too many wrong codes. Please try again in 9 min.');
    expect(screen.getByTestId('share-open')).toBeDisabled();
    expect(screen.getByTestId('share-access-input')).toHaveAttribute('readonly');
    act(() => clock.increment(540_000));
    await waitFor(() => expect(screen.getByTestId('share-open')).toBeEnabled());
    expect(screen.queryByTestId('share-open-problem')).not.toBeInTheDocument();
    expect(screen.getByTestId('share-access-input')).not.toHaveAttribute('readonly');
  });

  it('a client past its limit of wrong codes across shares (429) is asked to wait the same way', async () => {
    const user = userEvent.setup();
    shareInfo({ result: preview });
    server.use(
      http.get(`${API_BASE}V1.0/Share/info`, ({ request }) =>
        new URL(request.url).searchParams.has('accessCode')
          ? HttpResponse.json(envelope({ retryAfterSeconds: 1800 }, 429, '访问码错误次数过多，请稍后再试'), { status: 429, headers: { 'retry-after': '1800' } })
          : HttpResponse.json(envelope(preview)),
      ),
    );
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    await user.type(await screen.findByTestId('share-access-input'), '1234');
    await user.click(screen.getByTestId('share-open'));
    const problem = await screen.findByTestId('share-open-problem');
    expect(problem).toHaveAttribute('data-problem', 'locked');
    expect(problem).toHaveTextContent('Too many wrong codes. Please try again in 30 min.');
  });

  it('says so when there is no answer to the code, and lets the patient try again', async () => {
    const user = userEvent.setup();
    shareInfo({ result: preview }, ['drop', { result: opened }]);
    const app = renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    await user.type(await screen.findByTestId('share-access-input'), '1234');
    await user.click(screen.getByTestId('share-open'));
    expect(await screen.findByTestId('share-open-problem')).toHaveAttribute('data-problem', 'offline');
    expect(screen.getByTestId('share-open-problem')).toHaveTextContent('the network seems down');
    expect(screen.getByTestId('share-access-input')).toHaveValue('1234');
    await user.click(screen.getByTestId('share-open'));
    await waitFor(() => expect(app.location()).toBe('/index?id=film-3'));
  });

  it('shows placeholders while the share is looked up', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API_BASE}V1.0/Share/info`, async () => {
        await answered;
        return HttpResponse.json(envelope(preview));
      }),
    );
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    expect(await screen.findByTestId('share-preview-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('share-access-input')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('share-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('share-preview-loading')).not.toBeInTheDocument();
  });

  it('when the preview cannot load, says so with a retry', async () => {
    const user = userEvent.setup();
    let drop = true;
    server.use(http.get(`${API_BASE}V1.0/Share/info`, () => (drop ? HttpResponse.error() : HttpResponse.json(envelope(preview)))));
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    const failed = await screen.findByTestId('share-preview-failed');
    drop = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('share-preview')).toBeInTheDocument();
  });

  it('without a code in the address, asks for one and opens the page with it', async () => {
    const user = userEvent.setup();
    const codes: string[] = [];
    server.use(
      http.get(`${API_BASE}V1.0/Share/info`, ({ request }) => {
        codes.push(new URL(request.url).searchParams.get('code') ?? '');
        return HttpResponse.json(envelope(preview));
      }),
    );
    const app = renderApp('/shareCode', { session: 'signedOut' });
    await user.click(await screen.findByTestId('share-code-go'));
    expect(screen.getByTestId('share-code-problem')).toHaveTextContent('Please enter the share code');
    await user.type(screen.getByTestId('share-code-input'), ' abcd2345 ');
    await user.click(screen.getByTestId('share-code-go'));
    await waitFor(() => expect(app.location()).toBe('/shareCode?code=ABCD2345'));
    expect(await screen.findByTestId('share-preview')).toBeInTheDocument();
    expect(codes).toEqual(['ABCD2345']);
  });

  it.each([
    ['what the copy button copies (English)', 'http://localhost/shareCode?code=ABCD2345  Access code 4321'],
    ['what the copy button copies (Chinese)', 'http://localhost/shareCode?code=ABCD2345  访问码 4321'],
    ['a WeChat message around it', '张三：我的片子你看一下\nhttp://localhost/shareCode?code=ABCD2345访问码：4321\n七天内有效'],
    ['full-width code and access code', 'ＡＢＣＤ２３４５　４３２１'],
  ])('opens the study from %s, pasted, without typing the access code again', async (_, pasted) => {
    const user = userEvent.setup();
    const codes = shareInfo({ result: preview }, [{ result: opened }]);
    const app = renderApp('/shareCode', { session: 'signedOut' });
    await user.click(await screen.findByTestId('share-code-input'));
    await user.paste(pasted);
    await user.click(screen.getByTestId('share-code-go'));
    await waitFor(() => expect(app.location()).toBe('/index?id=film-3'));
    expect(codes).toEqual([null, '4321']);
    // The access code travelled in the history entry, never in an address.
    expect(app.router.state.location.search).not.toContain('4321');
  });

  it('a pasted link without its access code asks for the access code', async () => {
    const user = userEvent.setup();
    const codes = shareInfo({ result: preview }, [{ result: opened }]);
    const app = renderApp('/shareCode', { session: 'signedOut' });
    await user.click(await screen.findByTestId('share-code-input'));
    await user.paste('http://localhost/shareCode?code=ABCD2345');
    await user.click(screen.getByTestId('share-code-go'));
    await waitFor(() => expect(app.location()).toBe('/shareCode?code=ABCD2345'));
    expect(await screen.findByTestId('share-access-input')).toHaveValue('');
    expect(codes).toEqual([null]);
  });

  it('the whole copied text pasted into the access code box gives the access code, not the link\'s digits', async () => {
    const user = userEvent.setup();
    shareInfo({ result: preview });
    renderApp('/shareCode?code=ABCD2345', { session: 'signedOut' });
    await user.click(await screen.findByTestId('share-access-input'));
    await user.paste('http://localhost/shareCode?code=ABCD2345  Access code 4321');
    expect(screen.getByTestId('share-access-input')).toHaveValue('4321');
  });

  it('takes a pasted share link as well as a code', async () => {
    const user = userEvent.setup();
    server.use(http.get(`${API_BASE}V1.0/Share/info`, () => HttpResponse.json(envelope(preview))));
    const app = renderApp('/shareCode', { session: 'signedOut' });
    await user.click(await screen.findByTestId('share-code-input'));
    await user.paste('http://localhost/shareCode?code=ABCD2345');
    await user.click(screen.getByTestId('share-code-go'));
    await waitFor(() => expect(app.location()).toBe('/shareCode?code=ABCD2345'));
  });
});
