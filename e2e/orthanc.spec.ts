import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { buildSandbox } from '../server/app';
import { DEMO_PASSWORD, expect, test as base } from './fixtures';
import { buildCorpus, DEFAULT_CORPUS_DIR } from '../scripts/conformance/corpus';
import { freePort, loadCorpus, loadStudies, startOrthanc } from './orthancArchive';
import type { LoadedCorpusFile, LoadedStudy, RunningOrthanc } from './orthancArchive';

/**
 * The viewer against a real archive (issue 25 §6): Debian's Orthanc with its DICOMweb plugin,
 * basic authentication on and no CORS, loaded with a CT, an ultrasound cine and a radiograph
 * and with every file of the conformance corpus (scripts/conformance/), each a study; a
 * sandbox of this file's own started with CF_PACS_URL pointing at it, so the archive's studies are
 * patient1's. The patient opens them from the study list, through the sandbox's reverse proxy
 * (/archives/pacs/), which adds the archive's credential; and, addressed directly, the archive
 * refuses the app cross-origin. Orthanc and the sandbox start once for the file (a few seconds).
 */

interface PacsWorld {
  origin: string;
  orthanc: RunningOrthanc;
  studies: LoadedStudy[];
  corpus: LoadedCorpusFile[];
}

const test = base.extend<object, { pacs: PacsWorld }>({
  pacs: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first argument.
    async ({}, provide) => {
      const orthanc = await startOrthanc();
      const dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-e2e-pacs-'));
      try {
        const studies = await loadStudies(orthanc, randomUUID());
        // Before the sandbox starts, so its import makes the corpus's studies patient1's too.
        const corpus = await loadCorpus(orthanc, await buildCorpus(DEFAULT_CORPUS_DIR));
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
          await provide({ origin, orthanc, studies, corpus });
        } finally {
          await app.close();
        }
      } finally {
        await orthanc.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Building the conformance corpus the first time on a machine takes a minute; then it is cached.
    { scope: 'worker', timeout: 180_000 },
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

type Over = 'wadoRs' | 'wadoUri';

/**
 * Where the viewer shows a corpus file from Orthanc otherwise than from the file itself, and why:
 * what it shows instead (`drawn`, a `viewer-image-error` problem, or that the archive would not
 * store it), over which protocol (both when none is named). The one place the tests read it from.
 */
const THROUGH_ORTHANC: Readonly<Record<string, { why: string; shows: string; over?: Over }>> = {
  'ct12-jpeg-extended': { over: 'wadoRs', shows: 'drawn', why: 'the viewer reads no 12-bit JPEG extended; asked again in explicit VR little endian (the negotiation of wadoRs.ts), Orthanc decompresses it' },
  'pydicom-JPGExtended': { over: 'wadoRs', shows: 'drawn', why: 'the same: Orthanc decompresses the 12-bit JPEG extended when asked for explicit VR little endian' },
  'pydicom-MR_truncated': { shows: 'not stored by the archive', why: 'Orthanc refuses a file whose pixel data end early (400 on upload), so no study of it reaches the patient' },
};

/** What the patient must see for a corpus file: `drawn`, or the message's problem. */
function expectedOutcome(file: LoadedCorpusFile, over: Over): string {
  const known = THROUGH_ORTHANC[file.entry.name];
  if (known && (known.over ?? over) === over) return known.shows;
  return 'rendered' in file.entry.expect ? 'drawn' : file.entry.expect.refused;
}

/** What the viewer shows once it settles: `drawn`, `blank …` or the message's problem. */
async function outcomeOf(page: Page): Promise<string> {
  const settled = await page.waitForFunction(() => {
    const error = document.querySelector('[data-testid="viewer-image-error"]');
    if (error) return `problem ${error.getAttribute('data-problem') ?? ''}`;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
    const screen = document.querySelector('[data-testid="viewer"]');
    if (screen?.getAttribute('data-problem')) return `viewer ${screen.getAttribute('data-problem')}`;
    if (!canvas?.getAttribute('data-drawn')) return false;
    // Not blank: lit, in more than one colour (a 3 x 3 test image has four).
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const levels = new Set<number>();
    let lit = 0;
    for (let i = 0; i < data.length; i += 4) {
      levels.add(data[i]! * 65536 + data[i + 1]! * 256 + data[i + 2]!);
      if (data[i]! > 8 || data[i + 1]! > 8 || data[i + 2]! > 8) lit++;
    }
    return lit / (data.length / 4) > 0.02 && levels.size > 1 ? 'drawn' : `blank (lit ${lit}, ${levels.size} levels)`;
  }, undefined, { timeout: 20_000, polling: 50 }).catch(() => undefined);
  const value = settled ? String(await settled.jsonValue()) : 'nothing after 20 s';
  return value.replace(/^problem /, '');
}

/** The app going to an address without loading the page again (its router follows history), by way of a page without the viewer, so a new viewer starts. */
async function openInApp(page: Page, address: string) {
  const go = (to: string) => page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await go('/about-us');
  await page.getByTestId('viewer').waitFor({ state: 'detached' });
  await go(address);
}

/**
 * The corpus in parts, a test each: 87 files at about a second each came within seconds of one
 * test's two minutes on a quiet machine, and past them on a busy CI runner.
 */
const CORPUS_PARTS = 4;

/** Opens each corpus file of one part by the viewer's own address (as the film detail links it), one page. */
async function openCorpus(page: Page, pacs: PacsWorld, over: Over, part: number): Promise<{ seen: Record<string, string>; expected: Record<string, string> }> {
  await signIn(page, pacs.origin);
  await openFromList(page, pacs.origin, '2026-08-20');
  await page.getByTestId('viewer-canvas').waitFor();
  const link = new URL(page.url());
  const seen: Record<string, string> = {};
  const expected: Record<string, string> = {};
  for (const file of pacs.corpus.filter((_, index) => index % CORPUS_PARTS === part)) {
    expected[file.entry.name] = expectedOutcome(file, over);
    if (!file.studyUid) {
      seen[file.entry.name] = 'not stored by the archive';
      continue;
    }
    link.searchParams.set('studyuid', file.studyUid);
    link.searchParams.delete('series');
    await openInApp(page, `${link.pathname}${link.search}`);
    seen[file.entry.name] = await outcomeOf(page);
  }
  return { seen, expected };
}

test.describe('the conformance corpus from the archive', () => {
  // Files the viewer refuses log why; a viewer opened again cancels the last one's requests.
  test.use({ allowConsoleErrors: /Failed to load resource|ERR_ABORTED|status of [45]\d\d/ });
  test.describe.configure({ timeout: 120_000 });

  for (let part = 0; part < CORPUS_PARTS; part++) {
    const which = `part ${part + 1} of ${CORPUS_PARTS}`;

    test(`every file over WADO-RS, ${which}: drawn, or refused with its message`, async ({ page, pacs }) => {
      const asked = archiveRequests(page, pacs.origin);
      const { seen, expected } = await openCorpus(page, pacs, 'wadoRs', part);
      expect(seen).toEqual(expected);
      expect(asked.includes('/archives/pacs/wado')).toBe(false);
    });

    test(`every file over WADO-URI, ${which}: drawn, or refused with its message`, async ({ page, pacs }) => {
      await onlyWadoUri(page);
      const asked = archiveRequests(page, pacs.origin);
      const { seen, expected } = await openCorpus(page, pacs, 'wadoUri', part);
      expect(seen).toEqual(expected);
      expect(asked.some((path) => path.includes('dicom-web'))).toBe(false);
    });
  }
});

test('an attacker with the patient\'s own study: another patient\'s objects in the archive stay out of reach through the proxy', async ({ page, pacs }) => {
  await signIn(page, pacs.origin);
  // A study of someone else, stored in the archive after the sandbox's import: not this patient's.
  const stranger = pacs.corpus.find((file) => file.entry.name === 'pydicom-CT_small')!.entry;
  const headers = { authorization: pacs.orthanc.authorization };
  const stored = (await (await fetch(`${pacs.orthanc.url}/instances`, { method: 'POST', headers: { ...headers, 'content-type': 'application/dicom' }, body: new Uint8Array(readFileSync(stranger.file)) })).json()) as { ID: string };
  const tags = async (path: string) => ((await (await fetch(`${pacs.orthanc.url}${path}`, { headers })).json()) as { MainDicomTags: Record<string, string>; ParentSeries?: string; ParentStudy?: string });
  const instance = await tags(`/instances/${stored.ID}`);
  const series = await tags(`/series/${instance.ParentSeries}`);
  const study = await tags(`/studies/${series.ParentStudy}`);
  const theirs = { study: study.MainDicomTags.StudyInstanceUID!, series: series.MainDicomTags.SeriesInstanceUID!, object: instance.MainDicomTags.SOPInstanceUID! };
  const mine = pacs.studies[0]!.studyUid;
  // The patient's own token, as the viewer sends it.
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'))!;
    return (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
  });
  const ask = async (path: string) => (await page.request.get(`${pacs.origin}/archives/pacs/${path}`, { headers: { authorization: `Bearer ${token}` } })).status();
  // The same token reads the patient's own object: the refusals below are the study's, not the token's.
  const ownInstance = await tags(`/instances/${pacs.studies[0]!.firstInstanceId}`);
  const ownSeries = await tags(`/series/${ownInstance.ParentSeries}`);
  expect(await ask(`dicom-web/studies/${mine}/series/${ownSeries.MainDicomTags.SeriesInstanceUID}/instances/${ownInstance.MainDicomTags.SOPInstanceUID}`)).toBe(200);
  // Their study by its own UID: the proxy refuses it (not this patient's).
  expect(await ask(`dicom-web/studies/${theirs.study}/series/${theirs.series}/instances/${theirs.object}`)).toBe(404);
  expect(await ask(`wado?requestType=WADO&studyUID=${theirs.study}&seriesUID=${theirs.series}&objectUID=${theirs.object}&contentType=application/dicom`)).toBe(404);
  // Their series and object under the patient's own study: the proxy lets it by, the archive checks the hierarchy and refuses (docs/deploy.md).
  expect(await ask(`dicom-web/studies/${mine}/series/${theirs.series}/instances/${theirs.object}`)).toBe(404);
  expect(await ask(`dicom-web/studies/${mine}/series/${theirs.series}/metadata`)).toBe(404);
  expect(await ask(`wado?requestType=WADO&studyUID=${mine}&seriesUID=${theirs.series}&objectUID=${theirs.object}&contentType=application/dicom`)).toBe(404);
  expect(await ask(`wado?requestType=WADO&studyUID=${mine}&objectUID=${theirs.object}&contentType=application/dicom`)).toBe(404);
});
