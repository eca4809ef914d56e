import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildSandbox } from '../../server/app';
import type { SandboxOptions } from '../../server/app';

export const PUBLIC_ORIGIN = 'http://127.0.0.1:18080';

/** The sandbox with its test hooks and the WeChat pay stand-in (server/testMode.ts): for tests that end analyses, settle in-app payments or sync reports. */
export const TEST_MODE = { SANDBOX_TEST_MODE: '1' } as const;

const tempDirs: string[] = [];
const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cloud-film-${label}-`));
  tempDirs.push(dir);
  return dir;
}

/** A port nothing listens on right now, for a listener whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function freeIssuer(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/**
 * A sandbox on a fresh data directory, closed after the test. The app is reached with `inject`;
 * its sign-in provider listens for real, on an ephemeral port unless `identityProviderIssuer` says.
 */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<FastifyInstance> {
  const identityProviderIssuer = options.identityProviderIssuer ?? (await freeIssuer());
  const app = await buildSandbox({
    dataDir: tempDir('data'),
    publicOrigin: PUBLIC_ORIGIN,
    env: {},
    ...options,
    identityProviderIssuer,
  });
  apps.push(app);
  await app.sandbox.identity.listen(Number(new URL(identityProviderIssuer).port), '127.0.0.1');
  return app;
}

export const INDEX_HTML = '<!doctype html><html><head><title>test app</title></head><body><div id="root"></div></body></html>';
export const ASSET_PATH = '/assets/app-3f9a1c2b.js';
/** Large enough to be compressed. */
export const ASSET_SOURCE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

/** A stand-in for `vite build` output. */
export function makeDistDir(): string {
  const dir = tempDir('dist');
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, ASSET_PATH.slice(1)), ASSET_SOURCE);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export const STUDY_LIST = '/api/V1.0/Package/HospitalStudyList';
export const HOSPITAL_SETTING = '/api/V2.0/YJPIndex/GetHospitalSetting';
export const SYNC_REPORT_STATUS = '/api/V1.0/Report/GetSyncReportStatus';
export const HOSPITAL_LOGO = '/api/V1.0/Package/HospitalLogo';
export const FILM_DETAIL = '/api/V1.0/Package/HospitalStudyImageList';
export const AI_ORDER_LIST = '/api/V1.0/AI/OrderList';
export const AI_CANCEL_ORDER = '/api/V1.0/AI/CancelOrder';
export const AI_CHECK_RESULT = '/api/V1.0/AI/GetSJAiCheckResult';
export const AI_PAY_PARAMS = '/api/V1.0/AI/GetWxPayParms';
export const AI_PAY_RESULT = '/api/V1.0/AI/WxPayResultNotify';
export const JS_SDK_CONFIG = '/api/v1.0/wechat/GetJsConfigParms';
