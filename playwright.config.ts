import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 5181);
/** The sandbox's identity provider listens on its own origin, the next port. */
export const PROVIDER_PORT = port + 1;
/** A second, plain WADO-URI archive on an origin of its own (server/plainWado.ts): any hospital's PACS, as the viewer sees it. */
export const PLAIN_WADO_URL = `http://127.0.0.1:${port + 2}/wado`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where this run builds the app: two runs side by side (E2E_PORT and DIST_DIR) never share a build. */
const distDir = process.env.DIST_DIR ?? 'dist';
/**
 * E2E_REUSE_BUILD=1: the build a run just before made (npm run test:all builds once, for the
 * security project, and the phone and WeChat projects use it). Without it every run builds.
 */
const build = process.env.E2E_REUSE_BUILD === '1' && existsSync(join(distDir, 'index.html')) ? '' : `npx vite build --logLevel warn --outDir ${distDir} --emptyOutDir && `;

/** The security suite's browser half: run by `npm run test:security`, not with the other browser tests. */
const SECURITY_SPECS = /security\.spec\.ts$/;
/**
 * The viewer against a real archive (Orthanc, started by the spec): once, on a phone, in a run of
 * its own after the others (npm run test:e2e). Its 190 openings of the corpus are one worker's
 * serial work; beside the other suites on two cores they took four times as long and ran out of time.
 */
const ARCHIVE_SPECS = /orthanc\.spec\.ts$/;

/** The WeChat embedded browser, as far as a page can tell: its user agent. */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Two browsers, the sandbox and its provider share two cores in CI: a test of 15-25 s alone ran past
  // 30 s there (packing a study, sharing with a second browser, paging to a list's end). A test
  // that hangs still fails, and each expectation keeps its own few seconds.
  timeout: 60_000,
  globalSetup: './e2e/warmDicom.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's page and a screencast, which cost a quarter of the browser tests'
    // time, and CI keeps only what the run prints: traces are for a run on this machine.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Closed network: without these Chromium keeps trying to reach Google's services.
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'] }, testIgnore: [SECURITY_SPECS, ARCHIVE_SPECS] },
    { name: 'wechat', use: { ...devices['iPhone 13'], browserName: 'chromium', userAgent: WECHAT_UA, locale: 'zh-CN' }, testIgnore: [SECURITY_SPECS, ARCHIVE_SPECS] },
    { name: 'archive', use: { ...devices['Pixel 7'] }, testMatch: ARCHIVE_SPECS },
    // The attacks as a browser makes them (npm run test:security runs this project; test:e2e runs phone and wechat, then archive).
    { name: 'security', use: { ...devices['Pixel 7'] }, testMatch: SECURITY_SPECS },
  ],
  webServer: [
    {
      command: `${build}npx tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        OIDC_PORT: String(PROVIDER_PORT),
        SANDBOX_DATA_DIR: join(tmpdir(), `cloud-film-e2e-${process.pid}`),
        DIST_DIR: distDir,
        // The broken files the viewer must explain (server/dicom/catalogue.ts FAULT_STUDY).
        SANDBOX_FAULTS: '1',
        // /sandbox/test/*: the SMS and e-mail outboxes, image code answers, moving expiries (server/testMode.ts).
        SANDBOX_TEST_MODE: '1',
        // Packing takes a few seconds, so the progress bar and a reload in the middle can be seen.
        CF_PACKAGE_MIN_MS: '4000',
        CF_IMAGE_ARCHIVES: PLAIN_WADO_URL,
        // Every browser test comes from one address: per-client abuse limits (server/rateLimit.ts)
        // are made this many times larger, per-target ones (a phone, an account) stay as they are.
        CF_CLIENT_LIMIT_SCALE: '50',
      },
    },
    {
      command: `npx tsx server/plainWado.ts --port ${port + 2} --faults`,
      url: `${PLAIN_WADO_URL}?requestType=WADO`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
