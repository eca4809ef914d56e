import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 5181);
/** The sandbox's identity provider listens on its own origin, the next port. */
export const PROVIDER_PORT = port + 1;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where this run builds the app: two runs side by side (E2E_PORT and DIST_DIR) never share a build. */
const distDir = process.env.DIST_DIR ?? 'dist';

/** The WeChat embedded browser, as far as a page can tell: its user agent. */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Closed network: without these Chromium keeps trying to reach Google's services.
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'] } },
    { name: 'wechat', use: { ...devices['iPhone 13'], browserName: 'chromium', userAgent: WECHAT_UA, locale: 'zh-CN' } },
  ],
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${distDir} --emptyOutDir && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      OIDC_PORT: String(PROVIDER_PORT),
      SANDBOX_DATA_DIR: join(tmpdir(), `cloud-film-e2e-${process.pid}`),
      DIST_DIR: distDir,
    },
  },
});
