/**
 * `npm run bench`'s viewer part: the candidate stacks of bench/viewer/ side by side on one series,
 * interleaved runs (BENCH_RUNS, at least 3), the real app's tap to first image, and ours over the
 * peer's as ratios and over issue 26's budgets, as Markdown ready for docs/viewer.md; the figures,
 * every run with the machine's load, go to reports/bench/viewer.json.
 *
 * BENCH_SMOKE=1: a check that the harness works, in well under a minute: ours and Cornerstone3D's
 * CPU path, one run, a few synthetic slices, no app. It fails only when a candidate fails to load
 * or draw, never on a figure.
 */
import type { Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAppViewer } from './appViewer';
import { benchLongSeries, type LongSeriesFigures } from './longSeries';
import { startBenchServer } from './benchServer';
import { writeBenchRecord } from './record';
import { sandboxSeries, syntheticSeries } from './series';
import { kb, mb, ms, ratio } from './stats';
import { benchStacks, buildPages, candidates, mid, pagesOf, warmUp, type StackResult, type StackRun } from './viewerStacks';
import { signIn } from './sandboxSession';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MB = 1024 * 1024;

/** Issue 26's budgets for the viewer: ours at the phone's pixel ratio, each also below Cornerstone3D's CPU path where it says so. */
const BUDGETS: { name: string; pick: (run: StackRun) => number | null; budget: number; show: (value: number) => string; belowPeer: boolean }[] = [
  { name: 'frame time while scrolling, median', pick: (r) => r.frameMedianMs, budget: 16.7, show: (v) => `${v.toFixed(1)} ms`, belowPeer: true },
  { name: 'first image (9 Mbps / 100 ms, 4x CPU)', pick: (r) => r.firstImageMs, budget: 1500, show: ms, belowPeer: true },
  { name: 'page memory with workers, series loaded', pick: (r) => r.wholePage, budget: 300 * MB, show: mb, belowPeer: false },
];

const FIGURES: { name: string; pick: (run: StackRun) => number | null; show: (value: number) => string }[] = [
  { name: 'JS downloaded (brotli)', pick: (r) => r.jsBrotli, show: kb },
  { name: 'WebAssembly downloaded (brotli)', pick: (r) => r.wasmBrotli, show: kb },
  { name: 'first image (from navigation start)', pick: (r) => r.firstImageMs, show: ms },
  { name: 'all slices loaded', pick: (r) => r.allLoadedMs, show: ms },
  { name: 'frame time while scrolling, median', pick: (r) => r.frameMedianMs, show: ms },
  { name: 'frame time while scrolling, p95', pick: (r) => r.frameP95Ms, show: ms },
  { name: 'main-thread task time per slice', pick: (r) => r.mainThreadPerSliceMs, show: ms },
  { name: 'JS heap after loading (main thread)', pick: (r) => r.heapUsed, show: mb },
  { name: 'array buffers after loading (main thread)', pick: (r) => r.arrayBuffers, show: mb },
  { name: 'page memory with workers (measureUserAgentSpecificMemory)', pick: (r) => r.wholePage, show: mb },
];

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** Ours over each peer, and ours without the paint worker over Cornerstone3D's CPU path. */
function ratioPairs(ran: StackResult[]): [StackResult, StackResult][] {
  const byId = (id: string) => ran.find((r) => r.candidate.id === id);
  const pairs: [string, string][] = [
    ['ours', 'cornerstone-cpu'],
    ['ours', 'cornerstone-gpu'],
    ['ours', 'dwv'],
    ['ours-page', 'cornerstone-cpu'],
  ];
  return pairs.map(([a, b]) => [byId(a), byId(b)]).filter((pair): pair is [StackResult, StackResult] => Boolean(pair[0] && pair[1]));
}

function tables(results: StackResult[], runs: number): string[] {
  const ran = results.filter((r) => r.runs.length > 0);
  const head = ['', ...ran.map((r) => r.candidate.label)];
  const lines = [row(head), row(head.map((_, i) => (i === 0 ? '---' : '---:')))];
  for (const figure of FIGURES) {
    lines.push(row([figure.name, ...ran.map((r) => mid(r, figure.pick)).map((v) => (Number.isFinite(v) ? figure.show(v) : 'n/a'))]));
  }
  lines.push(row(['first image drawn (not black)', ...ran.map((r) => (r.runs.every((run) => run.nonBlank) ? 'yes' : 'NO'))]));
  lines.push('', `Median of ${runs} run(s) each.`);
  for (const result of results) {
    const notes = [...new Set(result.runs.flatMap((r) => r.notes))];
    if (notes.length) lines.push(`- ${result.candidate.id}: ${notes.join('; ')}`);
    if (result.error) lines.push(`- ${result.candidate.id}: FAILED: ${result.error}`);
  }
  const pairs = ratioPairs(ran);
  if (pairs.length) {
    const ratioHead = ['ratio (below 1: ours smaller or faster)', ...pairs.map(([a, b]) => `${a.candidate.id} / ${b.candidate.id}`)];
    lines.push('', row(ratioHead), row(ratioHead.map((_, i) => (i === 0 ? '---' : '---:'))));
    for (const figure of FIGURES) lines.push(row([figure.name, ...pairs.map(([a, b]) => ratio(mid(a, figure.pick), mid(b, figure.pick)))]));
  }
  return lines;
}

/** Ours against the budgets, and against Cornerstone3D's CPU path where the budget asks to be below it. */
function budgetLines(results: StackResult[]): string[] {
  const ours = results.find((r) => r.candidate.id === 'ours' && r.runs.length > 0);
  const peer = results.find((r) => r.candidate.id === 'cornerstone-cpu' && r.runs.length > 0);
  if (!ours) return [];
  const lines = ['', '| ours at 2x against the budget | ours | budget | ours / budget | Cornerstone3D CPU | ours / Cornerstone3D CPU |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const b of BUDGETS) {
    const value = mid(ours, b.pick);
    const other = peer ? mid(peer, b.pick) : Number.NaN;
    const show = (v: number) => (Number.isFinite(v) ? b.show(v) : 'n/a');
    lines.push(row([b.name, show(value), b.show(b.budget), ratio(value, b.budget), b.belowPeer ? show(other) : '', b.belowPeer ? ratio(value, other) : '']));
  }
  return lines;
}

/** Every run's figures and load, and each figure's median, for reports/bench/viewer.json. */
function record(results: StackResult[]) {
  return results.map((r) => ({
    id: r.candidate.id,
    label: r.candidate.label,
    error: r.error ?? null,
    medians: Object.fromEntries(FIGURES.map((f) => [f.name, mid(r, f.pick)])),
    runs: r.runs,
  }));
}

/** The sandbox's series as the signed-in patient finds it, else a synthetic one. */
async function findSeries(browser: Browser, base: string) {
  if (SMOKE) return syntheticSeries(8);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, base);
    return (await sandboxSeries(page, base)) ?? syntheticSeries();
  } finally {
    await context.close();
  }
}

export async function benchViewer(options: { browser: Browser; base: string; runs: number }): Promise<void> {
  const runs = SMOKE ? 1 : options.runs;
  const chosen = candidates(SMOKE ? 'ours,cornerstone-cpu' : process.env.BENCH_CANDIDATES);
  const pagesDir = mkdtempSync(join(tmpdir(), 'cloud-film-bench-viewer-'));
  try {
    await buildPages(pagesDir, pagesOf(chosen), SMOKE ? 5 : 11);
    const series = await findSeries(options.browser, options.base);
    const manifest = new TextEncoder().encode(JSON.stringify({ urls: series.urls, first: Math.floor(series.urls.length / 2) }));
    const server = await startBenchServer({ pagesDir, sandboxOrigin: options.base, files: new Map([...series.files, ['/bench/manifest.json', manifest]]), upstreamHeaders: series.upstreamHeaders });
    console.log(`\nViewer stacks on ${series.label}: a 375×740 phone at 2x, 4x CPU slowdown, 9 Mbps / 100 ms network, slice ${Math.floor(series.urls.length / 2) + 1} first, then all ${series.urls.length} scrolled.`);
    let results: StackResult[];
    try {
      // The smoke run's figures are not read: no warm-up.
      if (!SMOKE) await warmUp(options.browser, server, chosen);
      results = await benchStacks({ browser: options.browser, server, pagesDir, candidates: chosen, slices: series.urls.length, runs, log: (line) => console.log(line) });
      console.log(['', ...tables(results, runs), ...budgetLines(results)].join('\n'));
    } finally {
      await server.close();
    }
    let long: LongSeriesFigures | null = null;
    if (!SMOKE && chosen.some((c) => c.id === 'ours')) {
      long = await benchLongSeries(options.browser, pagesDir);
      console.log(`\nOurs walking a synthetic ${long.slices}-slice series (512 × 512) from first to last, cache cap ${mb(long.capBytes)} (a phone that does not say its memory), page memory with workers after every 100 slices:`);
      console.log(`  ${long.memory.map((m) => `${m.walked}: ${mb(m.bytes)}`).join(', ')}`);
    }
    const app = SMOKE ? { error: 'not measured in the smoke run' } : await benchAppViewer(options.browser, options.base, runs);
    console.log(
      'error' in app
        ? `\nThe app's viewer: not measured (${app.error}).`
        : `\nThe app, same phone and network: study card tap to first image ${ms(app.cardToImageMs)}; "open the viewer" tap to first image ${ms(app.openToImageMs)} (median of ${runs}).`,
    );
    const file = writeBenchRecord(SMOKE ? 'viewer-smoke' : 'viewer', { series: series.label, runs, stacks: record(results), app, longSeries: long });
    console.log(`Figures written to ${file}`);
    // The harness broke (a page failed, or drew nothing): say so with the exit code. Figures never fail the run.
    const broken = results.filter((r) => r.error || r.runs.length === 0 || r.runs.some((run) => !run.nonBlank));
    if (broken.length) throw new Error(`The viewer bench could not measure ${broken.map((r) => `${r.candidate.id} (${r.error ?? 'drew nothing'})`).join(', ')}`);
  } finally {
    rmSync(pagesDir, { recursive: true, force: true });
  }
}
