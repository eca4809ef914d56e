/**
 * `BENCH_ONLY=radiograph`: issue 25's large RGB JPEG Lossless radiograph (2500 × 3000, 8 bits,
 * written by server/dicom/write) opened by our decoder in Chromium, time from navigation start to
 * the first image, without and with a 4x CPU slowdown. Two pages: bench/viewer/ours.html as the
 * app does it (decoded in the worker pool), and bench/viewer/radiograph.html decoding on the main
 * thread, because Chromium's slowdown throttles only the page's main thread: that page's 4x figure
 * is the one that says what a slow phone's CPU does to the decode. The file is served locally:
 * the figures are decoding and drawing, not the network. Also the decode alone in Node.
 */
import type { Browser } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDicom } from '../../server/dicom/write/index';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { startBenchServer } from './benchServer';
import { buildPages } from './viewerStacks';
import { median, ms } from './stats';

const ROWS = 3000;
const COLUMNS = 2500;

/** A radiograph-like colour picture: smooth shading with fine texture (what makes lossless JPEG work). */
async function radiograph(): Promise<Uint8Array> {
  const rgb = new Uint8Array(ROWS * COLUMNS * 3);
  for (let y = 0; y < ROWS; y += 1) {
    for (let x = 0; x < COLUMNS; x += 1) {
      const at = (y * COLUMNS + x) * 3;
      const body = 128 + 100 * Math.sin(x / 300) * Math.cos(y / 400);
      const grain = ((x * 7 + y * 13) % 11) - 5;
      rgb[at] = Math.max(0, Math.min(255, body + grain));
      rgb[at + 1] = Math.max(0, Math.min(255, body * 0.9 + grain));
      rgb[at + 2] = Math.max(0, Math.min(255, body * 0.8 + ((x ^ y) & 7)));
    }
  }
  return writeDicom({
    pixels: { rows: ROWS, columns: COLUMNS, samplesPerPixel: 3, photometric: 'RGB', bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0, frames: [rgb] },
    syntax: 'jpegLossless',
    tags: { SOPInstanceUID: '1.2.826.0.1.3680043.8.498.25.1', Modality: 'DX' },
  });
}

type WindowWithBench = Window & { __bench?: { ready: Promise<void>; firstImageMs: number | null; notes: string[] } };

interface Run {
  firstImageMs: number;
  notes: string[];
}

async function firstImage(browser: Browser, origin: string, page: string, cpuRate: number): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await tab.goto(`${origin}/bench/${page}`);
    return await tab.evaluate(async () => {
      const bench = (window as WindowWithBench).__bench!;
      await bench.ready;
      return { firstImageMs: bench.firstImageMs ?? Number.NaN, notes: bench.notes };
    });
  } finally {
    await context.close();
  }
}

export async function benchRadiograph(browser: Browser, runs: number): Promise<void> {
  const file = await radiograph();
  const decodes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await decodeFrame(file.slice().buffer, 0);
    decodes.push(performance.now() - start);
  }
  const pagesDir = mkdtempSync(join(tmpdir(), 'cloud-film-bench-radiograph-'));
  try {
    await buildPages(pagesDir, ['ours', 'radiograph']);
    const manifest = new TextEncoder().encode(JSON.stringify({ urls: ['/bench/radiograph.dcm'], first: 0 }));
    const server = await startBenchServer({
      pagesDir,
      sandboxOrigin: 'http://127.0.0.1:9',
      files: new Map([['/bench/radiograph.dcm', file], ['/bench/manifest.json', manifest]]),
    });
    try {
      const pages = [['ours.html', 'decoded in the worker (as the app does)'], ['radiograph.html', 'decoded on the main thread (all of it slowed)']] as const;
      const times = new Map<string, Run[]>();
      // Interleaved, so a busy moment of the machine spreads over every variant.
      for (let i = 0; i < runs; i += 1) {
        for (const [page] of pages) {
          for (const rate of [1, 4]) {
            const key = `${page} ${rate}`;
            times.set(key, [...(times.get(key) ?? []), await firstImage(browser, server.origin, page, rate)]);
          }
        }
      }
      console.log(`\nRGB JPEG Lossless radiograph, ${COLUMNS} × ${ROWS}, ${(file.length / 2 ** 20).toFixed(1)} MB, served locally, median of ${runs}:`);
      console.log(`  decodeFrame in Node: ${ms(median(decodes))}`);
      for (const [page, label] of pages) {
        const [fast, slow] = [1, 4].map((rate) => median(times.get(`${page} ${rate}`)!.map((run) => run.firstImageMs))) as [number, number];
        console.log(`  first image, ${label}: ${ms(fast)} unthrottled, ${ms(slow)} at 4x CPU slowdown (x${(slow / fast).toFixed(1)})`);
        for (const rate of [1, 4]) console.log(`    at ${rate}x: ${times.get(`${page} ${rate}`)!.map((run) => `${ms(run.firstImageMs)} (${run.notes.join('; ')})`).join(' | ')}`);
      }
    } finally {
      await server.close();
    }
  } finally {
    rmSync(pagesDir, { recursive: true, force: true });
  }
}
