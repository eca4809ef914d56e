/**
 * `npm run bench`: what a patient's phone downloads and how long the first screens take, measured
 * in Debian's Chromium against the sandbox, then the viewer stacks side by side and the app's tap
 * to first image (scripts/bench/viewer.ts). Figures come with the machine they were taken on and
 * as ratios (throttled / unthrottled, ours / the peer's), never as pass/fail thresholds.
 *
 * BENCH_RUNS: runs of each measurement (5 for the first screens, 3 for the viewer when unset).
 * BENCH_ONLY=screens or BENCH_ONLY=viewer: one part only; BENCH_ONLY=radiograph: the large RGB
 * JPEG Lossless radiograph alone (scripts/bench/radiograph.ts; no sandbox, no app build needed).
 * DIST_DIR: the app's build (dist).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildSandbox } from '../server/app';
import { signIn } from './bench/sandboxSession';
import { benchRadiograph } from './bench/radiograph';
import { benchViewer } from './bench/viewer';

/** The app's build, as the e2e run names it (DIST_DIR), so a bench can run beside another build. */
const dist = resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEWER_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;

function sizes(file: string) {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function bundleReport() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const all = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
  const total = (files: string[]) => files.map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  const first = total(initial);
  console.log(`\nFirst load (index.html + ${initial.length} files): ${kb(first.raw)} raw, ${kb(first.gzip)} gzip, ${kb(first.brotli)} brotli`);
  for (const file of all.filter((f) => !initial.includes(f)).sort((a, b) => statSync(join(dist, b)).size - statSync(join(dist, a)).size)) {
    const s = sizes(file);
    console.log(`  lazy ${file.replace(/-[\w-]{8}\./, '.')}: ${kb(s.raw)} raw, ${kb(s.brotli)} brotli`);
  }
}

/** A low-end Android phone on a slow mobile network (Lighthouse's mobile profile). */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

async function timeTo(page: Page, url: string, selector: string): Promise<number> {
  const start = Date.now();
  await page.goto(url);
  await page.locator(selector).first().waitFor();
  return Date.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--disable-background-networking'] });
  console.log(`Chromium ${browser.version()}`);
  return browser;
}

async function main() {
  const cpu = cpus();
  console.log(`Machine: ${cpu[0]?.model ?? 'unknown CPU'} x${cpu.length}, ${Math.round(totalmem() / 2 ** 30)} GB, ${platform()} ${release()}, Node ${process.version}`);
  if (ONLY === 'radiograph') {
    const browser = await launchChromium();
    await benchRadiograph(browser, VIEWER_RUNS);
    await browser.close();
    return;
  }
  if (ONLY !== 'viewer') bundleReport();

  const dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-bench-'));
  const [appPort, providerPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${appPort}`;
  // The viewer peers fetch the sandbox's images through the bench server with the patient's token
  // (every image needs one): an hour's token outlasts the runs.
  const app = await buildSandbox({ dataDir, distDir: dist, publicOrigin: base, identityProviderIssuer: `http://127.0.0.1:${providerPort}`, tokenTtl: { accessToken: 3600 } });
  await app.sandbox.identity.listen(providerPort, '127.0.0.1');
  await app.listen({ port: appPort, host: '127.0.0.1' });
  const browser = await launchChromium();
  if (ONLY !== 'viewer') await benchFirstScreens(browser, base);
  if (ONLY !== 'screens') await benchViewer({ browser, base, runs: VIEWER_RUNS });
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function benchFirstScreens(browser: Browser, base: string) {
  console.log(`\nFirst screens, ${RUNS} cold loads each, median:`);
  const scenarios = [
    ['home, signed out (hub visible)', '/index', '[data-testid="hub"]', false],
    ['my studies, signed in, warm cache (first card visible)', '/myStudyList', '[data-testid="study-card"]', true],
  ] as const;
  for (const [name, path, selector, signedIn] of scenarios) {
    const result: Record<string, number> = {};
    for (const mode of ['unthrottled', 'phone'] as const) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, deviceScaleFactor: 2 });
        const page = await context.newPage();
        if (signedIn) await signIn(page, base);
        if (mode === 'phone') await throttle(page);
        times.push(await timeTo(page, `${base}${path}`, selector));
        await context.close();
      }
      result[mode] = median(times);
    }
    const ratio = (result.phone! / result.unthrottled!).toFixed(1);
    console.log(`  ${name}: ${result.unthrottled} ms unthrottled, ${result.phone} ms on a 4x-slower CPU and 1.6 Mbps/150 ms network (x${ratio})`);
  }
}

await main();
