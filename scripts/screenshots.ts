/**
 * Phone-sized screenshots of the app as a patient sees it, for a person to look at:
 * `npx tsx scripts/screenshots.ts [baseURL] [outDir]` against a running sandbox. It signs in as
 * the demo patient first (`SCREENSHOT_LOGIN`, default patient1), so login-required screens show;
 * `SCREENSHOT_ONLY` (name prefixes, comma-separated) takes some pages only; `SCREENSHOT_TEXT=large`
 * takes them in the large-text mode (files named `-large`).
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../server/demoData';
import { demoArchiveStudies } from '../server/dicom/studies';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? 'test-results/screenshots';
const login = process.env.SCREENSHOT_LOGIN ?? 'patient1';
/** SCREENSHOT_ONLY=ai-,personal: only the pages whose names start so. */
const only = (process.env.SCREENSHOT_ONLY ?? '').split(',').map((one) => one.trim()).filter(Boolean);
const large = process.env.SCREENSHOT_TEXT === 'large';
/** The viewer on one of patient1's studies (the sandbox's own archive), with the AI layer when asked. */
function viewer(date: string, ai = false) {
  const study = demoArchiveStudies().find((one) => one.patientName === '张伟' && one.studyDate === date)!;
  const query = new URLSearchParams({ ...(ai ? { checkWay: '2', result: '2', showAi: 'true' } : {}), wadourl: `${base}/sandbox/wado`, studyuid: study.studyUId, hospid: 'DEMO001' });
  return `/cloudFilm?${query.toString()}`;
}
const pages = [
  ['home', '/Home'],
  ['studies', '/myStudyList'],
  ['aiOrders', '/aiOrder'],
  ['aiOrders-cancel', '/aiOrder?tab=toBePaid'],
  ['film-detail', '/index?id=20'],
  ['film-detail-older', '/index?id=19'],
  ['film-detail-ai', '/index?id=13'],
  ['my-images', '/myImageList'],
  ['reports', '/imageList'],
  ['film-sheets', '/electronicFilm'],
  ['study-info', '/medicalTag?id=19'],
  ['viewer-ct', viewer('2026-11-18')],
  ['viewer-ai', viewer('2026-02-09', true)],
  ['viewer-broken', viewer('2025-01-27')],
  ['collect', '/newCheck'],
  ['add-film', '/addFilm'],
  ['check-list', '/checkList'],
  ['download-film', '/downloadFilm?id=19'],
  ['download-list', '/downloadList'],
  ['download-link-unknown', '/downloadLink?token=nothing'],
  ['image-store', '/imageStore?id=20'],
  ['image-store-all', '/imageStore'],
  ['store-orders', '/storeOrder'],
  ['ai-apply', '/aiApply'],
  ['ai-apply-study', '/aiApply?id=20'],
  ['ai-result', '/aiResult?id=13'],
  ['personal', '/personal'],
  ['modify', '/modify'],
  ['feedback', '/help?view=feedback'],
  ['experience', '/experience'],
  ['share-create', '/shareList?id=19'],
  ['share-code', '/shareCode'],
  ['share-code-unknown', '/shareCode?code=NOTHERE2'],
  // Before leaving for the consultation service: what is sent and to whom (the dialog opens by itself).
  ['diagnose', '/diagnose?id=20'],
  ['help', '/help'],
  ['help-detail', '/helpDetail?id=collect-qr'],
  ['about', '/about'],
  ['deel', '/deel'],
  ['error', '/error?code=500&msg=%E7%B3%BB%E7%BB%9F%E7%B9%81%E5%BF%99%EF%BC%8C%E8%AF%B7%E7%A8%8D%E5%90%8E%E5%86%8D%E8%AF%95'],
  ['error-network', '/error?key=error.network&network=1'],
  ['stop', '/errorStop'],
  ['not-found', '/nothing-here'],
] as const;
const widths = [375, 320];

/** Through the sandbox provider's sign-in page, back to the app. */
async function signIn(page: Page) {
  await page.goto(`${base}/Home`);
  await page.locator('#login').fill(login);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  await page.waitForURL(`${base}/Home`);
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--disable-background-networking'] });
for (const locale of ['zh-CN', 'en'] as const) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });
    await signIn(page);
    if (large) await page.evaluate(() => window.localStorage.setItem('cf.textSize', 'large'));
    for (const [name, path] of pages.filter(([name]) => only.length === 0 || only.some((prefix) => name.startsWith(prefix)))) {
      await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
      await page.waitForLoadState('networkidle');
      if (name.startsWith('viewer')) await page.locator('[data-testid="viewer-canvas"]:not([data-drawn=""])').waitFor({ timeout: 30_000 });
      if (name === 'viewer-broken') {
        await page.getByTestId('viewer-scrubber').fill('1');
        await page.getByTestId('viewer-image-error').waitFor();
      }
      if (name === 'aiOrders-cancel') await page.getByTestId('action-cancelOrder').first().click();
      await page.screenshot({ path: join(out, `${name}-${width}-${locale}${large ? '-large' : ''}.png`), fullPage: name !== 'aiOrders-cancel' && !name.startsWith('viewer') });
    }
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
