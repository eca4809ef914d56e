import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HospitalSetting } from '../../src/shared/api/schemas';
import type { ExperiencePass } from '../../src/shared/api/serviceSchemas';
import { FOLLOW_DISMISSED_KEY, FOLLOW_DISMISS_MS } from '../../src/shared/views/useFollowPrompt';
import { API_BASE, envelope, hospitalSetting } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp as renderAppOnly } from './renderApp';

startMswServer();

afterEach(() => {
  nextSetting = hospitalSetting;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI';

/** The hospital setting the app holds for the next render, with these changes. */
let nextSetting: HospitalSetting = hospitalSetting;
function setting(changes: Partial<HospitalSetting> = {}) {
  nextSetting = { ...hospitalSetting, ...changes };
}

/** The app at `path`, holding the hospital setting `setting` made (the fixture's otherwise). */
function renderApp(path: string, options: Parameters<typeof renderAppOnly>[1] = {}) {
  const app = renderAppOnly(path, options);
  act(() => app.services.store.update({ hospitalSetting: nextSetting }));
  return app;
}

const PLACE = { address: '上海市徐汇区漕溪北路88号', latitude: 31.19325, longitude: 121.43752 };

/** location.assign as a spy (jsdom cannot leave the page). */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
  return assign;
}

/** Looks like WeChat's embedded browser to the page. */
function inWeChat() {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
}

describe('experience (public)', () => {
  const demo: NonNullable<ExperiencePass> = {
    pass: 'exp-pass-1',
    passExpiresAt: '2099-01-01T00:00:00+08:00',
    collectFilmId: 'demo-1',
    studyDescription: '胸部CT平扫（示例）',
    modality: 'CT',
  };

  it('a visitor finds it on the home page, reads what it is, and opens the demo study read-only: report and viewer, nothing to download, share, buy or analyse', async () => {
    const user = userEvent.setup();
    const passHeaders: Array<string | null> = [];
    server.use(
      http.get(`${API_BASE}V1.0/Package/ExperiencePass`, () => HttpResponse.json(envelope(demo))),
      http.get(`${API_BASE}V1.0/Package/HospitalStudyImageList`, ({ request }) => {
        passHeaders.push(request.headers.get('X-Study-Pass'));
        return HttpResponse.json(
          envelope({ patientName: '体验用户', modality: 'CT', studyDescription: demo.studyDescription, studyDate: '2026-11-18', imServerUrl: 'http://localhost/sandbox/wado', studyUId: '1.2.3.demo', orgCode: 'DEMO001', collectFilmId: 'demo-1', series: [] }),
        );
      }),
    );
    setting({ modules: { consultation: true, filmDownload: true, share: true, aiAnalysis: true, imageStore: true } });
    const app = renderApp('/index', { session: 'signedOut' });
    await user.click(await screen.findByTestId('hub-experience-link'));
    expect(app.location()).toBe('/experience');
    const page = await screen.findByTestId('experience');
    expect(page).toHaveTextContent('no sign-in');
    expect(page).toHaveTextContent('holds nothing of yours');
    expect(await screen.findByTestId('experience-study')).toHaveTextContent('Chest CT non-contrast');
    await user.click(screen.getByTestId('experience-open'));

    expect(app.location()).toBe('/index?id=demo-1');
    expect(JSON.parse(window.sessionStorage.getItem('cf.studyPass')!)).toEqual({ token: 'exp-pass-1', scope: 'experience', studyIds: ['demo-1'], expiresAt: demo.passExpiresAt });
    const detail = await screen.findByTestId('film-detail');
    expect(app.services.passes.isSharedView('demo-1')).toBe(true);
    expect(within(detail).getByTestId('film-shared-note')).toHaveTextContent('This is an example study for you to try');
    for (const entry of ['film-download', 'film-share', 'film-apply-ai', 'film-consult', 'film-buy-storage']) {
      expect(within(detail).queryByTestId(entry)).toBeNull();
    }
    expect(within(detail).getByTestId('film-report')).toBeInTheDocument();
    expect(within(detail).getByTestId('film-open-viewer')).toHaveAttribute('href', expect.stringContaining('/cloudFilm?'));
    expect(passHeaders.at(-1)).toBe('exp-pass-1');
  });

  it('a signed-in patient is not offered the demo on the home page', async () => {
    renderApp('/Home');
    expect(await screen.findByTestId('hub')).toBeInTheDocument();
    expect(screen.queryByTestId('hub-experience')).toBeNull();
  });

  it('says calmly that the hospital has no demo study', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/ExperiencePass`, () => HttpResponse.json(envelope(null))));
    renderApp('/experience', { session: 'signedOut' });
    const none = await screen.findByTestId('experience-none');
    expect(none).toHaveTextContent('No example study at this hospital');
    expect(within(none).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/Home');
    expect(window.sessionStorage.getItem('cf.studyPass')).toBeNull();
  });

  it('shows a skeleton while the pass comes, says a failure, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get(`${API_BASE}V1.0/Package/ExperiencePass`, () => (fail ? HttpResponse.error() : HttpResponse.json(envelope(demo)))),
    );
    const app = renderApp('/experience', { session: 'signedOut' });
    expect(await screen.findByTestId('experience-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('experience-failed')).toHaveTextContent('could not be prepared');
    expect(app.location()).toBe('/experience');
    fail = false;
    await user.click(screen.getByTestId('experience-retry'));
    expect(await screen.findByTestId('experience-open')).toBeInTheDocument();
  });

  it('says clearly when this network has asked for too many example passes, and how long to wait, in either language', async () => {
    server.use(
      http.get(`${API_BASE}V1.0/Package/ExperiencePass`, () =>
        HttpResponse.json(envelope({ retryAfterSeconds: 4300 }, 429, '体验影像打开次数过多，请稍后再试'), { status: 429, headers: { 'retry-after': '4300' } }),
      ),
    );
    const app = renderApp('/experience', { session: 'signedOut' });
    const limited = await screen.findByTestId('experience-limited');
    expect(limited).toHaveTextContent('The example study is busy');
    expect(limited).toHaveTextContent('Please try again in 72 min');
    expect(within(limited).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/Home');
    // Not the error page, and no "no example study" either.
    expect(app.location()).toBe('/experience');
    expect(screen.queryByTestId('experience-none')).toBeNull();
    expect(screen.queryByTestId('experience-open')).toBeNull();
    cleanup();

    renderApp('/experience', { session: 'signedOut', locale: 'zh-CN' });
    expect(await screen.findByTestId('experience-limited')).toHaveTextContent('请72分钟后再试');
  });
});

describe('diagnose (online consultation)', () => {
  /** The consultation call answers this; records the ids it was asked with. */
  function consultation(answer: () => Response) {
    const asked: Array<string | null> = [];
    server.use(
      http.get(`${API_BASE}V1.0/Haodafu/GetZjwzJumpUrl`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('id'));
        return answer();
      }),
    );
    return asked;
  }
  /** A consultation address as the sandbox writes it (server/sandboxUrls.ts), with these parameters. */
  const address = (query: Record<string, string> = {}) => {
    const url = new URL('http://localhost/sandbox/consultation');
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  };
  const ABOUT_THE_STUDY = { patient: '张*', hospital: '云胶片示范医院', id: '7', study: '胸部CT平扫', date: '2026-02-09', modality: 'CT' };
  const STUDY_PAGE = address(ABOUT_THE_STUDY);
  const PAGE = address({ patient: '张*', hospital: '云胶片示范医院' });
  const answering = (url: string) => () => HttpResponse.json(envelope({ url }));
  /** The dialog before leaving, once the address is in. */
  const leaveDialog = () => screen.findByRole('alertdialog', { name: /^Leave Cloud Film for Haodf Online\?$/ });

  it("from the film detail's consult entry: asks for the study's consultation page, says what it sends and to whom, and goes there only on Continue", async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    const asked = consultation(answering(STUDY_PAGE));
    setting({ modules: { consultation: true } });
    const app = renderApp('/index?id=7');
    await user.click(await screen.findByTestId('film-consult'));
    expect(app.location()).toBe('/diagnose?id=7');
    const dialog = await leaveDialog();
    expect(asked).toEqual(['7']);
    // To whom: the service by name and the site the address opens; that it leaves Cloud Film.
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent('Haodf Online (localhost) is a service outside Cloud Film. If you continue, it receives:');
    // Exactly what the address carries, in the patient's words (the hospital's terms in English).
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your name (as 张*)',
      'Your hospital: 云胶片示范医院',
      'Your study: CT · Chest CT non-contrast · 2026-02-09 · no. 7 in Cloud Film',
    ]);
    expect(dialog).toHaveTextContent('If you cancel, nothing is sent and you stay in Cloud Film.');
    // Focus waits on the safe answer: nothing leaves by a stray tap or key.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith(STUDY_PAGE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByTestId('diagnose-opening')).toHaveTextContent('Opening the consultation service');
    // Should the browser not go, the page is not blank: the address to tap.
    expect(screen.getByTestId('diagnose-open-link')).toHaveAttribute('href', STUDY_PAGE);
  });

  it('says it in Chinese too', async () => {
    const assign = stubAssign();
    consultation(answering(STUDY_PAGE));
    renderApp('/diagnose?id=7', { locale: 'zh-CN' });
    const dialog = await screen.findByRole('alertdialog', { name: '离开云胶片，前往好大夫在线？' });
    expect(within(dialog).getByTestId('dialog-detail')).toHaveTextContent('好大夫在线（localhost）是云胶片以外的服务。点“继续”后，它会收到：');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '您的姓名（显示为 张*）',
      '您的医院：云胶片示范医院',
      '您的检查：CT · 胸部CT平扫 · 2026-02-09 · 云胶片中的编号 7',
    ]);
    expect(within(dialog).getByRole('button', { name: '继续' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '取消' })).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Cancel sends nothing and keeps the patient on the page, saying so, focus on the way to open it again; opened again, it asks again', async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    const asked = consultation(answering(STUDY_PAGE));
    const app = renderApp('/diagnose?id=7');
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('diagnose-ready')).toHaveTextContent('Ask an expert online');
    expect(screen.getByTestId('diagnose-nothing-sent')).toHaveTextContent('Nothing was sent.');
    expect(screen.getByTestId('diagnose-open')).toHaveFocus();
    expect(app.location()).toBe('/diagnose?id=7');

    // Escape is Cancel.
    await user.click(screen.getByTestId('diagnose-open'));
    expect(await leaveDialog()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('diagnose-open')).toHaveFocus();

    await user.click(screen.getByTestId('diagnose-open'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(STUDY_PAGE);
    // The address was asked for once: cancelling and opening again reuses it.
    expect(asked).toEqual(['7']);
  });

  it('an address that carries something the app cannot name says so by its name; one that carries nothing says that', async () => {
    const assign = stubAssign();
    consultation(answering(address({ patient: '张*', token: 'abc', ref: 'cf' })));
    const first = renderApp('/diagnose');
    expect(within(await leaveDialog()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Your name (as 张*)', 'Other details in the link: token, ref']);
    first.unmount();
    consultation(answering(address()));
    renderApp('/diagnose');
    expect(within(await leaveDialog()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Nothing about you: it only opens the address']);
    expect(assign).not.toHaveBeenCalled();
  });

  it("from the home page's consultation tile, with no study", async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    const asked = consultation(answering(PAGE));
    setting({ modules: { consultation: true } });
    renderApp('/Home');
    await user.click(await screen.findByTestId('hub-tile-diagnose'));
    const dialog = await leaveDialog();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Your name (as 张*)', 'Your hospital: 云胶片示范医院']);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith(PAGE);
    expect(asked).toEqual([null]);
  });

  it('the home page has no consultation tile when the hospital switched it off', async () => {
    setting({ modules: { consultation: false } });
    renderApp('/Home');
    expect(await screen.findByTestId('hub-tile-myStudyList')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('hub-hospital')).toHaveTextContent('云胶片示范医院'));
    expect(screen.queryByTestId('hub-tile-diagnose')).toBeNull();
  });

  it('refuses an address whose origin the app may not open, names the origin, and offers the way back', async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    consultation(answering('https://consult.example.net/room?p=1'));
    const app = renderApp('/index?id=7');
    await user.click(await screen.findByTestId('film-consult'));
    const refused = await screen.findByTestId('diagnose-refused');
    expect(refused).toHaveTextContent('The app may not open this address');
    expect(screen.getByTestId('diagnose-refused-origin')).toHaveTextContent('https://consult.example.net');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    // The way back (the previous page in a browser; home under the test's memory router, which keeps no history index).
    expect(screen.getByTestId('diagnose-back-button')).toBeInTheDocument();
    expect(app.location()).toBe('/diagnose?id=7');
  });

  it('refuses what is no web address at all (javascript:) without opening it', async () => {
    const assign = stubAssign();
    consultation(answering('javascript:alert(1)'));
    renderApp('/diagnose');
    expect(await screen.findByTestId('diagnose-refused')).toHaveTextContent('javascript:');
    expect(assign).not.toHaveBeenCalled();
    // Entered directly: the way back is home.
    expect(screen.getByTestId('diagnose-back-button')).toHaveAttribute('href', '/Home');
  });

  it('says when the hospital offers no online consultation (4701)', async () => {
    const assign = stubAssign();
    consultation(() => HttpResponse.json(envelope(null, 4701, '未开通在线问诊')));
    renderApp('/diagnose?id=7');
    expect(await screen.findByTestId('diagnose-not-offered')).toHaveTextContent('This hospital does not offer online consultation');
    expect(assign).not.toHaveBeenCalled();
  });

  it("says another refusal in the server's words, with a retry", async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    let refuse = true;
    consultation(() => (refuse ? HttpResponse.json(envelope(null, 5003, '问诊服务维护中')) : HttpResponse.json(envelope({ url: PAGE }))));
    renderApp('/diagnose');
    const declined = await screen.findByTestId('diagnose-declined');
    expect(declined).toHaveTextContent('问诊服务维护中');
    refuse = false;
    await user.click(within(declined).getByTestId('diagnose-ask-again'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith(PAGE);
  });

  it('says when the service cannot be reached, and tries again', async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    let offline = true;
    consultation(() => (offline ? HttpResponse.error() : HttpResponse.json(envelope({ url: PAGE }))));
    const app = renderApp('/diagnose');
    expect(await screen.findByTestId('diagnose-failed')).toHaveTextContent('Could not reach the consultation service');
    expect(app.location()).toBe('/diagnose');
    offline = false;
    await user.click(screen.getByTestId('diagnose-retry'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('back from the consultation page does not bounce out again: opened again, it says again what is sent first', async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    consultation(answering(PAGE));
    const first = renderApp('/diagnose');
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledTimes(1);
    first.unmount();
    // The same history entry shown again (back from the consultation page reloads the app).
    renderApp('/diagnose');
    const back = await screen.findByTestId('diagnose-back');
    expect(back).toHaveTextContent('You are back from the consultation service');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    // Cancel: still back here, focus back on the button that opened it.
    await user.click(screen.getByTestId('diagnose-open-again'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('diagnose-back')).toBeInTheDocument();
    expect(screen.getByTestId('diagnose-open-again')).toHaveFocus();
    expect(assign).toHaveBeenCalledTimes(1);
    await user.click(screen.getByTestId('diagnose-open-again'));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('a page restored from the back-forward cache does not go again either', async () => {
    const user = userEvent.setup();
    const assign = stubAssign();
    consultation(answering(PAGE));
    renderApp('/diagnose');
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Continue' }));
    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(await screen.findByTestId('diagnose-back')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('the official-account prompt on the home page', () => {
  /** The follow tag answers this; counts how often it was asked. */
  function followTag(answer: () => Response) {
    const asked = { count: 0 };
    server.use(
      http.get(`${API_BASE}V1.0/WeChat/GetUserScribeGZHTag`, () => {
        asked.count += 1;
        return answer();
      }),
    );
    return asked;
  }
  const promptOn = () => setting({ modules: { officialAccountPrompt: true } });

  it("shows a patient who does not follow the account its name, QR code and why; put away, it stays away for 7 days", async () => {
    const user = userEvent.setup();
    followTag(() => HttpResponse.json(envelope({ subscribed: false })));
    promptOn();
    const first = renderApp('/Home');
    const prompt = await screen.findByTestId('follow-prompt');
    expect(screen.getByTestId('follow-name')).toHaveTextContent('Follow 示范医院 official account');
    expect(screen.getByTestId('follow-qr')).toHaveAttribute('src', hospitalSetting.officialAccountQrUrl);
    expect(prompt).toHaveTextContent('when your report is ready');
    expect(prompt).toHaveTextContent('storage');
    await user.click(screen.getByTestId('follow-dismiss'));
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
    const at = Number(window.localStorage.getItem(FOLLOW_DISMISSED_KEY));
    expect(Date.now() - at).toBeLessThan(5000);
    first.unmount();

    // Still put away on the next visit.
    const asked = followTag(() => HttpResponse.json(envelope({ subscribed: false })));
    const second = renderApp('/Home');
    await waitFor(() => expect(screen.getByTestId('hub-hospital')).toHaveTextContent('云胶片示范医院'));
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
    expect(asked.count).toBe(0);
    second.unmount();

    // Back after 7 days.
    window.localStorage.setItem(FOLLOW_DISMISSED_KEY, String(Date.now() - FOLLOW_DISMISS_MS - 1000));
    renderApp('/Home');
    expect(await screen.findByTestId('follow-prompt')).toBeInTheDocument();
  });

  it('"not now" puts it away too', async () => {
    const user = userEvent.setup();
    followTag(() => HttpResponse.json(envelope({ subscribed: false })));
    promptOn();
    renderApp('/Home');
    await user.click(await screen.findByTestId('follow-later'));
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
    expect(window.localStorage.getItem(FOLLOW_DISMISSED_KEY)).not.toBeNull();
  });

  it('is not shown to a patient who follows the account', async () => {
    const asked = followTag(() => HttpResponse.json(envelope({ subscribed: true })));
    promptOn();
    renderApp('/Home');
    await waitFor(() => expect(asked.count).toBe(1));
    await screen.findByTestId('hub-tile-myStudyList');
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
  });

  it('is not shown, silently, when the call fails (no sign-in asked, no error page)', async () => {
    const asked = followTag(() => new HttpResponse(null, { status: 401 }));
    promptOn();
    const app = renderApp('/Home');
    await waitFor(() => expect(asked.count).toBe(1));
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
    expect(app.session.unauthorized).not.toHaveBeenCalled();
    expect(app.location()).toBe('/Home');
  });

  it('is not asked for when the hospital leaves the prompt off, nor for a visitor who has not signed in', async () => {
    const asked = followTag(() => HttpResponse.json(envelope({ subscribed: false })));
    setting({ modules: { officialAccountPrompt: false } });
    const first = renderApp('/Home');
    await waitFor(() => expect(screen.getByTestId('hub-hospital')).toHaveTextContent('云胶片示范医院'));
    first.unmount();
    promptOn();
    renderApp('/index', { session: 'signedOut' });
    await waitFor(() => expect(screen.getByTestId('hub-hospital')).toHaveTextContent('云胶片示范医院'));
    expect(screen.queryByTestId('follow-prompt')).toBeNull();
    expect(asked.count).toBe(0);
  });
});

describe("the hospital's place", () => {
  it('outside WeChat: the address and a map link opening in a new tab, on the home page and the about page', async () => {
    setting(PLACE);
    const first = renderApp('/Home');
    expect(await screen.findByTestId('hospital-address')).toHaveTextContent(PLACE.address);
    const link = screen.getByTestId('hospital-map');
    expect(link).toHaveAttribute('href', `https://uri.amap.com/marker?position=${PLACE.longitude},${PLACE.latitude}&name=${encodeURIComponent('云胶片示范医院')}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    first.unmount();
    renderApp('/about');
    expect(await screen.findByTestId('hospital-address')).toHaveTextContent(PLACE.address);
    expect(screen.getByTestId('hospital-map')).toHaveTextContent('Open in map');
  });

  it("inside WeChat: WeChat's map with the hospital's name, address and coordinates", async () => {
    const user = userEvent.setup();
    inWeChat();
    const assign = stubAssign();
    const openLocation = vi.fn(async () => 'opened' as const);
    setting(PLACE);
    renderApp('/Home', { wechat: { openLocation } });
    await user.click(await screen.findByTestId('hospital-map'));
    expect(openLocation).toHaveBeenCalledWith({ name: '云胶片示范医院', address: PLACE.address, latitude: PLACE.latitude, longitude: PLACE.longitude });
    expect(assign).not.toHaveBeenCalled();
  });

  it("inside WeChat, when WeChat's map cannot open: the map site", async () => {
    const user = userEvent.setup();
    inWeChat();
    const assign = stubAssign();
    setting(PLACE);
    renderApp('/Home', { wechat: { openLocation: async () => 'failed' } });
    await user.click(await screen.findByTestId('hospital-map'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/uri\.amap\.com\/marker\?position=121\.43752,31\.19325&name=/)));
  });

  it("inside WeChat: a second tap while WeChat's map opens opens it once; a bridge that fails leads to the map site", async () => {
    const user = userEvent.setup();
    inWeChat();
    const assign = stubAssign();
    let fail: (error: Error) => void = () => {};
    const openLocation = vi.fn(() => new Promise<'opened'>((_, reject) => (fail = reject)));
    setting(PLACE);
    renderApp('/Home', { wechat: { openLocation } });
    await user.click(await screen.findByTestId('hospital-map'));
    await user.click(screen.getByTestId('hospital-map'));
    expect(openLocation).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    fail(new Error('wx bridge'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/uri\.amap\.com\/marker\?position=121\.43752,31\.19325&name=/)));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('nothing without an address; the address alone without coordinates', async () => {
    setting({ address: null });
    const first = renderApp('/Home');
    await waitFor(() => expect(screen.getByTestId('hub-hospital')).toHaveTextContent('云胶片示范医院'));
    expect(screen.queryByTestId('hospital-place')).toBeNull();
    first.unmount();
    setting({ address: PLACE.address, latitude: null, longitude: null });
    renderApp('/Home');
    expect(await screen.findByTestId('hospital-address')).toHaveTextContent(PLACE.address);
    expect(screen.queryByTestId('hospital-map')).toBeNull();
  });
});

describe('scanning the film bag', () => {
  /** The collect form the scan leads to: it notes the bag; its study shows once the patient is identified (issue 22). */
  beforeEach(() => {
    server.use(http.get(`${API_BASE}V1.0/Package/imagecode`, () => HttpResponse.json(envelope({ captchaId: 'c1', image: 'data:image/svg+xml,%3Csvg%2F%3E', expiresInSeconds: 120 }))));
  });

  it('outside WeChat: a dialog to type the code, which opens the collect form for that bag', async () => {
    const user = userEvent.setup();
    const app = renderApp('/Home');
    await user.click(await screen.findByTestId('scan-entry'));
    const dialog = await screen.findByTestId('scan-dialog');
    expect(dialog).toHaveAccessibleName('Type the code on the film bag');
    expect(within(dialog).queryByTestId('scan-problem')).toBeNull();
    await user.click(screen.getByTestId('scan-go'));
    expect(screen.getByTestId('scan-problem')).toHaveAttribute('data-problem', 'empty');
    await user.type(screen.getByTestId('scan-code-input'), 'hello world');
    await user.click(screen.getByTestId('scan-go'));
    expect(screen.getByTestId('scan-problem')).toHaveTextContent("This is not a film bag's code");
    await user.clear(screen.getByTestId('scan-code-input'));
    expect(screen.queryByTestId('scan-problem')).toBeNull();
    await user.type(screen.getByTestId('scan-code-input'), 'CT202610020001');
    await user.click(screen.getByTestId('scan-go'));
    expect(app.location()).toBe('/index?code=CT202610020001');
    expect(screen.queryByTestId('scan-dialog')).toBeNull();
    expect(await screen.findByTestId('collect-bag-pending')).toBeVisible();
  });

  it('a typed address of the bag’s QR code works too; cancel closes the dialog', async () => {
    const user = userEvent.setup();
    const app = renderApp('/myImageList');
    await user.click(await screen.findByTestId('scan-entry'));
    await user.click(screen.getByTestId('scan-cancel'));
    expect(screen.queryByTestId('scan-dialog')).toBeNull();
    await user.click(screen.getByTestId('scan-entry'));
    await user.type(screen.getByTestId('scan-code-input'), 'https://film.example.org/sl/pic/qr/selfhelp?code=MR202609120002');
    await user.click(screen.getByTestId('scan-go'));
    expect(app.location()).toBe('/index?code=MR202609120002');
  });

  it.each([
    ['the QR code on the bag', 'http://localhost/sl/pic/qr/selfhelp?code=CT202610020001', 'CT202610020001'],
    ['a barcode', 'CODE_128,DR202608010003', 'DR202608010003'],
    ['an index address', 'http://localhost/index?code=US202607150004', 'US202607150004'],
  ])('inside WeChat: %s goes to the collect form for that bag', async (_, text, code) => {
    const user = userEvent.setup();
    const scanCode = vi.fn(async () => ({ kind: 'scanned' as const, text }));
    const app = renderApp('/Home', { wechat: { scanCode } });
    await user.click(await screen.findByTestId('scan-entry'));
    await waitFor(() => expect(app.location()).toBe(`/index?code=${code}`));
    expect(scanCode).toHaveBeenCalledTimes(1);
  });

  it('inside WeChat: something that is not a bag says so, and the code may be typed', async () => {
    const user = userEvent.setup();
    const app = renderApp('/Home', { wechat: { scanCode: async () => ({ kind: 'scanned', text: 'https://mp.weixin.qq.com/s/abc' }) } });
    await user.click(await screen.findByTestId('scan-entry'));
    expect(await screen.findByTestId('scan-problem')).toHaveAttribute('data-problem', 'notBag');
    expect(app.location()).toBe('/Home');
  });

  it('inside WeChat: a failed scanner offers to type the code; a cancelled one does nothing', async () => {
    const user = userEvent.setup();
    let outcome: 'failed' | 'cancelled' = 'failed';
    const app = renderApp('/Home', { wechat: { scanCode: async () => ({ kind: outcome }) } });
    await user.click(await screen.findByTestId('scan-entry'));
    expect(await screen.findByTestId('scan-problem')).toHaveTextContent('The scanner did not open');
    await user.click(screen.getByTestId('scan-cancel'));
    outcome = 'cancelled';
    await user.click(screen.getByTestId('scan-entry'));
    await waitFor(() => expect(screen.getByTestId('scan-entry')).toBeEnabled());
    expect(screen.queryByTestId('scan-dialog')).toBeNull();
    expect(app.location()).toBe('/Home');
  });
});
