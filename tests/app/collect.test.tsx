import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COLLECT_CODES } from '../../src/shared/api/collectSchemas';
import { nationalIdCheckCharacter } from '../../src/shared/rules/nationalId';
import { clearSessionKeepingDrafts } from '../../src/shared/state/drafts';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();
afterEach(() => sessionStorage.clear());

const VALID_ID = `11010519810415123${nationalIdCheckCharacter('11010519810415123')}`;
const captcha = { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresInSeconds: 120 };
const sent = { verificationId: 'v-1', phoneMasked: '137****1111', codeLength: 6, expiresInSeconds: 300, resendAfterSeconds: 60 };
const verified = { pass: 'pass-1', passExpiresAt: '2099-01-01T00:00:00.000Z', studyCount: 3, collected: 0, focusStudyId: null };
const bagHint = { bagCode: 'CT202611180001', hospitalName: '示范医院', studyDate: '2026-11-18', modality: 'CT', studyDescription: '胸部CT平扫', patientNameMasked: '张*' };
const refusal = (statusCode: number, result: unknown = null) => HttpResponse.json({ statusCode, message: '拒绝', result });
/** A limit's refusal, as the sandbox answers it: HTTP 429, the envelope's 429 and the wait. */
const rateLimited = (retryAfterSeconds: number) =>
  HttpResponse.json({ statusCode: 429, message: '操作过于频繁，请稍后再试', result: { retryAfterSeconds } }, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } });

type Answer = () => Response;

/** A sandbox that knows the patient; each test changes what it must. Records every call, a GET's query or a POST's body. */
function collectServer(answers: { checkcollect?: Answer; collect?: Answer; sendcode?: Answer } = {}) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const record = async (path: string, request: Request) =>
    calls.push({ path, body: request.method === 'POST' ? await request.json() : Object.fromEntries(new URL(request.url).searchParams) });
  let captchas = 0;
  server.use(
    http.get(`${API_BASE}V1.0/Package/imagecode`, () => HttpResponse.json(envelope({ ...captcha, captchaId: `c-${++captchas}` }))),
    http.get(`${API_BASE}V1.0/Package/checkcollect`, async ({ request }) => (await record('checkcollect', request), answers.checkcollect?.() ?? HttpResponse.json(envelope({ phoneMasked: '137****1111', studyCount: 3 })))),
    http.get(`${API_BASE}V1.0/Package/MachTextKeyWords`, async ({ request }) => (await record('bagHint', request), HttpResponse.json(envelope(bagHint)))),
    http.post(`${API_BASE}V1.0/Package/sendcode`, async ({ request }) => (await record('sendcode', request), answers.sendcode?.() ?? HttpResponse.json(envelope(sent)))),
    http.post(`${API_BASE}V1.0/Package/collect`, async ({ request }) => (await record('collect', request), answers.collect?.() ?? HttpResponse.json(envelope(verified)))),
    http.post(`${API_BASE}V1.0/Report/AuthenReport`, ({ request }) =>
      request.headers.get('X-Study-Pass') === 'pass-1'
        ? HttpResponse.json(envelope({ scope: 'collect', patientNameMasked: '张*', hospitalName: '示范医院', studyCount: 3, studyIds: ['1', '2', '3'], expiresAt: '2099-01-01T00:00:00.000Z' }))
        : refusal(COLLECT_CODES.passInvalid),
    ),
  );
  return calls;
}

async function identify() {
  await userEvent.type(await screen.findByTestId('collect-idCard'), VALID_ID);
  await screen.findByAltText('Picture code');
  await userEvent.type(screen.getByTestId('collect-captchaText'), 'K7WP');
  await userEvent.click(screen.getByTestId('collect-send'));
}

describe('collecting a study (newCheck, verification, checking)', () => {
  it('an invalid national ID is said and nothing is sent', async () => {
    const calls = collectServer();
    renderApp('/newCheck', { session: 'signedOut' });
    await userEvent.type(await screen.findByTestId('collect-idCard'), `${VALID_ID.slice(0, 17)}${VALID_ID.endsWith('0') ? '1' : '0'}`);
    await userEvent.type(screen.getByTestId('collect-captchaText'), 'K7WP');
    await userEvent.click(screen.getByTestId('collect-send'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('not valid');
    expect(calls).toEqual([]);
  });

  it('takes typing and the method while the image code still loads (nothing typed early is dropped)', async () => {
    collectServer();
    let answerCaptcha = () => {};
    server.use(http.get(`${API_BASE}V1.0/Package/imagecode`, () => new Promise<Response>((resolve) => (answerCaptcha = () => resolve(HttpResponse.json(envelope(captcha)))))));
    renderApp('/newCheck', { session: 'signedOut' });
    await userEvent.click(await screen.findByTestId('collect-method-namePhone'));
    await userEvent.type(screen.getByTestId('collect-phone'), '13700001111');
    expect(screen.getByTestId('collect-phone')).toHaveValue('13700001111');
    expect(screen.getByTestId('collect-send')).toBeDisabled();
    expect(screen.getByTestId('collect-send')).toHaveTextContent('Text me a code');
    answerCaptcha();
    expect(await screen.findByAltText('Picture code')).toBeVisible();
    expect(screen.getByTestId('collect-phone')).toHaveValue('13700001111');
  });

  it('sends the code for the typed ID and image code, moves to the code page, and a right code goes on with the pass', async () => {
    const calls = collectServer();
    const app = renderApp('/newCheck', { session: 'signedOut' });
    await identify();
    await waitFor(() => expect(app.location()).toBe('/verification'));
    // One image code, answered once, carries the identity check and the send.
    const lookup = { idCard: VALID_ID, captchaId: 'c-1', captchaText: 'K7WP' };
    expect(calls.filter((call) => call.path !== 'collect')).toEqual([
      { path: 'checkcollect', body: lookup },
      { path: 'sendcode', body: lookup },
    ]);
    expect(await screen.findByTestId('collect-sent-to')).toHaveTextContent('137****1111');
    expect(screen.getByTestId('collect-resend')).toBeDisabled();
    await userEvent.type(screen.getByTestId('collect-code'), '123456');
    await userEvent.click(screen.getByTestId('collect-verify'));
    await waitFor(() => expect(app.location()).toBe('/checking'));
    expect(await screen.findByTestId('checking')).toHaveTextContent('张*, you have 3 studies');
    // Signed out, the page offers to keep the studies: sign in, then add them to My images.
    await userEvent.click(screen.getByTestId('checking-sign-in'));
    expect(app.session.signIn).toHaveBeenCalledWith('/addFilm');
  });

  it('signed in, the checking page offers no sign-in (My images keeps the studies already)', async () => {
    collectServer();
    window.sessionStorage.setItem('cf.studyPass', JSON.stringify({ token: 'pass-1', scope: 'collect', studyIds: null, expiresAt: '2099-01-01T00:00:00.000Z' }));
    renderApp('/checking', { session: 'signedIn' });
    expect(await screen.findByTestId('checking')).toHaveTextContent('张*, you have 3 studies');
    expect(screen.queryByTestId('checking-sign-in')).toBeNull();
  });

  it("from a film bag: the bag's study shows only once the patient is identified, asked with the same image code, and stays on the code page", async () => {
    const calls = collectServer();
    const app = renderApp(`/index?code=${bagHint.bagCode}`, { session: 'signedOut' });
    expect(await screen.findByTestId('collect-bag-pending')).toHaveTextContent('Once we have checked who you are');
    expect(screen.queryByTestId('collect-bag')).toBeNull();
    await identify();
    await waitFor(() => expect(app.location()).toBe('/verification'));
    const lookup = { idCard: VALID_ID, captchaId: 'c-1', captchaText: 'K7WP' };
    expect(calls).toEqual([
      { path: 'checkcollect', body: { ...lookup, bagCode: bagHint.bagCode } },
      { path: 'bagHint', body: { ...lookup, text: bagHint.bagCode } },
      { path: 'sendcode', body: { ...lookup, bagCode: bagHint.bagCode } },
    ]);
    expect(await screen.findByTestId('collect-bag')).toHaveTextContent('2026-11-18 · CT · 张*');
    expect(screen.getByTestId('collect-sent-to')).toHaveTextContent('137****1111');
  });

  it('a limit refusing the identity check says the wait in the form, keeps what was typed and brings a new image code', async () => {
    const calls = collectServer({ checkcollect: () => rateLimited(180) });
    const app = renderApp('/newCheck', { session: 'signedOut' });
    await identify();
    const problem = await screen.findByTestId('collect-problem');
    expect(problem).toHaveAttribute('data-problem', 'rateLimited');
    expect(problem).toHaveTextContent('Too many tries. Please try again in 3 min; what you typed is still here.');
    expect(screen.getByTestId('collect-idCard')).toHaveValue(VALID_ID);
    await waitFor(() => expect(screen.getByTestId('collect-captcha-image')).toHaveAttribute('data-captcha-id', 'c-2'));
    expect(screen.getByTestId('collect-captchaText')).toHaveValue('');
    expect(app.location()).toBe('/newCheck');
    expect(calls.map((call) => call.path)).toEqual(['checkcollect']);
  });

  it('in Chinese too, with the wait in seconds under a minute', async () => {
    collectServer({ sendcode: () => rateLimited(45) });
    renderApp('/newCheck', { session: 'signedOut', locale: 'zh-CN' });
    await userEvent.type(await screen.findByTestId('collect-idCard'), VALID_ID);
    await screen.findByAltText('图形验证码');
    await userEvent.type(screen.getByTestId('collect-captchaText'), 'K7WP');
    await userEvent.click(screen.getByTestId('collect-send'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('尝试过于频繁，请 45 秒后再试，您填写的内容都还在。');
  });

  it('a limit refusing the code check says the wait and keeps the code typed', async () => {
    collectServer({ collect: () => rateLimited(120) });
    const app = renderApp('/newCheck', { session: 'signedOut' });
    await identify();
    await waitFor(() => expect(app.location()).toBe('/verification'));
    await userEvent.type(await screen.findByTestId('collect-code'), '123456');
    await userEvent.click(screen.getByTestId('collect-verify'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('Please try again in 2 min');
    expect(screen.getByTestId('collect-code')).toHaveValue('123456');
    expect(app.location()).toBe('/verification');
  });

  it('a wrong code says how many tries are left and clears the box; the code page survives a remount', async () => {
    collectServer({ collect: () => refusal(COLLECT_CODES.codeWrong, { attemptsLeft: 3 }) });
    const first = renderApp('/newCheck', { session: 'signedOut' });
    await identify();
    await waitFor(() => expect(first.location()).toBe('/verification'));
    await userEvent.type(await screen.findByTestId('collect-code'), '654321');
    await userEvent.click(screen.getByTestId('collect-verify'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('3 tries left');
    expect(screen.getByTestId('collect-code')).toHaveValue('');
    first.unmount();
    renderApp('/verification', { session: 'signedOut' });
    expect(await screen.findByTestId('collect-sent-to')).toHaveTextContent('137****1111');
  });

  it('what was typed survives the 401 rule (session storage cleared but for drafts) and a reload', async () => {
    collectServer();
    const first = renderApp('/addFilm');
    await userEvent.type(await screen.findByTestId('collect-idCard'), VALID_ID);
    first.unmount();
    clearSessionKeepingDrafts(window.sessionStorage);
    renderApp('/addFilm');
    expect(await screen.findByTestId('collect-idCard')).toHaveValue(VALID_ID);
  });

  it.each(['/checking', '/checkList'])('%s without a verification asks to verify first, and asks the server nothing', async (path) => {
    let asked = 0;
    server.use(http.get(`${API_BASE}v2/ReportCheck/GetReportList`, () => (asked++, refusal(COLLECT_CODES.passInvalid))));
    renderApp(path, { session: 'signedOut' });
    expect(await screen.findByTestId('needs-pass')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it.each([
    [2, 'Added 2 studies to My images'],
    [0, 'These studies are already in My images'],
  ])('signed in, addFilm verifies on one page and says what it added (%i new)', async (collected, message) => {
    collectServer({ collect: () => HttpResponse.json(envelope({ ...verified, collected })) });
    const app = renderApp('/addFilm');
    await identify();
    expect(await screen.findByTestId('collect-sent-to')).toBeInTheDocument();
    expect(app.location()).toBe('/addFilm');
    await userEvent.type(screen.getByTestId('collect-code'), '123456');
    await userEvent.click(screen.getByTestId('collect-verify'));
    await waitFor(() => expect(app.location()).toBe('/myImageList'));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('changing the details on the verification page goes back to the form, in place of the code page, with what was typed', async () => {
    collectServer();
    const app = renderApp('/newCheck', { session: 'signedOut' });
    await identify();
    await waitFor(() => expect(app.location()).toBe('/verification'));
    await userEvent.click(await screen.findByTestId('collect-change'));
    await waitFor(() => expect(app.location()).toBe('/newCheck'));
    expect(await screen.findByTestId('collect-idCard')).toHaveValue(VALID_ID);
  });

  it('the verification page without a code sent goes back to the form', async () => {
    collectServer();
    const app = renderApp('/verification', { session: 'signedOut' });
    await waitFor(() => expect(app.location()).toBe('/newCheck'));
  });
});
