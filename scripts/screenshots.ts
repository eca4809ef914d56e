/**
 * Phone-sized screenshots of the app as a patient sees it, for a person to look at:
 * `npx tsx scripts/screenshots.ts [baseURL] [outDir]` against a running sandbox.
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? 'test-results/screenshots';
const pages = [
  ['hub', '/index'],
  ['studies', '/myStudyList'],
  ['error', '/error?code=500&msg=%E7%B3%BB%E7%BB%9F%E7%B9%81%E5%BF%99%EF%BC%8C%E8%AF%B7%E7%A8%8D%E5%90%8E%E5%86%8D%E8%AF%95'],
  ['error-network', '/error?key=error.network&network=1'],
  ['stop', '/errorStop'],
  ['placeholder', '/aiOrder'],
  ['not-found', '/nothing-here'],
] as const;
const widths = [375, 320];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--disable-background-networking'] });
for (const locale of ['zh-CN', 'en'] as const) {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });
    for (const [name, path] of pages) {
      await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(out, `${name}-${width}-${locale}.png`), fullPage: true });
    }
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
