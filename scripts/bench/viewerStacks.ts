/**
 * The viewer stacks measured side by side (issue 12): each candidate page of bench/viewer/ loads
 * the same series in a phone-sized tab with a 4x CPU slowdown and a 9 Mbps / 100 ms network, and
 * the runner reads what it downloads, its time to the first image, its frame times while
 * scrolling through every slice, and its memory once the series is loaded.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'vite';
import type { BenchApi } from '../../bench/viewer/harness';
import { precompress, servedBrotliSize, type BenchServer } from './benchServer';
import { median, quantile } from './stats';

export interface Candidate {
  id: string;
  label: string;
  /** The page under /bench/, with its query. */
  page: string;
}

const ALL: Candidate[] = [
  { id: 'ours', label: 'ours: dicom/ decoder (worker pool), slices windowed ahead in a worker, Canvas 2D scaled by the compositor', page: 'ours.html' },
  { id: 'ours-page', label: 'ours, every slice windowed on the page (no OffscreenCanvas in workers)', page: 'ours.html?paint=page' },
  { id: 'cornerstone-cpu', label: 'Cornerstone3D stack viewport, CPU rendering', page: 'cornerstone.html?render=cpu' },
  { id: 'cornerstone-gpu', label: 'Cornerstone3D stack viewport, WebGL', page: 'cornerstone.html?render=gpu' },
  { id: 'dwv', label: 'dwv 0.36 (Canvas 2D)', page: 'dwv.html' },
];

/** The candidates with these ids (comma-separated, e.g. `ours,cornerstone-cpu`), all when none are given. */
export function candidates(ids: string | undefined): Candidate[] {
  return ids ? ALL.filter((c) => ids.split(',').includes(c.id)) : ALL;
}

const pageName = (candidate: Candidate) => candidate.page.replace(/\.html.*$/, '');

/** One run's figures; times in ms, sizes in bytes. */
export interface StackRun {
  /** os.loadavg()[0] when the run started: how busy the machine was. */
  load1: number;
  jsBrotli: number;
  wasmBrotli: number;
  firstImageMs: number;
  allLoadedMs: number;
  frameMedianMs: number;
  frameP95Ms: number;
  /** Main-thread task time per slice while scrolling (CDP Performance.getMetrics TaskDuration). */
  mainThreadPerSliceMs: number;
  heapUsed: number;
  /** ArrayBuffer backing stores on the main thread (decoded pixels live there). */
  arrayBuffers: number;
  /** performance.measureUserAgentSpecificMemory(): the page with its workers; null where unavailable. */
  wholePage: number | null;
  nonBlank: boolean;
  notes: string[];
}

export type StackResult = { candidate: Candidate; runs: StackRun[]; error?: string };

/** A phone of Lighthouse's mobile profile (4x CPU) on a 9 Mbps / 100 ms network. */
export async function throttlePhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  const bytesPerSecond = (9 * 1000 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
}

/**
 * Builds the pages (`ours`, `cornerstone`, ... or the candidates') into `outDir` with their own Vite
 * config (not the app's build), then compresses each file once, outside any measured window.
 */
export async function buildPages(outDir: string, pages: string[], brotliQuality = 11): Promise<void> {
  process.env.BENCH_OUT = outDir;
  process.env.BENCH_PAGES = [...new Set(pages)].join(',');
  await build({ configFile: join(import.meta.dirname, '..', '..', 'bench', 'viewer', 'vite.config.ts'), logLevel: 'error' });
  precompress(outDir, brotliQuality);
}

export const pagesOf = (chosen: Candidate[]) => chosen.map(pageName);

/** What the page's files that the candidate asked for weigh as served (brotli), JS and WebAssembly apart. */
function downloaded(pagesDir: string, files: string[]): { js: number; wasm: number } {
  const total = { js: 0, wasm: 0 };
  for (const file of files) {
    const kind = extname(file) === '.wasm' ? 'wasm' : ['.js', '.mjs'].includes(extname(file)) ? 'js' : null;
    if (kind) total[kind] += servedBrotliSize(join(pagesDir, file));
  }
  return total;
}

type WindowWithBench = Window & { __bench?: BenchApi };
type MemoryMeasurer = { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };

/** Whether the candidate's canvas shows anything but black (sampled on a small copy). */
function canvasNonBlank(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
    if (!canvas) return false;
    const sample = document.createElement('canvas');
    sample.width = sample.height = 32;
    const context = sample.getContext('2d')!;
    context.drawImage(canvas, 0, 0, 32, 32);
    const data = context.getImageData(0, 0, 32, 32).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 16 || data[i + 1]! > 16 || data[i + 2]! > 16) return true;
    return false;
  });
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Opens each candidate once, unmeasured, until its first image: the sandbox has made and cached
 * its DICOM, the files are in the OS's cache, so no run pays for the first one ever.
 */
export async function warmUp(browser: Browser, server: BenchServer, chosen: Candidate[]): Promise<void> {
  for (const candidate of chosen) {
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      await page.goto(`${server.origin}/bench/${candidate.page}`);
      await page.waitForFunction(() => (window as WindowWithBench).__bench?.firstImageMs != null, undefined, { timeout: 120_000 });
    } finally {
      await context.close();
    }
  }
}

async function runOnce(browser: Browser, server: BenchServer, pagesDir: string, candidate: Candidate, slices: number): Promise<StackRun> {
  const load1 = loadavg()[0] ?? Number.NaN;
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttlePhone(cdp);
    server.forget();
    await page.goto(`${server.origin}/bench/${candidate.page}`);
    const loaded = await page.evaluate(async () => {
      const bench = (window as WindowWithBench).__bench!;
      try {
        await Promise.race([bench.ready, new Promise((_, reject) => setTimeout(() => reject(new Error('not loaded in 5 minutes')), 300_000))]);
        return { firstImageMs: bench.firstImageMs ?? Number.NaN, allLoadedMs: performance.now(), error: null };
      } catch (error) {
        return { firstImageMs: Number.NaN, allLoadedMs: Number.NaN, error: String(error) };
      }
    });
    if (loaded.error) throw new Error(loaded.error);
    const size = downloaded(pagesDir, server.requested());

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
    const wholePage = await page.evaluate(async () => {
      const measurer = performance as unknown as MemoryMeasurer;
      if (!crossOriginIsolated || !measurer.measureUserAgentSpecificMemory) return null;
      return (await measurer.measureUserAgentSpecificMemory()).bytes;
    });

    await cdp.send('Performance.enable');
    const before = await taskSeconds(cdp);
    // From slice 0 up: the first step leaves the middle slice shown first, so every step changes the image.
    const frames = await page.evaluate(async (count) => {
      const bench = (window as WindowWithBench).__bench!;
      bench.frameMs.length = 0;
      for (let i = 0; i < count; i++) await bench.scrollTo(i);
      return [...bench.frameMs];
    }, slices);
    const after = await taskSeconds(cdp);
    const notes = await page.evaluate(() => [...((window as WindowWithBench).__bench?.notes ?? [])]);
    return {
      load1,
      jsBrotli: size.js,
      wasmBrotli: size.wasm,
      firstImageMs: loaded.firstImageMs,
      allLoadedMs: loaded.allLoadedMs,
      frameMedianMs: median(frames),
      frameP95Ms: quantile(frames, 0.95),
      mainThreadPerSliceMs: ((after - before) * 1000) / slices,
      heapUsed: heap.usedSize,
      arrayBuffers: heap.backingStorageSize ?? Number.NaN,
      wholePage,
      nonBlank: await canvasNonBlank(page),
      notes,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every candidate, `runs` times each, interleaved (run 1 of each, then run 2 of each, ...), so a
 * busy moment of the machine spreads over all of them.
 */
export async function benchStacks(options: { browser: Browser; server: BenchServer; pagesDir: string; candidates: Candidate[]; slices: number; runs: number; log: (line: string) => void }): Promise<StackResult[]> {
  const results: StackResult[] = options.candidates.map((candidate) => ({ candidate, runs: [] }));
  for (let run = 0; run < options.runs; run++) {
    for (const result of results) {
      if (result.error) continue;
      try {
        const figures = await runOnce(options.browser, options.server, options.pagesDir, result.candidate, options.slices);
        result.runs.push(figures);
        options.log(`  run ${run + 1} ${result.candidate.id}: first image ${Math.round(figures.firstImageMs)} ms, frame ${figures.frameMedianMs.toFixed(1)} ms, load ${figures.load1.toFixed(2)}`);
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
        options.log(`  run ${run + 1} ${result.candidate.id}: failed (${result.error})`);
      }
    }
  }
  return results;
}

/** The median of one figure over a candidate's runs. */
export function mid(result: StackResult, pick: (run: StackRun) => number | null): number {
  return median(result.runs.map(pick).filter((v): v is number => v !== null && Number.isFinite(v)));
}
