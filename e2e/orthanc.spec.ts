import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { buildSandbox } from '../server/app';
import { DEMO_PASSWORD, expect, test as base } from './fixtures';
import { freePort, loadStudies, startOrthanc } from './orthancArchive';
import type { LoadedStudy, RunningOrthanc } from './orthancArchive';

/**
 * The viewer against a real archive (issue 25 §6): Debian's Orthanc with its DICOMweb plugin,
 * basic authentication on and no CORS, loaded with a CT, an ultrasound cine and a radiograph; a
 * sandbox of this file's own started with CF_PACS_URL pointing at it, so the archive's studies are
 * patient1's. The patient opens them from the study list, through the sandbox's reverse proxy
 * (/archives/pacs/), which adds the archive's credential; and, addressed directly, the archive
 * refuses the app cross-origin. Orthanc and the sandbox start once for the file (a few seconds).
 */

interface PacsWorld {
  origin: string;
  orthanc: RunningOrthanc;
  studies: LoadedStudy[];
}

const test = base.extend<object, { pacs: PacsWorld }>({
  pacs: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first argument.
    async ({}, provide) => {
      const orthanc = await startOrthanc();
      const dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-e2e-pacs-'));
      try {
        const studies = await loadStudies(orthanc, randomUUID());
        const [port, providerPort] = [await freePort(), await freePort()];
        const origin = `http://127.0.0.1:${port}`;
        const app = await buildSandbox({
          dataDir,
          distDir: resolve(process.env.DIST_DIR ?? 'dist'),
          publicOrigin: origin,
          identityProviderIssuer: `http://127.0.0.1:${providerPort}`,
          // CF_IMAGE_ARCHIVES: the page may also reach the archive itself (its CSP), for the cross-origin test; the configuration still routes it through the proxy.
          env: { ...process.env, CF_PACS_URL: orthanc.urlWithCredential, CF_IMAGE_ARCHIVES: orthanc.url, SANDBOX_DICOM_WARM: '0', CF_CLIENT_LIMIT_SCALE: '50' },
        });
        try {
          await app.listen({ port, host: '127.0.0.1' });
          await app.sandbox.identity.listen(providerPort, '127.0.0.1');
          await provide({ origin, orthanc, studies });
        } finally {
          await app.close();
        }
      } finally {
        await orthanc.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

// One Orthanc and one sandbox for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default', timeout: 60_000 });

/** The viewer's DICOMweb and imageArchives support (the archive engineer's work of issue 25) is in this build. */

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/`);
  await page.waitForURL((url) => url.origin !== origin);
  await page.locator('#login').fill('patient1');
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登录|Sign in/ }).click();
  await page.waitForURL(`${origin}/Home`);
}

/** From the study list to the viewer, for the study of that date. */
async function openFromList(page: Page, origin: string, date: string) {
  await page.goto(`${origin}/myStudyList`);
  await page.getByTestId('study-link').filter({ hasText: date }).click();
  await page.getByTestId('film-open-viewer').click();
}

async function expectDrawn(page: Page) {
  const viewer = page.getByTestId('viewer');
  try {
    await expect(page.getByTestId('viewer-canvas')).toHaveAttribute('data-drawn', /\S/, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`No image drawn; viewer ${await viewer.getAttribute('data-viewer-state')} ${await viewer.getAttribute('data-problem')}`, { cause: error });
  }
  // Not blank: a good share of the canvas lit, in many levels.
  const drawn = await page.getByTestId('viewer-canvas').evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const levels = new Set<number>();
    let lit = 0;
    for (let i = 0; i < data.length; i += 4) {
      levels.add(data[i]!);
      if (data[i]! > 8 || data[i + 1]! > 8 || data[i + 2]! > 8) lit++;
    }
    return { lit: lit / (data.length / 4), levels: levels.size };
  });
  expect(drawn.lit).toBeGreaterThan(0.1);
  expect(drawn.levels).toBeGreaterThan(20);
}

/** The image list as the app gets it, without its DICOMweb root: the viewer then reads the archive by WADO-URI. */
async function onlyWadoUri(page: Page) {
  await page.route('**/api/V1.0/Package/GetPatientStudyImageList?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    delete body.result.dicomWebRoot;
    await route.fulfill({ response, json: body });
  });
}

/** What the viewer fetched from the archive, by path (the thumbnails' <img> requests left out). */
function archiveRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch' && url.origin === origin && url.pathname.startsWith('/archives/pacs/')) seen.push(url.pathname);
  });
  return seen;
}

test('the archive\'s studies are the demo patient\'s: listed, with series thumbnails the archive rendered', async ({ page, pacs }) => {
  await signIn(page, pacs.origin);
  await page.goto(`${pacs.origin}/myStudyList`);
  for (const date of ['2026-10-02', '2026-09-14', '2026-08-20']) await expect(page.getByTestId('study-link').filter({ hasText: date })).toHaveCount(1);
  expect(pacs.studies.map((study) => study.exam)).toEqual(['ctChest', 'usAbdomen', 'drChest']);
  await page.getByTestId('study-link').filter({ hasText: '2026-10-02' }).click();
  // The thumbnail is an <img> of the archive's own rendering, through the proxy by a signed URL.
  const thumbnail = page.locator('img[src*="/archives/pacs/wado"]').first();
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test('WADO-URI through the proxy: a JPEG lossless CT, a YBR ultrasound cine and a MONOCHROME1 radiograph, drawn', async ({ page, pacs }) => {
  await onlyWadoUri(page);
  const asked = archiveRequests(page, pacs.origin);
  await signIn(page, pacs.origin);
  for (const date of ['2026-10-02', '2026-09-14', '2026-08-20']) {
    await openFromList(page, pacs.origin, date);
    await expectDrawn(page);
  }
  expect(asked.filter((path) => path === '/archives/pacs/wado').length).toBeGreaterThan(2);
  expect(asked.some((path) => path.includes('dicom-web'))).toBe(false);
  // The cine's 20 frames are 20 images of one instance.
  await openFromList(page, pacs.origin, '2026-09-14');
  await expect(page.getByTestId('viewer-progress')).toHaveAttribute('data-total', '20');
});

test('WADO-RS through the proxy: the frames fetched from the DICOMweb root, drawn', async ({ page, pacs }) => {
  const asked = archiveRequests(page, pacs.origin);
  await signIn(page, pacs.origin);
  for (const date of ['2026-10-02', '2026-09-14', '2026-08-20']) {
    await openFromList(page, pacs.origin, date);
    await expectDrawn(page);
  }
  expect(asked.some((path) => path.startsWith('/archives/pacs/dicom-web/studies/'))).toBe(true);
  expect(asked.includes('/archives/pacs/wado')).toBe(false);
});

test.describe('the archive addressed directly, across origins', () => {
  test.use({ allowConsoleErrors: /CORS|Failed to load resource|ERR_FAILED/ });

  test('has no CORS: the patient is told the archive refuses this app, not to check the network', async ({ page, pacs }) => {
      await onlyWadoUri(page);
    // A deployment that lists the archive without a route: the viewer goes to it directly.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      config.imageArchives = [{ url: `${pacs.orthanc.url}/`, credential: 'none' }];
      await route.fulfill({ response, json: config });
    });
    await signIn(page, pacs.origin);
    await openFromList(page, pacs.origin, '2026-08-20');
    const message = page.getByTestId('viewer-image-error');
    await expect(message).toHaveAttribute('data-problem', 'crossOrigin', { timeout: 30_000 });
    await expect(message).not.toContainText(/network|网络/i);
  });
});
