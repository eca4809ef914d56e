/**
 * A 1,000-slice series in our stack (issue 26): the patient walks it from the first slice to the
 * last, the page loading and dropping slices by the viewer chart's own plan within the app's cache
 * cap, and the page's memory (with its workers) is read every 100 slices. It should level off
 * near the cap, never grow with the series: a phone that keeps every slice runs out of memory
 * (the iPhone failure peers are known for).
 */
import type { Browser } from '@playwright/test';
import { startBenchServer } from './benchServer';
import { syntheticSeries } from './series';
import { cacheBudget } from '../../src/features/viewer/viewerSettings';

export interface LongSeriesFigures {
  slices: number;
  capBytes: number;
  /** Page memory (measureUserAgentSpecificMemory) after each 100 slices walked. */
  memory: { walked: number; bytes: number }[];
}

type Walker = Window & { __walk?: (from: number, to: number) => Promise<void>; __bench?: { ready: Promise<void> } };
type MemoryMeasurer = { measureUserAgentSpecificMemory?: () => Promise<{ bytes: number }> };

export async function benchLongSeries(browser: Browser, pagesDir: string, slices = 1000, step = 100): Promise<LongSeriesFigures> {
  const series = syntheticSeries(slices, 512);
  const manifest = new TextEncoder().encode(JSON.stringify({ urls: series.urls, first: 0 }));
  const server = await startBenchServer({ pagesDir, sandboxOrigin: 'http://127.0.0.1:9', files: new Map([...series.files, ['/bench/manifest.json', manifest]]) });
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${server.origin}/bench/ours.html?walk=1`);
    await page.evaluate(() => (window as Walker).__bench!.ready);
    const memory: LongSeriesFigures['memory'] = [];
    for (let from = 0; from < slices; from += step) {
      await page.evaluate(([a, b]) => (window as Walker).__walk!(a!, b!), [from, Math.min(slices, from + step) - 1]);
      await cdp.send('HeapProfiler.collectGarbage');
      const bytes = await page.evaluate(async () => (await (performance as unknown as MemoryMeasurer).measureUserAgentSpecificMemory?.())?.bytes ?? Number.NaN);
      memory.push({ walked: Math.min(slices, from + step), bytes });
    }
    return { slices, capBytes: cacheBudget(undefined), memory };
  } finally {
    await context.close();
    await server.close();
  }
}
