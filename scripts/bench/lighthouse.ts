/**
 * Lighthouse on one page, the way issue 26 measures the first screens: the default mobile form
 * factor (Moto G Power screen, 4x CPU, 150 ms RTT, 1.6 Mbps, simulated throttling), the
 * performance category only, each run a Lighthouse user flow in a fresh browser context of
 * Debian's Chromium driven by puppeteer-core. A signed-in page is signed in through the sandbox's
 * own OpenID provider first, in the same tab, then the flow navigates to it with the HTTP cache
 * cleared but the session kept (Lighthouse's own storage reset would sign the patient out).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateReport, startFlow } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { readRun, type LighthouseRun } from './lighthouseResult';
import { BROWSER_LANGUAGE, signInPuppeteer } from './sandboxSession';

export interface LighthousePage {
  name: string;
  path: string;
  signedIn: boolean;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `args`: more switches for Chromium (the bench's own certificate, trusted: tlsFront.ts). */
export async function launchPuppeteer(args: string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Closed network: without these Chromium keeps trying to reach Google's services.
    args: [`--lang=${BROWSER_LANGUAGE}`, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

/**
 * One Lighthouse navigation of `base + page.path`. On a busy machine Lighthouse now and then loses
 * the trace and asks to be run again (NO_NAVSTART, NO_FCP): such a run is taken again, up to
 * twice, and the reasons are kept with it.
 */
export async function lighthouseRun(browser: Browser, base: string, page: LighthousePage, htmlReport?: string): Promise<LighthouseRun & { retries: string[] }> {
  const retries: string[] = [];
  for (;;) {
    try {
      return { ...(await lighthouseAttempt(browser, base, page, htmlReport)), retries };
    } catch (error) {
      if (retries.length === 2) throw error;
      retries.push(error instanceof Error ? error.message : String(error));
      console.log(`  (run again: ${retries.at(-1)})`);
    }
  }
}

/** htmlReport: where to write Lighthouse's own report of the run, to read the waterfall and treemap in a browser. */
async function lighthouseAttempt(browser: Browser, base: string, page: LighthousePage, htmlReport: string | undefined): Promise<LighthouseRun> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    if (page.signedIn) await signInPuppeteer(tab, base);
    await clearHttpCache(tab);
    const flow = await startFlow(tab, {
      name: page.name,
      flags: { onlyCategories: ['performance'], formFactor: 'mobile', throttlingMethod: 'simulate', disableStorageReset: true },
    });
    await flow.navigate(`${base}${page.path}`);
    const result = await flow.createFlowResult();
    const lhr = result.steps[0]?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${page.path}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (htmlReport) {
      mkdirSync(dirname(htmlReport), { recursive: true });
      writeFileSync(htmlReport, generateReport(lhr, 'html'));
    }
    return readRun(lhr, base);
  } finally {
    await context.close();
  }
}

/** What Lighthouse's storage reset would do for the cache, without touching the signed-in session. */
async function clearHttpCache(tab: Page) {
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

