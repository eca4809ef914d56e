/**
 * The first screens of issue 26, against their budgets: Lighthouse mobile on the six main pages,
 * interaction latency with real taps, and the entry's critical path. Runs are interleaved (run 1
 * of every page, then run 2...) so a burst of load on the shared machine spreads over all pages;
 * the machine's load is recorded around every run. Everything goes to reports/bench/screens.json.
 */
import type { Browser as PlaywrightBrowser } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { CRITICAL_PATH_BUDGET_GZIP, criticalFiles, criticalPath, sizesOf, type Sizes } from './criticalPath';
import { INTERACTIONS, interactionRun, type Interaction, type InteractionRun } from './interactions';
import { launchPuppeteer, lighthouseRun, type LighthousePage, type LighthouseRun } from './lighthouse';
import { writeBenchRecord } from './record';
import { signInPuppeteer } from './sandboxSession';
import { kb, median } from './stats';

/** Issue 26's first-screen budgets, the one place they are written. */
export const BUDGETS = {
  score: { min: 95 },
  lcp: { max: 1800 },
  tbt: { max: 150 },
  cls: { max: 0.02 },
  eventMs: { max: 100 },
  tapToContentMs: { max: 1000 },
} as const;

type Metric = 'score' | 'lcp' | 'tbt' | 'cls' | 'fcp' | 'speedIndex';
const METRICS: { key: Metric; label: string; unit: 'ms' | '' }[] = [
  { key: 'score', label: 'Performance score', unit: '' },
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'tbt', label: 'TBT', unit: 'ms' },
  { key: 'cls', label: 'CLS', unit: '' },
  { key: 'fcp', label: 'FCP', unit: 'ms' },
  { key: 'speedIndex', label: 'Speed Index', unit: 'ms' },
];

const load1 = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

export interface ScreensOptions {
  browser: PlaywrightBrowser;
  base: string;
  distDir: string;
  runs: number;
  /** BENCH_SMOKE: one run of /index and one signed-in page, one interaction: the harness works, nothing more. */
  smoke: boolean;
}

interface PageFigures {
  page: LighthousePage;
  runs: LighthouseRun[];
  /** 1-minute load average before and after each run. */
  load: { before: number; after: number }[];
  medians: Record<Metric, number>;
}

interface InteractionFigures {
  interaction: Interaction;
  runs: InteractionRun[];
  load: { before: number; after: number }[];
  medianEventMs: number;
  medianContentMs: number;
}

/** The six pages of issue 26; the film detail is the first study the patient's list shows. */
function pagesOf(filmDetailPath: string): LighthousePage[] {
  return [
    { name: 'home (signed out)', path: '/index', signedIn: false },
    { name: 'AI orders', path: '/aiOrder', signedIn: true },
    { name: 'my studies', path: '/myStudyList', signedIn: true },
    { name: 'image storage', path: '/imageStore', signedIn: true },
    { name: 'error (signed out)', path: '/error', signedIn: false },
    { name: 'film detail', path: filmDetailPath, signedIn: true },
  ];
}

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

export async function benchScreens(options: ScreensOptions) {
  const { base, smoke } = options;
  const runs = smoke ? 1 : options.runs;
  const critical = { ...criticalPath(options.distDir), lazy: lazyChunks(options.distDir) };
  printCriticalPath(critical);

  const lighthouseBrowser = await launchPuppeteer();
  let pages: PageFigures[];
  try {
    const detail = await filmDetailPath(lighthouseBrowser, base);
    const all = pagesOf(detail);
    const chosen = smoke ? [all[0]!, all[2]!] : all;
    console.log(`\nLighthouse ${smoke ? 'smoke (1 run)' : `mobile, ${runs} runs per page, interleaved`}: ${chosen.map((p) => p.path).join(', ')}`);
    const collected = chosen.map((page) => ({ page, runs: [] as LighthouseRun[], load: [] as { before: number; after: number }[] }));
    for (let run = 0; run < runs; run++) {
      for (const entry of collected) {
        const before = load1();
        const result = await lighthouseRun(lighthouseBrowser, base, entry.page);
        entry.runs.push(result);
        entry.load.push({ before, after: load1() });
        console.log(`  run ${run + 1} ${entry.page.path}: score ${result.score}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)} (load ${before} -> ${load1()})`);
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
    criticalPath: { budgetGzip: CRITICAL_PATH_BUDGET_GZIP, ...critical },
    lighthouse: pages.map(({ page, runs: results, load, medians }) => ({ ...page, medians, load, runs: results })),
    interactions,
  });
  console.log(`\nFigures written to ${file}`);
  return { critical, pages, interactions };
}

function mediansOf(runs: LighthouseRun[]): Record<Metric, number> {
  return Object.fromEntries(METRICS.map(({ key }) => [key, median(runs.map((r) => r[key]))])) as Record<Metric, number>;
}

const show = (value: number, unit: 'ms' | '') => (unit === 'ms' ? `${Math.round(value)} ms` : Number.isInteger(value) ? String(value) : value.toFixed(3));

/** The budget as written and the median's ratio to it (a minimum reads budget / median, so <= 1 always meets it). */
function againstBudget(key: string, value: number): { budget: string; ratio: string; meets: string } {
  const budget = (BUDGETS as Record<string, { min?: number; max?: number }>)[key];
  if (!budget) return { budget: '-', ratio: '-', meets: '' };
  if (budget.min !== undefined) {
    return { budget: `>= ${budget.min}`, ratio: `${(budget.min / value).toFixed(2)}x`, meets: value >= budget.min ? 'yes' : 'no' };
  }
  const max = budget.max!;
  const unit = key === 'cls' ? '' : 'ms';
  return { budget: `<= ${show(max, unit)}`, ratio: `${(value / max).toFixed(2)}x`, meets: value <= max ? 'yes' : 'no' };
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

function printCriticalPath(critical: ReturnType<typeof criticalPath> & { lazy: (Sizes & { file: string })[] }) {
  const { total } = critical;
  console.log(`\nCritical path of index.html (${critical.files.length} files): ${kb(total.gzip)} gzip (budget ${kb(CRITICAL_PATH_BUDGET_GZIP)}, ${(total.gzip / CRITICAL_PATH_BUDGET_GZIP).toFixed(2)}x), ${kb(total.brotli)} brotli, ${kb(total.raw)} raw`);
  for (const file of critical.files) console.log(`  ${file.file}: ${kb(file.gzip)} gzip, ${kb(file.brotli)} brotli`);
  for (const lazy of critical.lazy) console.log(`  lazy ${lazy.file.replace(/-[\w-]{8}\./, '.')}: ${kb(lazy.raw)} raw, ${kb(lazy.brotli)} brotli`);
}

function printLighthouse(pages: PageFigures[]) {
  console.log('\nLighthouse mobile, medians (ratio: median / budget; for the score budget / median; <= 1 meets):');
  for (const { page, runs, load, medians } of pages) {
    const loads = load.flatMap((l) => [l.before, l.after]);
    console.log(`\n  ${page.name} ${page.path} (${runs.length} runs, load ${Math.min(...loads)}-${Math.max(...loads)})`);
    console.log(`  ${'Figure'.padEnd(18)} ${'Budget'.padEnd(10)} ${'Median'.padEnd(10)} ${'Ratio'.padEnd(7)} Runs`);
    for (const { key, label, unit } of METRICS) {
      const { budget, ratio } = againstBudget(key, medians[key]);
      console.log(`  ${label.padEnd(18)} ${budget.padEnd(10)} ${show(medians[key], unit).padEnd(10)} ${ratio.padEnd(7)} ${runs.map((r) => show(r[key], unit)).join(', ')}`);
    }
    const diagnostics = runs[0]!.diagnostics;
    console.log(`  costs most (run 1): ${diagnostics.opportunities.slice(0, 4).map((o) => `${o.title}${o.display ? ` (${o.display})` : ''}`).join('; ') || 'nothing flagged'}`);
    console.log(`  largest JS: ${diagnostics.largestScripts.slice(0, 4).map((s) => `${s.url} ${s.transferKb} KB`).join(', ')}`);
    if (diagnostics.lcpElement) console.log(`  LCP element: ${diagnostics.lcpElement} ${JSON.stringify(diagnostics.lcpPhases)}`);
  }
}

function printInteractions(interactions: InteractionFigures[]) {
  for (const figures of interactions) {
    const loads = figures.load.flatMap((l) => [l.before, l.after]);
    const event = againstBudget('eventMs', figures.medianEventMs);
    console.log(`  ${figures.interaction.name}: event ${figures.medianEventMs} ms (budget ${event.budget}, ${event.ratio}; runs ${figures.runs.map((r) => r.eventMs).join(', ')}; load ${Math.min(...loads)}-${Math.max(...loads)})`);
    if (figures.interaction.opensScreen) {
      const content = againstBudget('tapToContentMs', figures.medianContentMs);
      console.log(`    tap -> content ${figures.medianContentMs} ms (budget ${content.budget}, ${content.ratio}; runs ${figures.runs.map((r) => r.contentMs).join(', ')})`);
    }
  }
}

/** The README's Performance table: one row per budgeted figure, in Markdown. */
export function summaryMarkdown(result: Awaited<ReturnType<typeof benchScreens>>): string {
  const rows: string[][] = [];
  const { total, files } = result.critical;
  const cp = { value: total.gzip / 1024, budget: CRITICAL_PATH_BUDGET_GZIP / 1024 };
  rows.push([`Critical path of index.html (${files.length} files), gzip`, `<= ${cp.budget} KB`, `${cp.value.toFixed(1)} KB`, `${(cp.value / cp.budget).toFixed(2)}x`, cp.value <= cp.budget ? 'yes' : 'no']);
  for (const { key, label, unit } of METRICS.filter((m) => m.key in BUDGETS)) {
    const values = result.pages.map((p) => p.medians[key]);
    const worst = key === 'score' ? Math.min(...values) : Math.max(...values);
    const worstPage = result.pages[values.indexOf(worst)]!.page.path;
    const { budget, ratio, meets } = againstBudget(key, worst);
    rows.push([`Lighthouse mobile ${label}, worst page median (${worstPage})`, budget, show(worst, unit), ratio, meets]);
  }
  for (const figures of result.interactions) {
    const event = againstBudget('eventMs', figures.medianEventMs);
    rows.push([`Event duration: ${figures.interaction.name}`, event.budget, `${figures.medianEventMs} ms`, event.ratio, event.meets]);
    if (figures.interaction.opensScreen) {
      const content = againstBudget('tapToContentMs', figures.medianContentMs);
      rows.push(['Tap a study card -> film detail content', content.budget, `${figures.medianContentMs} ms`, content.ratio, content.meets]);
    }
  }
  const perPage = result.pages.map((p) => `| ${p.page.path.replace(/\?.*/, '?id=…')} | ${p.medians.score} | ${show(p.medians.lcp, 'ms')} | ${show(p.medians.tbt, 'ms')} | ${show(p.medians.cls, '')} | ${show(p.medians.fcp, 'ms')} | ${show(p.medians.speedIndex, 'ms')} | ${p.runs.length} |`);
  return [
    '| Figure | Budget | Measured (median) | Ratio | Meets |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    '| Page | Score | LCP | TBT | CLS | FCP | Speed Index | Runs |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...perPage,
  ].join('\n');
}
