import type { BrowserContext, Request } from '@playwright/test';
import { ACCOUNT_LOCK_AFTER, ACCOUNT_LOCK_MINUTES } from '../server/oidc/signInLimits';
import { DEMO_PASSWORD, expect, openWithBackForwardCache, PatientApp, PROVIDER_ORIGIN, test } from './fixtures';

/**
 * The sandbox's access tokens live 10 minutes (its default), and the app renews 60 s before expiry
 * (spec section 9). The tests reach that moment with Playwright's clock instead of waiting for it:
 * the page's clock jumps, the provider's does not. That is safe: oidc-client-ts 3.5 checks no time
 * claim of the ID token it gets on renewal (no iat or exp, it has no clock-skew setting), the
 * provider's refresh grant never reads the client's clock, and the API checks tokens against the
 * server's own clock.
 */
const RENEWAL_MOMENT = '09:00';

/**
 * Home shown with the hospital's settings: nothing is loading any more. The clock jumps only then,
 * or it would also fire the timeouts of what is still loading (a screen's chunk gives up after
 * its timeout), as a phone that sleeps mid-load does.
 */
async function settled(app: PatientApp) {
  await expect(app.page.getByTestId('hub')).toContainText('云胶片示范医院');
}

/** The refresh-token requests that reach the provider's token endpoint, from every tab of the context. */
function watchRefreshRequests(context: BrowserContext): Request[] {
  const seen: Request[] = [];
  context.on('request', (request) => {
    if (request.url() === `${PROVIDER_ORIGIN}/token` && request.postData()?.includes('grant_type=refresh_token')) seen.push(request);
  });
  return seen;
}

test.describe('sign-in and session against the sandbox provider', () => {
  test('signs in as a demo patient from the start page and lands on Home', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signInAtProvider('patient1');
    await expect(page.getByTestId('hub')).toContainText('云胶片示范医院');
    expect(await app.storedAccessToken()).toBeTruthy();
  });

  test('a deep link to a login-required page comes back to that exact page after sign-in', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/personal?from=message&x=1');
    await app.completeSignIn('patient2');
    await expect.poll(() => app.path()).toBe('/personal?from=message&x=1');
    await expect(app.title()).toHaveText(/个人中心|Personal centre/);
  });

  test('a reload of the used callback address recovers to the page, not "No matching state found"', async ({ page }) => {
    const app = new PatientApp(page);
    let callbackUrl = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/oidc-callback')) callbackUrl = frame.url();
    });
    await app.open('/personal?tab=2');
    await app.completeSignIn();
    await expect.poll(() => app.path()).toBe('/personal?tab=2');
    // The sign-in is over (the code exchanged, the page drawn) before the used address is loaded again.
    await expect.poll(() => app.storedAccessToken()).toBeTruthy();
    await expect(app.title()).toHaveText(/个人中心|Personal centre/);
    expect(callbackUrl).toContain('code=');
    await page.goto(callbackUrl);
    await expect.poll(() => app.path()).toBe('/personal?tab=2');
    await expect(app.title()).toHaveText(/个人中心|Personal centre/);
    await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
  });

  test.describe('the back button after sign-in', () => {
    test('leads to the page before the sign-in, never to the provider, even after a wrong password', async ({ page }) => {
      const app = new PatientApp(page);
      await app.open('/help');
      await app.open('/aiOrder');
      await app.mistypePassword('patient2');
      await app.completeSignIn('patient2');
      await expect.poll(() => app.path()).toBe('/aiOrder');
      await expect.poll(() => app.storedAccessToken()).toBeTruthy();
      await page.goBack();
      await expect.poll(() => app.path()).toBe('/help');
      expect(new URL(page.url()).origin).not.toBe(PROVIDER_ORIGIN);
      await expect(app.title()).toBeVisible();
    });

    test('from Home after a sign-in started at the start page leaves the app as the patient came in', async ({ page }) => {
      const app = new PatientApp(page);
      await app.open('/help');
      await app.signInAtProvider();
      await page.goBack();
      await expect.poll(() => app.path()).toBe('/help');
      // Forward again is the app, signed in, not the provider's pages ahead of it.
      await page.goForward();
      await expect.poll(() => app.path()).toBe('/Home');
      await expect(page.getByTestId('hub')).toBeVisible();
    });

    test('after a cancelled sign-in is calm in the app (no network message, no provider reason), then signing in again reaches the page and leaves no provider page either', async ({ page }) => {
      const app = new PatientApp(page);
      await app.open('/help');
      await app.open('/personal?from=menu');
      await app.cancelSignIn();
      const cancelled = page.getByTestId('sign-in-cancelled');
      await expect(cancelled).toBeVisible();
      await expect(cancelled).toContainText(/已取消登录|Sign-in was cancelled/);
      await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(/网络|network|aborted/i);
      expect(app.path()).toBe('/oidc-error');
      await page.getByRole('button', { name: /重新登录|Sign in again/ }).click();
      await app.completeSignIn();
      // Signing in again goes on to the page the patient was going to, not Home.
      await expect.poll(() => app.path()).toBe('/personal?from=menu');
      await page.goBack();
      await expect.poll(() => app.path()).toBe('/help');
    });

    test('"back" after a cancelled sign-in leaves the calm page for a page that needs no sign-in', async ({ page }) => {
      const app = new PatientApp(page);
      await app.open('/help');
      await app.open('/personal?from=menu');
      await app.cancelSignIn();
      await page.getByRole('button', { name: /^(返回|Back)$/ }).click();
      await expect.poll(() => app.path()).toBe('/index');
      await expect(page.getByTestId('sign-in-cancelled')).toHaveCount(0);
    });

    test('"back" after a sign-in cancelled from an open page returns to that page', async ({ page }) => {
      const app = new PatientApp(page);
      // A help article offers the visitor "sign in" (issue 24 §6); that is where the patient was.
      await app.open('/helpDetail?id=collect-qr');
      await page.getByTestId('help-visitor-entry-sign-in').click();
      await app.cancelSignIn();
      await expect(page.getByTestId('sign-in-cancelled')).toBeVisible();
      await page.getByRole('button', { name: /^(返回|Back)$/ }).click();
      await expect.poll(() => app.path()).toBe('/helpDetail?id=collect-qr');
      await expect(page.getByTestId('help-article')).toBeVisible();
      await expect(page.getByTestId('sign-in-cancelled')).toHaveCount(0);
    });

    test('with the back-forward cache phones have, the start page completes the sign-in once', async ({ playwright }, testInfo) => {
      test.skip(testInfo.project.name !== 'phone', 'one browser of its own is enough; the WeChat stand-in is not in it');
      const { page, problems, close } = await openWithBackForwardCache(playwright, testInfo);
      try {
        const callbacks = new Set<string>();
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/oidc-callback') callbacks.add(frame.url());
        });
        const app = new PatientApp(page);
        await app.open('/help');
        await app.open('/aiOrder');
        await app.completeSignIn('patient2');
        await expect.poll(() => app.path()).toBe('/aiOrder');
        await expect.poll(() => app.storedAccessToken()).toBeTruthy();
        await expect(app.title()).toHaveText(/AI|智能/);
        expect(callbacks.size, 'one round trip, not a second one because the tokens went missing').toBe(1);
        // A page restored from the back-forward cache fires no load event.
        await page.goBack({ waitUntil: 'commit' });
        await expect.poll(() => app.path()).toBe('/help');
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });
  });

  test.describe('wrong passwords', () => {
    // The locked page comes with HTTP 429, which Chromium logs.
    test.use({ allowConsoleErrors: /status of 429/ });

    test('lock the login name, and the sign-in page says so and for how long', async ({ page }, testInfo) => {
      const app = new PatientApp(page);
      await app.open('/personal');
      await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
      // A login name nobody else uses: the provider counts, slows and locks a name that belongs to
      // nobody exactly like a patient's, and the other tests sign in as the demo patients meanwhile.
      const login = `nobody-${testInfo.project.name}-${testInfo.workerIndex}-${Date.now()}`;
      // Posted at once, so their growing waits (1 s, 2 s, ... 8 s) overlap instead of adding up.
      const wrong = await Promise.all(
        Array.from({ length: ACCOUNT_LOCK_AFTER }, () =>
          page.request.post(`${page.url()}/login`, { form: { login, password: `${DEMO_PASSWORD}-wrong` }, maxRedirects: 0 }),
        ),
      );
      // Each is the page again: 200 with "wrong", or 429 once the name is locked.
      expect(wrong.every((answer) => [200, 429].includes(answer.status()))).toBe(true);

      // On the page, even a password that could be right is refused now, at once, and the page says why.
      await page.locator('#login').fill(login);
      await page.locator('#password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登录|Sign in/ }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(`此登录名输错密码的次数过多，已被暂时锁定。请 ${ACCOUNT_LOCK_MINUTES} 分钟后再试；锁定期间，即使密码正确也无法登录。`);
      await expect(alert).toContainText(`Try again in ${ACCOUNT_LOCK_MINUTES} minutes; until then even the right password is refused.`);
      await expect(page.locator('#login')).toHaveValue(login);
      expect(new URL(page.url()).origin).toBe(PROVIDER_ORIGIN);
    });
  });

  test('public pages never force sign-in', async ({ page }) => {
    const app = new PatientApp(page);
    for (const path of ['/index', '/help', '/errorStop', '/experience']) {
      await app.open(path);
      await expect(page.getByTestId('page-title')).toBeVisible();
      expect(new URL(page.url()).origin).not.toBe(PROVIDER_ORIGIN);
    }
  });

  test('tokens renew silently before they expire, with no visible interruption', async ({ page, context }) => {
    await page.clock.install();
    const app = new PatientApp(page);
    await app.signInAtProvider();
    await settled(app);
    const first = await app.storedAccessToken();
    const refreshes = watchRefreshRequests(context);
    const providerPages: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().startsWith(PROVIDER_ORIGIN)) providerPages.push(frame.url());
    });
    await page.clock.fastForward(RENEWAL_MOMENT);
    await expect.poll(() => app.storedAccessToken()).not.toBe(first);
    const second = await app.storedAccessToken();
    // The timer restarts from the fresh token: 60 s before its own expiry, it renews again.
    await page.clock.fastForward(RENEWAL_MOMENT);
    await expect.poll(() => app.storedAccessToken()).not.toBe(second);
    expect(refreshes).toHaveLength(2);
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card')).toHaveCount(8);
    expect(providerPages).toEqual([]);
  });

  test('two tabs at the renewal moment: one refresh reaches the provider, and both tabs take its tokens', async ({ page, context }) => {
    // Web Locks and sessionStorage belong to one browser profile: two BrowserContexts would share
    // neither, so the two tabs here are two pages of one context, as a patient's tabs are.
    await page.clock.install();
    const app = new PatientApp(page);
    await app.signInAtProvider();
    await settled(app);
    const before = await app.storedAccessToken();
    // A tab opened from the app gets a copy of its sessionStorage: the same tokens, the same
    // refresh token, which the provider rotates on use. Two renewals with it would be one too many.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => void window.open('/myStudyList'))]);
    const other = new PatientApp(popup);
    const problems: string[] = [];
    popup.on('pageerror', (error) => problems.push(error.message));
    await expect(popup.getByTestId('study-card')).toHaveCount(8);
    expect(await other.storedAccessToken()).toBe(before);

    const refreshes = watchRefreshRequests(context);
    // Both tabs' clocks jump together: both renewal timers fire, and the Web Lock lets one renew.
    await page.clock.fastForward(RENEWAL_MOMENT);
    await expect.poll(() => app.storedAccessToken()).not.toBe(before);
    const renewed = await app.storedAccessToken();
    await expect.poll(() => other.storedAccessToken()).toBe(renewed);
    expect(refreshes).toHaveLength(1);

    // Neither tab is signed out: both go on with the API, on the same fresh token.
    await other.page.reload();
    await expect(popup.getByTestId('study-card')).toHaveCount(8);
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card')).toHaveCount(8);
    for (const tab of [app, other]) {
      expect(new URL(tab.page.url()).origin).not.toBe(PROVIDER_ORIGIN);
      expect(await tab.storedAccessToken()).toBe(renewed);
    }
    expect(refreshes).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test.describe('with the API refusing the revoked token', () => {
    test.use({ allowConsoleErrors: /status of 401/ });

    test('a session revoked mid-flow: 401, sign-in, and back to the same page', async ({ page }) => {
      const app = new PatientApp(page);
      // Mid-flow: Home's own reads are answered first. On a busy machine they can still be on their
      // way (or not yet sent: the network looked idle for half a second before them), and then Home
      // meets the 401 itself and signs in again before the tap.
      const HOME_READS = ['/V1.0/Family/list', '/V1.0/WeChat/GetUserScribeGZHTag', '/V1.0/AI/OrderList', '/V2.0/YJPIndex/CheckExpireStorage'];
      const homeAnswered = HOME_READS.map((path) => page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(path)));
      await app.signInAtProvider();
      await Promise.all(homeAnswered);
      // Revoked elsewhere (another device, the hospital): only this tab's grant ends, so tests
      // running in parallel for the same patient are not touched.
      await app.revokeThisSession();
      await app.tapTile(/我的检查|My studies/);
      // The provider still knows the patient and may answer at once, or ask again.
      await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN || url.pathname === '/oidc-callback');
      if (new URL(page.url()).origin === PROVIDER_ORIGIN) await app.completeSignIn();
      await expect.poll(() => app.path()).toBe('/myStudyList');
      await expect(page.getByTestId('study-card')).toHaveCount(8);
    });
  });

  test('a second tab does not break the first', async ({ page, context }) => {
    const app = new PatientApp(page);
    await app.signInAtProvider();
    const second = new PatientApp(await context.newPage());
    await second.open('/myStudyList');
    // A tab keeps its own tokens: the provider still knows the patient and answers at once, or asks again.
    const login = second.page.locator('#login');
    await expect(second.page.getByTestId('study-card').first().or(login)).toBeVisible({ timeout: 15_000 });
    if (await login.isVisible()) await second.completeSignIn();
    await expect(second.page.getByTestId('study-card')).toHaveCount(8);
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card')).toHaveCount(8);
    expect(new URL(page.url()).origin).not.toBe(PROVIDER_ORIGIN);
  });

  test('logout leaves no token and no health data in any browser storage', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signInAtProvider();
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card').first()).toBeVisible();
    await app.open('/logout');
    await expect.poll(() => app.path(), { timeout: 15_000 }).toBe('/index');
    const storage = await page.evaluate(() => ({
      session: Object.fromEntries(Object.entries(sessionStorage)),
      local: Object.fromEntries(Object.entries(localStorage)),
    }));
    const everything = JSON.stringify(storage);
    expect(everything).not.toMatch(/access_token|refresh_token|id_token/);
    expect(everything).not.toMatch(/张伟|patientName|studyUId|hospitalSetting/);
    expect(Object.keys(storage.session).filter((k) => k.startsWith('oidc.user'))).toEqual([]);
    // Signed out for real: a login-required page asks to sign in again.
    await app.open('/personal');
    await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
  });

  test.describe('when the provider is down', () => {
    test.use({ allowConsoleErrors: /Failed to load resource|Failed to fetch/ });

    test('shows the sign-in error page, and recovers once it is back', async ({ page }) => {
      const app = new PatientApp(page);
      await page.route(`${PROVIDER_ORIGIN}/**`, (route) => route.abort('connectionrefused'));
      await app.open('/personal');
      await expect(page.getByTestId('sign-in-error')).toBeVisible();
      await expect(page.getByTestId('sign-in-error')).toContainText(/登录没有成功|Sign-in did not work/);
      await page.unroute(`${PROVIDER_ORIGIN}/**`);
      await page.getByRole('button', { name: /重试|Try again/ }).click();
      await app.completeSignIn();
      await expect.poll(() => app.path()).toBe('/personal');
    });
  });
});
