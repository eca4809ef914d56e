import type { Page, Request } from '@playwright/test';
import { demoStudyRecords } from '../server/seed';
import { expect, PatientApp, screenSettled, test } from './fixtures';

/**
 * What a phone downloads, and when (issue 26), in a real Chromium against the sandbox: the public
 * pages fetch neither the sign-in library nor the other language, nor does a signed-in patient's
 * first screen fetch the library; the configuration comes with the HTML's preload, once; a
 * signed-in screen's first read goes out as the app starts (the prefetch's fetch, not the screen's
 * own call after its chunk), once; the build's files come precompressed; source maps are neither
 * named nor served.
 */

const asset = (requests: Request[], name: RegExp) => requests.filter((r) => new URL(r.url()).pathname.startsWith('/assets/') && name.test(new URL(r.url()).pathname));

function record(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => void requests.push(request));
  return requests;
}

/**
 * Holds the entry until a file matching `asked` has been requested (or 5 s have passed) and tells
 * whether it came first: a file the entry itself asked for would never be requested while it is held.
 */
async function entryHeldUntilAsked(page: Page, asked: RegExp) {
  let seen = () => {};
  const requested = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (r) => void (asked.test(new URL(r.url()).pathname) && seen()));
  let first = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    first = await Promise.race([requested.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    await route.continue();
  });
  return () => first;
}

test('a public page fetches one language and no sign-in library; the other language comes on switch', async ({ page }, testInfo) => {
  const requests = record(page);
  await page.goto('/index');
  await expect(page.getByTestId('hub')).toBeVisible();
  const shown = testInfo.project.name === 'wechat' || (await page.evaluate(() => document.documentElement.lang)) === 'zh-CN' ? 'zh-CN' : 'en';
  const other = shown === 'zh-CN' ? /\/en-[\w-]+\.js$/ : /\/zh-CN-[\w-]+\.js$/;
  expect(asset(requests, shown === 'zh-CN' ? /\/zh-CN-[\w-]+\.js$/ : /\/en-[\w-]+\.js$/)).toHaveLength(1);
  expect(asset(requests, other)).toHaveLength(0);
  expect(asset(requests, /oidc-client-ts/)).toHaveLength(0);
  // The configuration: once, as the HTML's preload asked for it (a fetch the app did not match would come twice).
  expect(requests.filter((r) => new URL(r.url()).pathname === '/config.json')).toHaveLength(1);

  await page.locator('button[lang]').first().click();
  await expect.poll(() => asset(requests, other).length).toBe(1);
  await expect(page.locator('html')).toHaveAttribute('lang', shown === 'zh-CN' ? 'en' : 'zh-CN');
});

test("a signed-in screen's first read goes out as the app starts, before its chunk arrives, once", async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  const requests = record(page);
  // The screen's chunk is held until the list's read has gone out (or 5 s): a read that waited for
  // the chunk would never go out while it is held.
  let listAsked = () => {};
  const asked = new Promise<void>((resolve) => (listAsked = resolve));
  page.on('request', (r) => void (new URL(r.url()).pathname.endsWith('/V1.0/Package/HospitalStudyList') && listAsked()));
  let readBeforeChunk = false;
  await page.route(/\/assets\/StudyListScreen-[\w-]+\.js$/, async (route) => {
    readBeforeChunk = await Promise.race([asked.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    await route.continue();
  });
  await page.goto('/myStudyList');
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  expect(readBeforeChunk).toBe(true);
  const list = requests.filter((r) => new URL(r.url()).pathname.endsWith('/V1.0/Package/HospitalStudyList'));
  // Once: the screen took the prefetched answer. The prefetch's fetch, not axios's XMLHttpRequest.
  expect(list.map((r) => r.resourceType())).toEqual(['fetch']);
  expect(list[0]!.headers().authorization).toMatch(/^Bearer /);
});

test("a signed-in patient's first screen comes without the sign-in library", async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  const requests = record(page);
  await page.goto('/myStudyList');
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  // The stored patient is read from storage; the library comes for a renewal or a sign-out.
  expect(asset(requests, /oidc-client-ts/)).toHaveLength(0);
});

test('the film detail opened from a link reads the study as the app starts', async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  const id = String(demoStudyRecords().findIndex((one) => one.patient.loginName === 'patient1') + 1);
  const requests = record(page);
  await page.goto(`/index?id=${id}`);
  await expect(page.getByTestId('film-study')).toBeVisible();
  const detail = requests.filter((r) => new URL(r.url()).pathname.endsWith('/V1.0/Package/HospitalStudyImageList'));
  expect(detail.map((r) => r.resourceType())).toEqual(['fetch']);
});

test("My studies asks for the film detail's chunks when idle, one script's link per task: no long task of preloads", async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  // The script preloads the page adds in each task, once recording starts: a MutationObserver is
  // told of a task's changes together, at its end. (A string: the test bundler's helpers are not in the page.)
  await page.addInitScript(`window.__linkBatches = [];
    new MutationObserver((records) => {
      if (!window.__recording) return;
      const added = records.flatMap((record) => [...record.addedNodes]).filter((node) => node.nodeName === 'LINK' && node.rel === 'modulepreload');
      if (added.length) window.__linkBatches.push(added.map((link) => link.getAttribute('href')));
    }).observe(document, { childList: true, subtree: true });`);
  await page.goto('/myStudyList');
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  await page.evaluate(() => void ((window as unknown as { __recording: boolean }).__recording = true));
  const batches = () => page.evaluate(() => (window as unknown as { __linkBatches: string[][] }).__linkBatches);
  await expect.poll(async () => (await batches()).flat().some((href) => /\/FilmDetailScreen-[\w-]+\.js$/.test(href))).toBe(true);
  await expect.poll(async () => (await batches()).length).toBeGreaterThanOrEqual(5);
  // Vite's own helper added them all in one task (15 links, a long task on a phone).
  expect((await batches()).filter((batch) => batch.length > 1)).toEqual([]);
});

test("a screen's chunks are asked for as the HTML is read, beside the entry, not after it has run", async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  const id = String(demoStudyRecords().findIndex((one) => one.patient.loginName === 'patient1') + 1);
  const chunkBeforeEntry = await entryHeldUntilAsked(page, /\/assets\/FilmDetailScreen-[\w-]+\.js$/);
  await page.goto(`/index?id=${id}`);
  await expect(page.getByTestId('film-study')).toBeVisible();
  expect(chunkBeforeEntry()).toBe(true);
  // The entry found the page's links and added none of its own.
  expect(await page.locator('link[rel=modulepreload][href*="/FilmDetailScreen-"]').count()).toBe(1);
});

for (const [lang, shown, other] of [
  ['en', /\/en-[\w-]+\.js$/, /\/zh-CN-[\w-]+\.js$/],
  ['zh', /\/zh-CN-[\w-]+\.js$/, /\/en-[\w-]+\.js$/],
] as const) {
  test(`the shown language's strings (${lang}) are asked for as the HTML is read, beside the entry, once; the other's not at all`, async ({ page }) => {
    const requests = record(page);
    const stringsBeforeEntry = await entryHeldUntilAsked(page, shown);
    // A violation of the CSP (the boot script is inline, allowed by its hash) fails the test as any console error does.
    await page.goto(`/error?lang=${lang}`);
    await expect(page.getByTestId('page-title')).toBeVisible();
    expect(stringsBeforeEntry()).toBe(true);
    // Once: the app's import took the page's preload.
    expect(asset(requests, shown)).toHaveLength(1);
    expect(asset(requests, other)).toHaveLength(0);
  });
}

test('the build is served precompressed and immutable, and its source maps are not public', async ({ page, request }) => {
  const requests = record(page);
  await page.goto('/index');
  await expect(page.getByTestId('hub')).toBeVisible();
  const entry = asset(requests, /\/index-[\w-]+\.js$/)[0]!;
  const response = (await entry.response())!;
  expect(await response.headerValue('content-encoding')).toBe('br');
  expect(await response.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
  const source = await response.text();
  expect(source).not.toContain('sourceMappingURL');
  expect((await request.get(`${entry.url()}.map`)).status()).toBe(404);
  const html = await request.get('/index', { headers: { accept: 'text/html' } });
  expect(html.status()).toBe(200);
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/config.json')).headers()['cache-control']).toBe('no-cache');
});

test.describe('with no code at all', () => {
  // The scripts this test refuses.
  test.use({ allowConsoleErrors: /Failed to load resource: net::ERR_FAILED/ });

  test("the app's frame shows from the HTML alone, and says so, with a reload, when the code does not come", async ({ page }) => {
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/aiOrder');
    await expect(page.locator('.boot-bar')).toBeVisible();
    await expect(page.locator('.boot-card')).toHaveCount(3);
    const slow = page.locator('.boot-slow');
    await expect(slow).toHaveCount(2);
    for (const line of await slow.all()) await expect(line).toBeHidden();
    // The frame's own clock is a CSS animation: run it past the wait.
    await page.evaluate(() => document.getAnimations().forEach((animation) => (animation.currentTime = 9_000)));
    await expect(slow.filter({ hasText: '重新加载' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'reload' })).toHaveAttribute('href', '');
  });

  test('when the strings do not arrive, the frame says so at once, and its reload brings the app', async ({ page }) => {
    let refuse = true;
    await page.route(/\/assets\/(en|zh-CN)-[\w-]+\.js$/, (route) => (refuse ? route.abort() : route.continue()));
    await page.goto('/index');
    await expect(page.locator('.boot-shell')).toHaveClass(/boot-failed/);
    await expect(page.getByText('Cloud Film did not finish loading. Check your connection, then reload.')).toBeVisible();
    await expect(page.getByText('电子云胶片没有加载完成')).toBeVisible();
    refuse = false;
    await page.getByRole('link', { name: 'reload' }).click();
    await expect(page.getByTestId('hub')).toBeVisible();
  });
});

test("the first screen replaces the frame; the entry's style sheets come inline, allowed by hash, and are never fetched", async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => void (/Content Security Policy|Refused to apply/.test(message.text()) && violations.push(message.text())));
  const app = new PatientApp(page);
  await app.signIn();
  const requests = record(page);
  await page.goto('/aiOrder');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expect(page.locator('.boot-shell')).toHaveCount(0);
  // Screens whose chunks import the entry's styles too: the preload helper must not add the sheet again.
  for (const path of ['/myStudyList', '/imageStore', '/Home']) {
    await page.goto(path);
    await expect(page.getByTestId('page-title').or(page.getByTestId('hub')).first()).toBeVisible();
  }
  const inlined = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(inlined.length).toBeGreaterThan(0);
  expect(requests.filter((r) => inlined.includes(new URL(r.url()).pathname))).toEqual([]);
  const enabled = await page.locator('link[rel="stylesheet"]:not([disabled])').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(enabled.filter((path) => inlined.includes(path))).toEqual([]);
  // The inline styles apply: the page's own background, not the browser's white.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(243, 245, 247)');
  expect(violations).toEqual([]);
});

/** Every layout shift the page makes without input, with what moved (PerformanceObserver, from the first paint). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map(({ node }) => (node instanceof Element ? node.getAttribute('data-testid') ?? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName)));
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);
}

test("nothing on a signed-in patient's home moves as its late parts arrive: the family's chips among them (CLS within issue 26's 0.02)", async ({ page }) => {
  const app = new PatientApp(page);
  await app.signIn();
  // A family of two whose list arrives well after the page has painted.
  await page.route('**/api/V1.0/Family/list', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const member = { sex: '女', birthDate: '1960-01-01', addedAt: '2026-11-01 10:00:00' };
    body.result.members = [
      { ...member, memberId: '9001', name: '李梅', relation: 'parent' },
      { ...member, memberId: '9002', name: '张小明', relation: 'child', sex: '男', birthDate: '2015-06-01' },
    ];
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response, json: body });
  });
  const shifts = await watchLayoutShifts(page);
  await page.goto('/Home');
  await expect(page.getByTestId('family-member')).toHaveCount(2);
  await screenSettled(page);
  const seen = await shifts();
  const total = seen.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `layout shifts: ${JSON.stringify(seen)}`).toBeLessThanOrEqual(0.02);
});

test("nothing on a visitor's home moves as it starts: the theme is on before its first frame, and a late logo has its box", async ({ page }) => {
  // The hospital's setting (its theme and logo) answers well after the page has painted.
  await page.route('**/api/V2.0/YJPIndex/GetHospitalSetting', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  const shifts = await watchLayoutShifts(page);
  await page.goto('/index');
  await expect(page.getByTestId('hub-visitor')).toBeVisible();
  await expect(page.getByTestId('hub-logo')).toHaveAttribute('src', /hospital-logo/);
  await screenSettled(page);
  expect(await shifts()).toEqual([]);
});
