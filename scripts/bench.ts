/**
 * `npm run bench`: the first screens against issue 26's budgets (scripts/bench/screens.ts:
 * the entry's critical path, Lighthouse mobile on the six main pages, interaction latency with
 * real taps), then the viewer stacks side by side and the app's tap to first image
 * (scripts/bench/viewer.ts), in Debian's Chromium against a sandbox of its own serving the app's
 * build as production does (the first screens over HTTPS and HTTP/2: scripts/bench/tlsFront.ts).
 * Figures are written to reports/bench/<part>.json with the machine and its load; the run ends
 * with a Markdown table for the README's Performance section. A figure over budget never fails
 * the run: only a broken harness does.
 *
 * BENCH_RUNS: runs of each measurement (3 when unset; medians of them).
 * BENCH_ONLY=screens or BENCH_ONLY=viewer: one part only; BENCH_ONLY=radiograph: the large RGB
 * JPEG Lossless radiograph alone (scripts/bench/radiograph.ts; no sandbox, no app build needed).
 * BENCH_SMOKE=1 (`npm run bench:smoke`): CI's check that the harness works, one run of each kind
 * (scripts/bench/viewer.ts reads it too).
 * DIST_DIR: the app's build (dist).
 */
import { chromium, type Browser } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSandbox } from '../server/app';
import { benchRadiograph } from './bench/radiograph';
import { describeMachine, machineRecord } from './bench/record';
import { benchScreens } from './bench/screens';
import { startTlsFront } from './bench/tlsFront';
import { loadNote, summaryMarkdown } from './bench/screensReport';
import { benchViewer } from './bench/viewer';

/** The app's build, as the e2e run names it (DIST_DIR), so a bench can run beside another build. */
const dist = resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist');
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function launchChromium(args: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--disable-background-networking', ...args] });
  console.log(`Chromium ${browser.version()}`);
  return browser;
}

interface ServedSandbox {
  /** Where the browser opens the app. */
  base: string;
  /** Chromium's switches for it (the front's certificate, trusted). */
  chromiumArgs: string[];
  close(): Promise<void>;
}

/**
 * A sandbox of the bench's own serving the build; `front`: behind HTTPS and HTTP/2, with nginx
 * serving the hashed assets itself, as production serves it (scripts/bench/tlsFront.ts), for the
 * first screens. The viewer part keeps plain HTTP: its peers' pages are served by a server of
 * their own, which reaches the sandbox over it.
 */
async function serveSandbox(front: boolean): Promise<ServedSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-bench-'));
  const [appPort, providerPort, frontPort] = [await freePort(), await freePort(), await freePort()];
  const upstream = `http://127.0.0.1:${appPort}`;
  const base = front ? `https://127.0.0.1:${frontPort}` : upstream;
  // The viewer peers fetch the sandbox's images through the bench server with the patient's token
  // (every image needs one): an hour's token outlasts the runs.
  const app = await buildSandbox({ dataDir, distDir: dist, publicOrigin: base, identityProviderIssuer: `http://127.0.0.1:${providerPort}`, tokenTtl: { accessToken: 3600 } });
  const closeSandbox = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.sandbox.identity.listen(providerPort, '127.0.0.1');
    await app.listen({ port: appPort, host: '127.0.0.1' });
    const tls = front ? await startTlsFront(upstream, frontPort, dist) : null;
    return {
      base,
      chromiumArgs: tls ? [`--ignore-certificate-errors-spki-list=${tls.spkiSha256}`] : [],
      close: async () => {
        await tls?.close();
        await closeSandbox();
      },
    };
  } catch (error) {
    await closeSandbox();
    throw error;
  }
}

/** Runs a part against a sandbox of its own, in a browser that trusts it; both closed after. */
async function withSandbox<T>(front: boolean, run: (browser: Browser, served: ServedSandbox) => Promise<T>): Promise<T> {
  const served = await serveSandbox(front);
  try {
    const browser = await launchChromium(served.chromiumArgs);
    try {
      return await run(browser, served);
    } finally {
      await browser.close();
    }
  } finally {
    await served.close();
  }
}

/** A part, and how long it took (the smoke must stay well under a minute and a half in CI). */
async function timed<T>(part: string, run: () => Promise<T>): Promise<T> {
  const start = Date.now();
  const result = await run();
  console.log(`\n(${part}: ${Math.round((Date.now() - start) / 1000)} s)`);
  return result;
}

async function main() {
  console.log(`Machine: ${describeMachine(machineRecord())}${SMOKE ? ' (smoke run)' : ''}`);
  if (ONLY === 'radiograph') {
    const browser = await launchChromium();
    await benchRadiograph(browser, RUNS);
    await browser.close();
    return;
  }
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build in ${dist}: run npm run build (or set DIST_DIR) first`);

  const screens =
    ONLY !== 'viewer'
      ? await timed('first screens', () => withSandbox(true, (browser, served) => benchScreens({ browser, base: served.base, chromiumArgs: served.chromiumArgs, distDir: dist, runs: RUNS, smoke: SMOKE })))
      : null;
  if (ONLY !== 'screens') await timed('viewer', () => withSandbox(false, (browser, served) => benchViewer({ browser, base: served.base, runs: SMOKE ? 1 : RUNS })));
  if (screens) {
    const runs = SMOKE ? 'smoke, 1 run' : `median of ${RUNS} run${RUNS === 1 ? '' : 's'}`;
    const machine = machineRecord();
    console.log(`\n## Performance: first screens\n\n${summaryMarkdown(screens)}\n\nMeasured ${new Date().toISOString().slice(0, 10)} (${runs}) on ${describeMachine(machine)}. ${loadNote(screens, machine.cores)} Reproduce with \`npm run bench\` (\`BENCH_ONLY=screens\` for this table), figures in reports/bench/screens.json.`);
  }
}

await main();
