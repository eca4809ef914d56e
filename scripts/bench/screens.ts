/**
 * The first screens of issue 26, against their budgets: Lighthouse mobile on the six main pages,
 * interaction latency with real taps, and the entry's critical path. Runs are interleaved (run 1
 * of every page, then run 2...) so a burst of load on the shared machine spreads over all pages;
 * the machine's load is recorded around every run. Everything goes to reports/bench/screens.json.
 */
import type { Browser as PlaywrightBrowser } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { CRITICAL_PATH_BUDGET_GZIP, criticalFiles, criticalPath, INLINE_SCRIPT, INLINE_STYLES, sizesOf, type Sizes } from './criticalPath';
import { INTERACTIONS, interactionRun, PHONE, PHONE_SCREEN, SETTLE_BEFORE_TAP_MS } from './interactions';
import { launchPuppeteer, lighthouseRun, type LighthousePage } from './lighthouse';
import { BENCH_REPORT_DIR, writeBenchRecord } from './record';
import { BROWSER_LANGUAGE, signInPuppeteer } from './sandboxSession';
import { BUDGETS, mediansOf, printCriticalPath, printInteractions, printLighthouse, type InteractionFigures, type PageFigures, type ScreensFigures } from './screensReport';
import { median } from './stats';

const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

export interface ScreensOptions {
  browser: PlaywrightBrowser;
  base: string;
  /** Chromium's switches for the base (its certificate, trusted), for Lighthouse's browser too. */
  chromiumArgs: string[];
  distDir: string;
  runs: number;
  /** BENCH_SMOKE: one run of /index and one signed-in page, one interaction: the harness works, nothing more. */
  smoke: boolean;
}

const HOME: LighthousePage = { name: 'home (signed out)', path: '/index', signedIn: false };
const MY_STUDIES: LighthousePage = { name: 'my studies', path: '/myStudyList', signedIn: true };

/** The six pages of issue 26; the film detail is the first study the patient's list shows. */
function pagesOf(filmDetailPath: string): LighthousePage[] {
  return [
    HOME,
    { name: 'AI orders', path: '/aiOrder', signedIn: true },
    MY_STUDIES,
    { name: 'image storage', path: '/imageStore', signedIn: true },
    { name: 'error (signed out)', path: '/error', signedIn: false },
    { name: 'film detail', path: filmDetailPath, signedIn: true },
  ];
}

/** Lighthouse's own report of a page's first run: reports/bench/lighthouse/<page>.html. */
const htmlReportOf = (page: LighthousePage) => join(BENCH_REPORT_DIR, 'lighthouse', `${page.path.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}.html`);

/** The film detail's address, as the patient's first study card links it. */
async function filmDetailPath(browser: Browser, base: string): Promise<string> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await signInPuppeteer(tab, base);
    await tab.goto(`${base}/myStudyList`);
    const link = await tab.waitForSelector('[data-testid="study-link"]', { timeout: 30_000 });
    const href = await link!.evaluate((a) => a.getAttribute('href'));
    if (!href) throw new Error('the first study card links nowhere');
    return href;
  } finally {
    await context.close();
  }
}

export async function benchScreens(options: ScreensOptions): Promise<ScreensFigures> {
  const { base, smoke } = options;
  const runs = smoke ? 1 : options.runs;
  const critical = { ...criticalPath(options.distDir), lazy: lazyChunks(options.distDir) };
  printCriticalPath(critical);

  const lighthouseBrowser = await launchPuppeteer(options.chromiumArgs);
  let pages: PageFigures[];
  let serving: Awaited<ReturnType<typeof servingOf>>;
  try {
    serving = await servingOf(lighthouseBrowser, base, options.distDir, critical.files.find((f) => f.file !== INLINE_STYLES && f.file !== INLINE_SCRIPT)?.file ?? 'index.html');
    console.log(`Serving ${serving.file} over ${serving.protocol ?? 'an unknown protocol'}: content-encoding ${serving.contentEncoding ?? 'none'}, cache-control ${serving.cacheControl ?? 'none'}, precompressed .br file in the build: ${serving.precompressedFile ? 'yes' : 'no'}`);
    const chosen = smoke ? [HOME, MY_STUDIES] : pagesOf(await filmDetailPath(lighthouseBrowser, base));
    console.log(`\nLighthouse ${smoke ? 'smoke (1 run)' : `mobile, ${runs} runs per page, interleaved`}: ${chosen.map((p) => p.path).join(', ')}`);
    const collected = chosen.map((page) => ({ page, runs: [] as PageFigures['runs'], load: [] as { before: number; after: number }[] }));
    for (let run = 0; run < runs; run++) {
      for (const entry of collected) {
        const before = load1();
        const result = await lighthouseRun(lighthouseBrowser, base, entry.page, run === 0 && !smoke ? htmlReportOf(entry.page) : undefined);
        entry.runs.push(result);
        entry.load.push({ before, after: load1() });
        console.log(`  run ${run + 1} ${entry.page.path}: score ${result.score}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)} (load ${before} -> ${load1()}, Lighthouse CPU index ${result.benchmarkIndex})`);
      }
    }
    pages = collected.map((entry) => ({ ...entry, medians: mediansOf(entry.runs) }));
  } finally {
    await lighthouseBrowser.close();
  }
  printLighthouse(pages);

  const chosenInteractions = smoke ? INTERACTIONS.filter((i) => i.opensScreen) : INTERACTIONS;
  console.log(`\nInteractions, real taps at ${runs === 1 ? '1 run' : `${runs} runs`}, 4x CPU, 150 ms / 1.6 Mbps:`);
  const interactions: InteractionFigures[] = [];
  for (const interaction of chosenInteractions) {
    const figures: InteractionFigures = { interaction, runs: [], load: [], medianEventMs: 0, medianContentMs: 0 };
    for (let run = 0; run < runs; run++) {
      const before = load1();
      figures.runs.push(await interactionRun(options.browser, base, interaction));
      figures.load.push({ before, after: load1() });
    }
    figures.medianEventMs = median(figures.runs.map((r) => r.eventMs));
    figures.medianContentMs = median(figures.runs.map((r) => r.contentMs));
    interactions.push(figures);
  }
  printInteractions(interactions);

  const file = writeBenchRecord('screens', {
    smoke,
    runs,
    budgets: BUDGETS,
    serving,
    conditions: {
      lighthouse: 'Lighthouse user flows, default mobile form factor, simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU), performance only, cold HTTP cache each run, signed-in pages keep the session, over HTTPS and HTTP/2 (nginx in front of the sandbox, as production serves)',
      browserLanguage: BROWSER_LANGUAGE,
      interactions: { ...PHONE, ...PHONE_SCREEN, touch: true, settleBeforeTapMs: SETTLE_BEFORE_TAP_MS },
    },
    criticalPath: { budgetGzip: CRITICAL_PATH_BUDGET_GZIP, ...critical },
    lighthouse: pages.map(({ page, runs: results, load, medians }) => ({ ...page, medians, load, runs: results })),
    interactions,
  });
  console.log(`\nFigures written to ${file}; Lighthouse's report of each page's first run in ${join(BENCH_REPORT_DIR, 'lighthouse')}`);
  return { critical, pages, interactions };
}

/**
 * How the entry's first script reaches the browser Lighthouse drives: the bench measures the app
 * as production serves it (HTTP/2, precompressed files), and says so if it does not.
 */
async function servingOf(browser: Browser, base: string, distDir: string, file: string) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    const response = await tab.goto(`${base}/${file}`);
    if (!response) throw new Error(`no answer for ${file}`);
    const protocol = await tab.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.nextHopProtocol ?? null);
    const headers = response.headers();
    return {
      file,
      protocol,
      contentEncoding: headers['content-encoding'] ?? null,
      cacheControl: headers['cache-control'] ?? null,
      precompressedFile: existsSync(join(distDir, `${file}.br`)),
    };
  } finally {
    await context.close();
  }
}

/** The chunks the entry does not name (loaded by a route or on demand), largest first. */
function lazyChunks(distDir: string): (Sizes & { file: string })[] {
  const critical = new Set(criticalFiles(readFileSync(join(distDir, 'index.html'), 'utf8')));
  return readdirSync(join(distDir, 'assets'))
    .map((name) => `assets/${name}`)
    .filter((file) => /\.(?:js|css)$/.test(file) && !critical.has(file))
    .map((file) => ({ file, ...sizesOf(readFileSync(join(distDir, file))) }))
    .sort((a, b) => b.raw - a.raw);
}

