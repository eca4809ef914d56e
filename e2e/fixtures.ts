import { createHash, randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type APIResponse, type BrowserContext, type Page, type PlaywrightWorkerArgs, type Route, type TestInfo } from '@playwright/test';
import { PROVIDER_PORT } from '../playwright.config';
import type { Endpoint } from '../src/shared/api/endpoints';

export const PROVIDER_ORIGIN = `http://127.0.0.1:${PROVIDER_PORT}`;
export const DEMO_PASSWORD = 'demo1234';

/**
 * Every test watches the page for console errors and unhandled rejections and fails on any it
 * did not declare. A test that forces an API fault declares the browser's own network log line.
 */
/**
 * WeChat's embedded browser, emulated: a `wx` whose config succeeds (the real SDK would call
 * WeChat's servers) and keeps the page's share card, and a WeixinJSBridge whose pay call settles the payment at the sandbox, with
 * the outcome the test sets in `window.__wxPayOutcome` ('ok' | 'cancel' | 'fail').
 */
function weChatStandIn() {
  const w = window as unknown as Record<string, unknown>;
  const readyCallbacks: Array<() => void> = [];
  const errorCallbacks: Array<(reason: unknown) => void> = [];
  w.wx = {
    config(options: unknown) {
      w.__wxConfig = options;
      // A test sets __wxConfigFails to see WeChat refuse the signature.
      const settle = () => (w.__wxConfigFails ? errorCallbacks.forEach((cb) => cb({ errMsg: 'config:invalid signature' })) : readyCallbacks.forEach((cb) => cb()));
      setTimeout(settle, 0);
    },
    ready(callback: () => void) {
      readyCallbacks.push(callback);
    },
    error(callback: (reason: unknown) => void) {
      errorCallbacks.push(callback);
    },
    // The page's share card: kept where a test can read what "send to a friend" would send.
    updateAppMessageShareData(card: { success?: () => void }) {
      w.__wxShareCard = card;
      setTimeout(() => card.success?.(), 0);
    },
    // The image chooser gives what a test put in __wxChosenImages (data URLs), or is cancelled.
    chooseImage(options: { count: number; success?: (result: { localIds: string[] }) => void; cancel?: () => void }) {
      w.__wxChooseImage = options;
      const chosen = ((w.__wxChosenImages as string[] | undefined) ?? []).slice(0, options.count);
      setTimeout(() => (chosen.length ? options.success?.({ localIds: chosen.map((_, i) => `wxLocalResource://image${i}`) }) : options.cancel?.()), 0);
    },
    getLocalImgData(options: { localId: string; success?: (result: { localData: string }) => void }) {
      const index = Number(options.localId.replace('wxLocalResource://image', ''));
      setTimeout(() => options.success?.({ localData: ((w.__wxChosenImages as string[] | undefined) ?? [])[index] ?? '' }), 0);
    },
    // The map keeps what it was asked to show.
    openLocation(options: { success?: () => void }) {
      w.__wxOpenLocation = options;
      setTimeout(() => options.success?.(), 0);
    },
    // The scanner reads what a test put in __wxScanResult, or is cancelled.
    scanQRCode(options: { success?: (result: { resultStr: string }) => void; cancel?: () => void }) {
      w.__wxScanQRCode = options;
      const text = w.__wxScanResult as string | undefined;
      setTimeout(() => (text ? options.success?.({ resultStr: text }) : options.cancel?.()), 0);
    },
  };
  w.WeixinJSBridge = {
    invoke(api: string, params: { package: string }, callback: (result: { err_msg: string }) => void) {
      w.__wxPayCalls = ((w.__wxPayCalls as number | undefined) ?? 0) + 1;
      const prepayId = params.package.replace('prepay_id=', '');
      fetch(`/sandbox/wxpay/${encodeURIComponent(prepayId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: (w.__wxPayOutcome as string | undefined) ?? 'ok' }),
      })
        .then((response) => response.json())
        .then(callback, () => callback({ err_msg: `${api}:fail` }));
    },
  };
}

export const test = base.extend<{ allowConsoleErrors: RegExp; watchPage: void; weChat: void }>({
  weChat: [
    async ({ page }, use, testInfo) => {
      if (testInfo.project.name === 'wechat') await page.context().addInitScript(weChatStandIn);
      await use();
    },
    { auto: true },
  ],
  /** Console errors the test expects (one pattern: Playwright reads a two-item array as a fixture tuple). */
  allowConsoleErrors: [/$^/, { option: true }],
  watchPage: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.test(text)) problems.push(`console: ${text} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'console errors or unhandled rejections').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A page of the test's project in a browser of its own with the back-forward cache on, as phones
 * have it (Playwright turns it off). Chrome then gives the pages after a cross-site hop a copy of
 * sessionStorage. Console errors and unhandled rejections are collected in `problems`.
 */
export async function openWithBackForwardCache(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo) {
  const { launchOptions, baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale } = testInfo.project.use;
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, close: () => browser.close() };
}

/** What the provider's token endpoint answers a sign-in. */
export interface ProviderTokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/**
 * A page load, as a link from outside would make it. Another navigation may overtake it before its
 * load event: the app sending a signed-out visitor to the provider, or the page still open going
 * there itself as the test loads the next (journey 13 failed so once, "net::ERR_ABORTED", after
 * its sign-out). Playwright then calls the load aborted; the test goes on to what the visitor sees
 * next and checks that.
 */
export async function openAddress(page: Page, url: string) {
  await page.goto(url).catch((error: unknown) => {
    if (!/net::ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
  });
}

/**
 * Signs `login` in at the provider by the app's own flow (authorization code with PKCE, the app's
 * callback address), over HTTP through `request`: the page's own (the provider's session cookie
 * is then the browser's, as after its sign-in page) or a context of its own.
 */
export async function signInOverHttp(request: APIRequestContext, login: string, scope: string): Promise<ProviderTokens> {
  const redirectUri = `${new URL(base.info().project.use.baseURL!).origin}/oidc-callback`;
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL('/auth', PROVIDER_ORIGIN);
  authorization.search = new URLSearchParams({
    client_id: 'cloud-film-web',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const next = (response: APIResponse) => new URL(response.headers().location!, PROVIDER_ORIGIN);
  const loginPage = next(await request.get(authorization.href, { maxRedirects: 0 }));
  let url = next(await request.post(`${loginPage.href}/login`, { form: { login, password: DEMO_PASSWORD }, maxRedirects: 0 }));
  while (url.origin === PROVIDER_ORIGIN) url = next(await request.get(url.href, { maxRedirects: 0 }));
  const exchanged = await request.post(`${PROVIDER_ORIGIN}/token`, {
    form: { grant_type: 'authorization_code', code: url.searchParams.get('code')!, redirect_uri: redirectUri, client_id: 'cloud-film-web', code_verifier: verifier },
  });
  expect(exchanged.ok(), await exchanged.text()).toBe(true);
  return (await exchanged.json()) as ProviderTokens;
}

/** The tokens as oidc-client-ts keeps a signed-in user (its User.toStorageString()). */
function storedUser(tokens: ProviderTokens): string {
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const { nonce: _nonce, at_hash: _atHash, iat: _iat, exp: _exp, aud: _aud, iss: _iss, azp: _azp, ...profile } = claims;
  return JSON.stringify({
    id_token: tokens.id_token,
    session_state: null,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
}

/** The browser's own log line for a failed request: expected when a test forces a fault. */
export const FAILED_RESOURCE = /Failed to load resource/;

const envelope = (statusCode: number, message: string, result: unknown = null) =>
  JSON.stringify({ statusCode, message, result });

/** What a patient does and sees, named as such. */
export class PatientApp {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await openAddress(this.page, path);
  }

  /**
   * A patient who signed in in this tab before, on Home: for tests of anything but the sign-in. The
   * provider's flow runs over HTTP with the browser's cookies (its session at the provider is the
   * browser's, as after its pages), and the tokens go where the app keeps them, as after a reload.
   * Seconds less per test than the provider's pages; signInAtProvider walks those.
   */
  async signIn(login = 'patient1', path = '/Home') {
    const { oidc } = (await (await this.page.request.get('/config.json')).json()) as { oidc: { authority: string; clientId: string; scope: string } };
    const tokens = await signInOverHttp(this.page.request, login, oidc.scope);
    // Any document of the app's origin holds this tab's session storage: an empty one, made here.
    const blank = '/__test-blank';
    await this.page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
    await this.page.goto(blank);
    await this.page.unroute(blank);
    await this.page.evaluate(([key, user]) => sessionStorage.setItem(key!, user!), [`oidc.user:${oidc.authority}:${oidc.clientId}`, storedUser(tokens)]);
    await this.open(path);
    await expect.poll(() => new URL(this.page.url()).pathname).toBe(path.split('?')[0]);
  }

  /** Signs in through the provider's own pages from the start page, and lands on Home. */
  async signInAtProvider(login = 'patient1') {
    await this.open('/');
    await this.completeSignIn(login);
    await expect.poll(() => this.path()).toBe('/Home');
  }

  /** On the provider's page (wherever the app sent us): log in and come back. */
  async completeSignIn(login = 'patient1', password = DEMO_PASSWORD) {
    await this.page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
    await this.page.locator('#login').fill(login);
    await this.page.locator('#password').fill(password);
    await this.page.getByRole('button', { name: /登录|Sign in/ }).click();
    await this.page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN && !url.pathname.startsWith('/oidc-callback'));
  }

  /** On the provider's page: a wrong password, which the provider answers with its page again (one more history entry). */
  async mistypePassword(login = 'patient1') {
    await this.page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
    await this.page.locator('#login').fill(login);
    await this.page.locator('#password').fill(`${DEMO_PASSWORD}-wrong`);
    await this.page.getByRole('button', { name: /登录|Sign in/ }).click();
    await expect(this.page.getByRole('alert')).toContainText(/密码错误|Wrong login name or password/);
  }

  /** On the provider's page: cancel, which the provider answers with access_denied. */
  async cancelSignIn() {
    await this.page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
    await this.page.getByRole('link', { name: /取消|Cancel/ }).click();
    await this.page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN && !url.pathname.startsWith('/oidc-callback'));
  }

  /** The tokens oidc-client-ts keeps for this tab (sessionStorage). */
  async storedAccessToken(): Promise<string | null> {
    return this.page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : null;
    });
  }

  /** Revokes this tab's refresh token at the provider, which ends its grant and every token of it. */
  async revokeThisSession() {
    const refreshToken = await this.page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(sessionStorage.getItem(key)!) as { refresh_token: string }).refresh_token : null;
    });
    expect(refreshToken).toBeTruthy();
    const discovery = await (await this.page.request.get(`${PROVIDER_ORIGIN}/.well-known/openid-configuration`)).json();
    const revoked = await this.page.request.post(discovery.revocation_endpoint, {
      form: { token: refreshToken!, token_type_hint: 'refresh_token', client_id: 'cloud-film-web' },
    });
    expect(revoked.ok()).toBe(true);
  }

  async tapTile(name: string | RegExp) {
    await this.page.getByRole('link', { name }).click();
  }

  /** Makes the next answers of one API call the given fault. */
  async forceApi(call: string, fault: '7001' | 'business' | 'http500' | 'network' | 'malformed') {
    await this.page.route(`**/api/**/${call}*`, (route: Route) => {
      switch (fault) {
        case '7001':
          return route.fulfill({ contentType: 'application/json', body: envelope(7001, '医院已停用云胶片服务') });
        case 'business':
          return route.fulfill({ contentType: 'application/json', body: envelope(5003, '数据同步中，请稍候') });
        case 'http500':
          return route.fulfill({ status: 500, body: 'Internal Server Error' });
        case 'network':
          return route.abort('internetdisconnected');
        case 'malformed':
          return route.fulfill({ contentType: 'text/html', body: '<html>Wi-Fi portal login</html>' });
      }
    });
  }

  async stopForcing(call: string) {
    await this.page.unroute(`**/api/**/${call}*`);
  }

  errorPage() {
    return this.page.getByTestId('error-page');
  }

  stopPage() {
    return this.page.getByTestId('stop-page');
  }

  title() {
    return this.page.getByTestId('page-title');
  }

  path() {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }
}

/** A share's recipient, at its access-code page: a wrong code (told so), then the right one, which opens the study. */
export async function openWithWrongCodeFirst(recipient: Page, accessCode: string) {
  await recipient.getByTestId('share-access-input').fill(accessCode === '0000' ? '1111' : '0000');
  await recipient.getByTestId('share-open').click();
  await expect(recipient.getByTestId('share-open-problem')).toHaveAttribute('data-problem', 'codeWrong');
  await recipient.getByTestId('share-access-input').fill(accessCode);
  await recipient.getByTestId('share-open').click();
  await expect(recipient.getByTestId('film-detail')).toBeVisible();
}

/** On a study's download page, at the choice of format: a package asked for before is set aside ("another package"). */
export async function atPackageChoice(page: Page) {
  const film = page.getByTestId('download-film');
  // Until the study's packages are found, the page cannot say whether one exists.
  await expect(film).not.toHaveAttribute('data-step', 'finding');
  if ((await film.getAttribute('data-step')) !== 'choosing') await page.getByTestId('package-new').click();
  await expect(film).toHaveAttribute('data-step', 'choosing');
}

/**
 * The viewer's image drawn. Its canvas stays hidden until then, and decoding and painting the
 * first slice can take longer on a busy two-core machine than an assertion's 5 s.
 */
export async function expectViewerDrawn(page: Page) {
  await expect(page.getByTestId('viewer-canvas').first()).toHaveAttribute('data-drawn', /\S/, { timeout: 20_000 });
}

/**
 * Waits until the screen has settled: the app shows a screen with content, and nothing on it is
 * still loading (no skeleton, spinner or busy region), twice in a row a frame apart, fonts in.
 */
export async function screenSettled(page: Page, message = page.url()) {
  const settled = async () => {
    await document.fonts.ready;
    const main = document.querySelector('main');
    const loading = document.querySelector('[data-testid="skeleton"], [data-testid="busy"], [aria-busy="true"], [data-state="loading"]');
    return !!main && main.childElementCount > 0 && !loading;
  };
  // Screens that load several things at once take their time on a busy two-core machine.
  await expect.poll(() => page.evaluate(settled), { message: `${message} settles (no skeleton or busy indicator)`, intervals: [50, 100, 100, 200], timeout: 15_000 }).toBe(true);
  // A chunk or an answer that arrives just now gets its turn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => page.evaluate(settled), { message: `${message} stays settled`, intervals: [50, 100, 200] }).toBe(true);
}

/** WeChat's embedded browser, emulated as the `weChat` fixture does, for a context a test opens itself. */
export async function standInForWeChat(context: BrowserContext) {
  await context.addInitScript(weChatStandIn);
}

/**
 * Calls the API from a signed-in page as the app does: its bearer token, the anti-forgery cookie
 * echoed. Answers the envelope's result; a refusal is an error naming the call.
 */
export async function callApi<T>(page: Page, endpoint: Endpoint, values: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ method, path, values: body }) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      const token = key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : '';
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const query = method === 'GET' ? `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}` : '';
      const response = await fetch(`/api/${path}${query}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json', accept: 'application/json' },
        body: method === 'POST' ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as { statusCode: number; message: string; result: unknown };
      if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.message}`);
      return answer.result;
    },
    { method: endpoint.method, path: endpoint.path, values },
  ) as Promise<T>;
}

/**
 * A visitor without an account collects a patient's studies by SMS (national ID, image code, SMS
 * code), through the pages, ending on the checking page with a study pass. The number's SMS
 * limits start over first (a test-mode hook): a worker started again after a failure would meet them.
 */
export async function collectBySms(page: Page, patient: { nationalId: string; phone: string }) {
  expect((await page.request.post(`/sandbox/test/verification/unlock?phone=${patient.phone}`)).ok()).toBe(true);
  await page.goto('/newCheck');
  await page.getByTestId('collect-idCard').fill(patient.nationalId);
  const image = page.getByTestId('collect-captcha-image');
  await expect(image).not.toHaveAttribute('data-captcha-id', '');
  const captcha = (await (await page.request.get(`/sandbox/test/captcha?id=${await image.getAttribute('data-captcha-id')}`)).json()) as { answer: string };
  await page.getByTestId('collect-captchaText').fill(captcha.answer);
  await page.getByTestId('collect-send').click();
  await expect(page).toHaveURL(/\/verification$/);
  const sms = (await (await page.request.get(`/sandbox/test/sms?phone=${patient.phone}`)).json()) as { messages: Array<{ code: string }> };
  await page.getByTestId('collect-code').fill(sms.messages[0]!.code);
  await page.getByTestId('collect-verify').click();
  await expect(page.getByTestId('checking')).toBeVisible();
}
