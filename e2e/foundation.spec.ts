import { expect, FAILED_RESOURCE, PatientApp, test } from './fixtures';

test.describe('the app from the sandbox', () => {
  test('loads on a phone: product title, hospital, theme, tiles', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/index');
    await expect(page.getByTestId('hub')).toContainText('云胶片示范医院');
    await expect(page).toHaveTitle('电子云胶片');
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^[1-6]$/);
    await expect(page.getByRole('link').first()).toBeVisible();
    const fontSize = await page.evaluate(() => parseFloat(document.documentElement.style.fontSize));
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(fontSize).toBeCloseTo(width / 10, 1);
  });

  test('shows my studies from the sandbox, and keeps them when I come back', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card')).toHaveCount(8);
    await page.goBack();
    await expect(page.getByTestId('hub')).toBeVisible();
    let refetched = false;
    page.on('request', (request) => {
      if (request.url().includes('HospitalStudyList')) refetched = true;
    });
    await app.tapTile(/我的检查|My studies/);
    await expect(page.getByTestId('study-card').first()).toBeVisible();
    expect(refetched).toBe(false);
  });

  test('an unknown path lands on the error page with [404]', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/no/such/page');
    await expect(app.errorPage().getByTestId('status-code')).toHaveText('[404]');
    await expect(app.errorPage().getByTestId('status-text')).toHaveText(/页面不存在|does not exist/);
  });

  test('the QR self-help entry redirects to index keeping its query', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/sl/pic/qr/selfhelp?hosp=DEMO001&code=42');
    // The film bag's code: index collects that study (issue 13).
    await expect(page.getByTestId('collect')).toBeVisible();
    expect(app.path()).toBe('/index?hosp=DEMO001&code=42');
  });

  test('the QR entry replaces its history entry: back leaves index, it never loops back to it', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/help');
    await expect(page.getByTestId('help')).toBeVisible();
    await app.open('/sl/pic/qr/selfhelp?hosp=DEMO001&code=42');
    await expect(page.getByTestId('collect')).toBeVisible();
    expect(app.path()).toBe('/index?hosp=DEMO001&code=42');
    // No in-app history behind the entry page: no back arrow to loop with, and no home on the entry page.
    await expect(page.getByTestId('top-back')).toHaveCount(0);
    await expect(page.getByTestId('top-home')).toHaveCount(0);
    expect(await page.evaluate(() => window.history.length)).toBe(3); // about:blank, /help, /index
    await page.goBack();
    await expect.poll(() => app.path()).toBe('/help');
    await expect(page.getByTestId('help')).toBeVisible();
    await page.goForward();
    await expect.poll(() => app.path()).toBe('/index?hosp=DEMO001&code=42');
    await expect(page.getByTestId('collect')).toBeVisible();
  });

  test('/about-us leads to the about page, public, and back does not return to it', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/help');
    await expect(page.getByTestId('help')).toBeVisible();
    await app.open('/about-us?from=menu');
    await expect(page.getByTestId('about')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(/关于我们|About us/);
    expect(app.path()).toBe('/about?from=menu');
    await page.goBack();
    await expect.poll(() => app.path()).toBe('/help');
  });

  test('a page entered directly has the way home in the top bar, a 44 px target', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.open('/aiOrder');
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await expect(page.getByTestId('top-back')).toHaveCount(0);
    const home = page.getByRole('button', { name: /^(首页|Home)$/ });
    await expect(home).toBeVisible();
    const box = await home.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await home.click();
    await expect.poll(() => app.path()).toBe('/Home');
    await expect(page.getByTestId('hub')).toBeVisible();
    await expect(page.getByTestId('top-home')).toHaveCount(0);
  });

  test('index with a film id of a study that is not mine: the error page with the server message', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.open('/index?id=999999');
    await expect(app.errorPage()).toBeVisible();
    await expect(page.getByTestId('hub')).toHaveCount(0);
  });
});

test.describe('faults land on the right page with the right text', () => {
  test('7001 on a study call: the stopped page with the server message and code', async ({ page }) => {
    const app = new PatientApp(page);
    await app.forceApi('HospitalStudyList', '7001');
    await app.open('/myStudyList');
    await expect(app.stopPage()).toContainText(/无法访问|Cannot access/);
    await expect(app.stopPage().getByTestId('status-code')).toHaveText('[7001]');
    await expect(app.stopPage().getByTestId('status-text')).toHaveText('医院已停用云胶片服务');
  });

  test.describe('with the browser logging the failed request', () => {
    test.use({ allowConsoleErrors: FAILED_RESOURCE });

    test('HTTP 500: the error page with [500] and customer service', async ({ page }) => {
      const app = new PatientApp(page);
      await app.forceApi('HospitalStudyList', 'http500');
      await app.open('/myStudyList');
      await expect(app.errorPage().getByTestId('status-code')).toHaveText('[500]');
      await expect(app.errorPage().getByTestId('customer-service')).toContainText('9:00-18:00');
    });

    test('a network failure: "network connection timed out", no customer-service block', async ({ page }) => {
      const app = new PatientApp(page);
      await app.forceApi('HospitalStudyList', 'network');
      await app.open('/myStudyList');
      await expect(app.errorPage().getByTestId('status-text')).toHaveText(/网络连接超时，请稍后再试|Network connection timed out, try later/);
      await expect(app.errorPage().getByTestId('customer-service')).toHaveCount(0);
    });
  });

  test('another statusCode: the error page with the server message and code', async ({ page }) => {
    const app = new PatientApp(page);
    await app.forceApi('HospitalStudyList', 'business');
    await app.open('/myStudyList');
    await expect(app.errorPage().getByTestId('status-code')).toHaveText('[5003]');
    await expect(app.errorPage().getByTestId('status-text')).toHaveText('数据同步中，请稍候');
  });

  test('a malformed response: the patient is told, nothing crashes', async ({ page }) => {
    const app = new PatientApp(page);
    await app.forceApi('HospitalStudyList', 'malformed');
    await app.open('/myStudyList');
    await expect(app.errorPage().getByTestId('status-text')).toHaveText(/无法识别|could not read/);
  });

  test('the back-path round trip: error page, back to the page, retry works', async ({ page }) => {
    const app = new PatientApp(page);
    await app.signIn();
    await app.forceApi('HospitalStudyList', 'business');
    await app.tapTile(/我的检查|My studies/);
    await expect(app.errorPage()).toBeVisible();
    await expect.poll(() => app.path()).toContain('back=%2FmyStudyList');
    await app.stopForcing('HospitalStudyList');
    await app.errorPage().getByRole('button', { name: /返回|Back/ }).click();
    await expect.poll(() => app.path()).toBe('/myStudyList');
    await page.getByRole('button', { name: /重试|Try again/ }).click();
    await expect(page.getByTestId('study-card')).toHaveCount(8);
  });

  test('the back-path works after a reload of the error page', async ({ page }) => {
    const app = new PatientApp(page);
    await app.open('/error?code=500&back=%2Fhelp%3Fq%3D1');
    await app.errorPage().getByRole('button', { name: /返回|Back/ }).click();
    await expect.poll(() => app.path()).toBe('/help?q=1');
  });

  test.describe('when a screen chunk cannot load', () => {
    test.use({ allowConsoleErrors: FAILED_RESOURCE });

    test('offers a reload that recovers, never a blank page', async ({ page }) => {
      await page.route('**/assets/HomePage-*.js', (route) => route.abort('internetdisconnected'));
      await page.goto('/index');
      await expect(page.getByTestId('chunk-error')).toBeVisible();
      await page.unroute('**/assets/HomePage-*.js');
      await page.getByRole('button', { name: /重新加载|Reload/ }).click();
      await expect(page.getByTestId('hub')).toBeVisible();
    });
  });

  test.describe('when the runtime configuration is missing', () => {
    test.use({ allowConsoleErrors: FAILED_RESOURCE });

    test('a clear page names the problem', async ({ page }) => {
      await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
      await page.goto('/index');
      await expect(page.getByTestId('config-error')).toContainText(/配置文件不存在|configuration file is missing/);
    });
  });
});
