import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as playwright, type BrowserContext, type Page, type Route, type TestInfo } from '@playwright/test';
import { HOSTILE_PATIENT_HOOK_PATH, SCRIPT_PAYLOADS, type HostilePatient } from '../server/routes/hostileTestRoutes';
import { DEMO_PATIENTS } from '../server/demoData';
import { HELP_ARTICLES } from '../server/helpContent';
import { inlineScriptTexts } from '../server/inlineSources';
import { CONSULTATION_PATH } from '../server/sandboxUrls';
import { demoNationalId, demoStudyRecords } from '../server/seed';
import { ENDPOINTS, type Endpoint } from '../src/shared/api/endpoints';
import { isPublicRoute, ROUTES, type RouteName } from '../src/shared/navigation/routes';
import { ledger } from '../scripts/security/ledger';
import { callApi, collectBySms, expect, openAddress, PatientApp, PROVIDER_ORIGIN, screenSettled } from './fixtures';

/**
 * The security suite's browser half (issue 22, "Must show" 6), run by `npm run test:security` in
 * the `security` project only. Every attack is one entry of the ledger (scripts/security/ledger.ts),
 * and a test fails on the first that gets through.
 *
 * - script injection: a hostile patient (POST /sandbox/test/hostile-patient) whose every free-text
 *   field holds every payload of SCRIPT_PAYLOADS, and a hostile hospital (its answers rewritten on the
 *   way: names, texts, and every URL made `javascript:`), through every screen that shows a server
 *   or user string, signed in and signed out; payloads in every query parameter a screen shows or
 *   follows; payloads typed where a patient types. The contexts bypass the CSP, so what is tested is
 *   the app's own escaping; one page with the CSP on shows inline script blocked besides.
 * - open redirect: the sign-in's return path, the error page's back link, an AI result page on an
 *   origin the configuration does not allow, the H5 pay page's way back, a scanned link.
 * - storage after logout: a patient uses the app, collects a study by SMS, signs out; then nothing of
 *   them is left in any storage of the app's or the provider's origin.
 */

const book = ledger('browser', `browser-${process.env.TEST_WORKER_INDEX ?? '0'}`);

const SCRIPT = 'script injection';
const REDIRECT = 'open redirect';
const STORAGE = 'storage after logout';

/** Every payload in one string, as a hostile field holds them. */
const ALL_PAYLOADS = SCRIPT_PAYLOADS.join(' ');
/** Where a stranger would send the patient (never resolved: every request to it is caught). */
const EVIL_ORIGIN = 'https://evil.example';
/** The app's own origin (the project's base URL). */
const appOrigin = () => new URL(test.info().project.use.baseURL!).origin;

/**
 * One browser context of the walk: its page, and what happened in it since the last visit began: a
 * dialog (alert, confirm, prompt: a payload ran), a request for the `x` an injected <img src=x>
 * asks for, a request to the stranger's origin.
 */
interface Visitor {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  strayRequests: string[];
  /** Uncaught errors of its pages. */
  pageErrors: string[];
}

async function watch(context: BrowserContext, page: Page): Promise<Visitor> {
  const visitor: Visitor = { context, page, dialogs: [], strayRequests: [], pageErrors: [] };
  // The stranger's origin answers (a page of its own), so a tab sent there is seen there.
  await context.route(`${EVIL_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>evil</title>' }));
  context.on('weberror', (error) => visitor.pageErrors.push(error.error().message));
  context.on('dialog', (dialog) => {
    visitor.dialogs.push(`${dialog.type()}: ${dialog.message()} (${dialog.page()?.url() ?? ''})`);
    void dialog.dismiss().catch(() => {});
  });
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === EVIL_ORIGIN || url.pathname.endsWith('/x')) visitor.strayRequests.push(request.url());
  });
  return visitor;
}

/** The visitor, with what happened in it before forgotten: a visit of its own begins. */
function freshVisit(visitor: Visitor): Visitor {
  visitor.dialogs.length = 0;
  visitor.strayRequests.length = 0;
  visitor.pageErrors.length = 0;
  return visitor;
}

type ProjectUse = TestInfo['project']['use'];
function contextOptions(use: ProjectUse) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale } = use;
  // The page's CSP is bypassed: a payload that the app let into the page would run.
  return { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, bypassCSP: true };
}

/**
 * A hostile hospital system, as far as the browser can tell: every answer of the API passes through
 * this on its way, and the hospital's own texts (its name, hours, address, departments, help
 * articles, AI channels, storage plans) come back as payloads, every URL (logo, QR code, avatar,
 * thumbnails, film sheets, download links, AI result pages, pay pages, the consultation service) as
 * `javascript:alert(1)`. The patient's own strings come from the hostile patient.
 */
const HOSPITAL_TEXT_KEYS = new Set(['hospitalName', 'serviceHours', 'address', 'officialAccountName', 'title', 'paragraphs', 'typeName', 'provider', 'summary', 'description', 'nameEn', 'descriptionEn', 'providerEn', 'servicePhone', 'studyDescription']);
const HOSTILE_URL = 'javascript:alert(1)';

function hostileAnswer(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (/url$/i.test(key) && key !== 'imServerUrl') return HOSTILE_URL;
    if (HOSPITAL_TEXT_KEYS.has(key) || (key === 'name' && value !== '')) return `${key} ${ALL_PAYLOADS}`;
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => hostileAnswer(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostileAnswer(v, k)]));
  return value;
}

async function answerAsHostileHospital(context: BrowserContext) {
  await context.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('json')) return route.fulfill({ response });
    const body = (await response.json()) as { result?: unknown };
    return route.fulfill({ response, json: { ...body, result: hostileAnswer(body.result) } });
  });
}

interface World {
  patient: HostilePatient;
  /** Signed in as the hostile patient. */
  patientPage(): Promise<Visitor>;
  /** Signed in as the hostile patient, the hospital hostile too. */
  hostileHospitalPage(): Promise<Visitor>;
  /** Not signed in, nothing collected. */
  guestPage(): Promise<Visitor>;
  /** Not signed in, with a study pass over the hostile patient's studies (national ID, image code, SMS code). */
  collectorPage(): Promise<Visitor>;
}

const test = playwright.extend<{ world: World }, { worldOfWorker: World }>({
  worldOfWorker: [
    async ({ browser, playwright: pw }, provide, workerInfo) => {
      const use = workerInfo.project.use;
      const api = await pw.request.newContext({ baseURL: use.baseURL });
      const hook = await api.post(HOSTILE_PATIENT_HOOK_PATH);
      expect(hook.ok(), 'the hostile patient hook (test mode)').toBe(true);
      const patient = ((await hook.json()) as { result: HostilePatient }).result;
      await api.dispose();
      const contexts: BrowserContext[] = [];
      const open = async (prepare: (visitor: Visitor) => Promise<void>) => {
        const context = await browser.newContext(contextOptions(use));
        contexts.push(context);
        const visitor = await watch(context, await context.newPage());
        await prepare(visitor);
        return visitor;
      };
      const once = <T,>(make: () => Promise<T>) => {
        let made: Promise<T> | null = null;
        return () => (made ??= make());
      };
      const signIn = async ({ page }: Visitor) => {
        await page.goto('/');
        await new PatientApp(page).completeSignIn(patient.loginName, patient.password);
        await expect(page).toHaveURL(/\/Home$/);
      };
      await provide({
        patient,
        patientPage: once(() => open(signIn)),
        hostileHospitalPage: once(() => open(async (visitor) => {
          await answerAsHostileHospital(visitor.context);
          await signIn(visitor);
        })),
        guestPage: once(() => open(async ({ page }) => void (await page.goto('/index')))),
        collectorPage: once(() => open(({ page }) => collectBySms(page, patient))),
      });
      for (const context of contexts) await context.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  world: async ({ worldOfWorker }, provide) => provide(worldOfWorker),
});

test.afterAll(() => book.write());



/**
 * What React 19 writes instead of a `javascript:` URL it is given for a link: tapping it throws
 * in React's own code, and nothing of the URL runs. A link the app built from a hostile URL.
 */
const REACT_BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/**
 * The one inline script the page's own HTML carries (scripts/build/bootScript.ts), exactly as this
 * run's build wrote it: the CSP allows it by its hash. Read when first needed (the build is made
 * after the specs are listed).
 */
let bootScript: string | undefined;
const ownBootScript = () => (bootScript ??= inlineScriptTexts(readFileSync(join(process.env.DIST_DIR ?? 'dist', 'index.html'), 'utf8'))[0] ?? '');

/**
 * What a payload would leave in a document had it been let in as markup: an element with an event
 * handler attribute, a link, frame, form or object that runs script (`javascript:`, `data:` HTML), a
 * script element that is neither one of the page's own files nor its own boot script in the head, a
 * frame of another origin, the `x` image. Looked for in every frame of the page.
 */
async function injectedElements(page: Page): Promise<string[]> {
  const boot = ownBootScript();
  const found: string[] = [];
  for (const frame of page.frames()) {
    const inFrame = await frame
      .evaluate(({ provider, REACT_BLOCKED_URL, boot }) => {
        const bad: string[] = [];
        const describe = (el: Element) => `<${el.localName}${[...el.attributes].map((a) => ` ${a.name}="${a.value.slice(0, 60)}"`).join('')}>`;
        for (const el of document.querySelectorAll('*')) {
          for (const { name, value } of el.attributes) {
            if (/^on/i.test(name)) bad.push(`event handler: ${describe(el)}`);
            // A URL that runs script where the browser follows or loads it as a document (an image's src never runs).
            const followed = /^(href|xlink:href|action|formaction)$/i.test(name) || (name === 'src' && /^(iframe|frame|embed)$/.test(el.localName)) || (name === 'data' && el.localName === 'object');
            if (followed && /^\s*(javascript|vbscript|data):/i.test(value) && value !== REACT_BLOCKED_URL) bad.push(`script URL: ${describe(el)}`);
            if (name === 'srcdoc' || (el.localName === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? ''))) bad.push(`document in an attribute: ${describe(el)}`);
          }
          const ownFile = (el as HTMLScriptElement).src && new URL((el as HTMLScriptElement).src).origin === location.origin;
          const ownBoot = boot !== '' && el.parentElement === document.head && !el.hasAttribute('src') && el.textContent === boot;
          if (el.localName === 'script' && !ownFile && !ownBoot) bad.push(`script: ${describe(el)}`);
          if ((el.localName === 'iframe' || el.localName === 'frame') && ![location.origin, provider].includes(new URL((el as HTMLIFrameElement).src || 'about:blank', location.href).origin)) bad.push(`frame: ${describe(el)}`);
          if ((el.localName === 'object' || el.localName === 'embed')) bad.push(`plugin: ${describe(el)}`);
          if (el.localName === 'img' && el.getAttribute('src') === 'x') bad.push(`image: ${describe(el)}`);
        }
        return bad;
      }, { provider: PROVIDER_ORIGIN, REACT_BLOCKED_URL, boot })
      .catch(() => [] as string[]);
    found.push(...inFrame.map((one) => `${frame.url()}: ${one}`));
  }
  return found;
}

/** What the page shows a reader as text: its text, form values, and the text in its attributes (labels, titles, file names). */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // An SVG document (the printed report) draws its text in lines: joined again, as they were written.
    if (!document.body) return [...document.querySelectorAll('text')].map((el) => el.textContent ?? '').join('');
    const root: Element = document.body;
    const values = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
    const attributes = [...document.querySelectorAll('[aria-label], [title], [alt], [download], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'alt', 'download', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [(root as HTMLElement).innerText, ...values, ...attributes].join('\n');
  });
}

/** The page of the app at `address` (or outside it, for the sandbox's own pages), loaded and settled. */
async function openScreen(page: Page, address: string, route?: string) {
  await page.goto(address);
  if (!route) return;
  await expect(page.locator(`[data-route="${route}"]`), `${address} shows its screen`).toBeVisible();
  await screenSettled(page, address);
}

/**
 * Waits for a page that may still move on by itself (a screen that sends a visitor to sign in, a
 * screen that goes to another) to settle wherever it ends: the app's screen, or a page outside it.
 */
async function settleWherever(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState();
      if (new URL(page.url()).origin !== appOrigin()) return;
      await screenSettled(page);
      return;
    } catch (error) {
      // The page moved on in the middle: wait for where it went.
      if (attempt >= 3 || !/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }
}

interface ScreenVisit {
  /** What the ledger calls the screen. */
  name: string;
  visitor: (world: World) => Promise<Visitor>;
  /** Where it is: the app's address, or a sandbox page. */
  address: (world: World, page: Page) => Promise<string> | string;
  /** The route the app shows there (none for a sandbox page). */
  route?: string;
  /** What the patient does there to see more. */
  then?: (page: Page, world: World) => Promise<void>;
  /** The hostile strings the screen must show (proof the payloads reached it): `hostile(label)` for the hostile fields. */
  shows: readonly string[];
}

/**
 * Visits a screen and checks that every payload it shows stayed text: no dialog, no element a payload
 * made, no request an injected element would make. Each payload shown is one attack in the ledger.
 */
async function attackScreen(world: World, visit: ScreenVisit) {
  const visitor = freshVisit(await visit.visitor(world));
  const { page } = visitor;
  await openScreen(page, await visit.address(world, page), visit.route);
  await visit.then?.(page, world);
  // Until the screen shows every hostile string (proof the attack was made), or a payload did something.
  const label = (text: string) => text.slice(0, text.indexOf(' '));
  const observe = async () => {
    const shown = await shownText(page);
    const injected = await injectedElements(page);
    return {
      shown,
      missing: visit.shows.filter((one) => !shown.includes(one)).map(label),
      gotThrough: [...visitor.dialogs, ...injected, ...visitor.strayRequests.map((url) => `request: ${url}`)],
    };
  };
  await expect
    .poll(async () => {
      const { missing, gotThrough } = await observe();
      return gotThrough.length > 0 || missing.length === 0;
    }, { message: `${visit.name} shows the hostile strings`, timeout: 15_000 })
    .toBe(true);
  const { shown, missing, gotThrough } = await observe();
  for (const payload of SCRIPT_PAYLOADS) {
    book.record(SCRIPT, `${visit.name}: ${payload}`, gotThrough.length === 0 && shown.includes(payload));
  }
  expect(gotThrough, `${visit.name}: what the payloads did`).toEqual([]);
  expect(missing, `${visit.name}: hostile strings not shown (the attack was not made)`).toEqual([]);
}

const newestStudy = (world: World) => world.patient.studies[0]!;
const studyWithPackage = (world: World) => world.patient.studies[1]!;
const aiOrder = (world: World, status: number, checkWay?: number) =>
  world.patient.aiOrders.find((order) => order.status === status && (checkWay === undefined || order.checkWay === checkWay))!;
const AI_ITEMS = ['aiItem0', 'aiItem1', 'aiItem2', 'aiItem3', 'aiItem4', 'aiItem5'];
/** The hostile fields of these labels, as the hostile patient (hostileText) or hospital (hostileAnswer) holds them. */
const hostile = (...labels: string[]) => labels.map((label) => `${label} ${ALL_PAYLOADS}`);
const patient = (world: World) => world.patientPage();
const collector = (world: World) => world.collectorPage();
const guest = (world: World) => world.guestPage();
const byId = (path: string, study: (world: World) => { collectFilmId: string } = newestStudy) => (world: World) => `${path}?id=${study(world).collectFilmId}`;

/** Every screen that shows a string of the patient's, signed in and (where it is public) signed out. */
const PATIENT_SCREENS: readonly ScreenVisit[] = [
  { name: 'film detail', visitor: patient, address: byId('/index'), route: 'index', shows: hostile('study', 'name', 'bodyPart', 'findings', 'impression', 'reporter', 'reviewer', ...AI_ITEMS) },
  { name: 'film detail, preliminary report', visitor: patient, address: byId('/index', studyWithPackage), route: 'index', shows: hostile('study', 'findings', 'impression', 'reporter') },
  { name: 'my films', visitor: patient, address: () => '/myImageList', route: 'myImageList', shows: hostile('study', 'name') },
  { name: 'study list', visitor: patient, address: () => '/myStudyList', route: 'myStudyList', shows: hostile('study', 'name') },
  { name: 'report list', visitor: patient, address: () => '/imageList', route: 'imageList', shows: hostile('study', 'impression') },
  { name: 'study information', visitor: patient, address: byId('/medicalTag'), route: 'medicalTag', shows: hostile('name', 'study') },
  { name: 'shares', visitor: patient, address: () => '/shareList', route: 'shareList', shows: hostile('study', 'name') },
  { name: 'share a study', visitor: patient, address: byId('/shareList'), route: 'shareList', shows: hostile('study', 'name') },
  { name: 'storage orders', visitor: patient, address: () => '/storeOrder', route: 'storeOrder', shows: hostile('study') },
  { name: 'storage plans of a study', visitor: patient, address: byId('/imageStore'), route: 'imageStore', shows: hostile('study') },
  { name: 'AI orders', visitor: patient, address: () => '/aiOrder', route: 'aiOrder', shows: hostile('name', ...AI_ITEMS) },
  // The radiograph: a channel for any body part fits it (a study whose body part no channel names is offered none, and not shown).
  { name: 'AI apply', visitor: patient, address: byId('/aiApply', studyWithPackage), route: 'aiApply', shows: hostile('study', 'bodyPart') },
  {
    name: 'AI result, succeeded',
    visitor: patient,
    address: (world) => `/aiResult?id=${newestStudy(world).collectFilmId}&orderId=${aiOrder(world, 3, 2).orderNo}`,
    route: 'aiResult',
    shows: hostile('study', 'aiItem0'),
  },
  {
    name: 'AI result, failed',
    visitor: patient,
    address: (world) => `/aiResult?id=${newestStudy(world).collectFilmId}&orderId=${aiOrder(world, 4).orderNo}`,
    route: 'aiResult',
    shows: hostile('study', 'aiItem2', 'failureReason'),
  },
  { name: 'AI progress', visitor: patient, address: (world) => `/aiStatus?orderId=${aiOrder(world, 1).orderNo}`, route: 'aiStatus', shows: hostile('study', 'aiItem4') },
  { name: 'AI progress, to be paid', visitor: patient, address: (world) => `/aiStatus?orderId=${aiOrder(world, 2).orderNo}`, route: 'aiStatus', shows: hostile('study', 'aiItem3') },
  { name: 'download a study', visitor: patient, address: byId('/downloadFilm', studyWithPackage), route: 'downloadFilm', shows: hostile('file') },
  { name: 'my downloads', visitor: patient, address: () => '/downloadList', route: 'downloadList', shows: hostile('study') },
  { name: 'a download link received', visitor: guest, address: (world) => `/downloadLink?token=${encodeURIComponent(world.patient.downloadToken)}`, route: 'downloadLink', shows: hostile('study', 'file') },
  { name: 'personal centre', visitor: patient, address: () => '/personal', route: 'personal', shows: hostile('nick') },
  { name: 'profile', visitor: patient, address: () => '/modify', route: 'modify', shows: hostile('name', 'nick') },
  { name: 'collected: the studies', visitor: collector, address: () => '/checkList', route: 'checkList', shows: hostile('study') },
  { name: 'collected: film detail', visitor: collector, address: byId('/index'), route: 'index', shows: hostile('study', 'name', 'findings', 'impression') },
  { name: 'collected: study information', visitor: collector, address: byId('/medicalTag'), route: 'medicalTag', shows: hostile('name', 'study') },
  { name: 'collected: download a study', visitor: collector, address: byId('/downloadFilm', studyWithPackage), route: 'downloadFilm', shows: hostile('file') },
  {
    name: 'a share opened with its access code',
    visitor: guest,
    address: (world) => `/shareCode?code=${world.patient.share.code}`,
    route: 'shareCode',
    then: async (page, world) => {
      await page.getByTestId('share-access-input').fill(world.patient.share.accessCode);
      await page.getByTestId('share-open').click();
      await expect(page.getByTestId('film-detail')).toBeVisible();
      await screenSettled(page);
    },
    shows: hostile('study', 'name', 'findings', 'impression'),
  },
];

test.describe('script payloads through every screen that shows a patient\'s string', () => {
  for (const visit of PATIENT_SCREENS) {
    test(visit.name, async ({ world }) => attackScreen(world, visit));
  }
});

const hostileHospital = (world: World) => world.hostileHospitalPage();

/**
 * The hospital's own strings and every URL it hands out, from a hostile hospital system (its
 * answers rewritten on the way, see hostileAnswer): names, hours, address, help articles, AI
 * channels, film sheet titles; logos, QR codes, thumbnails, download links, AI result pages, the
 * consultation service as `javascript:` URLs. A URL the app follows or links must not run.
 */
const HOSPITAL_SCREENS: readonly ScreenVisit[] = [
  { name: 'home (hostile hospital)', visitor: hostileHospital, address: () => '/Home', route: 'Home', shows: hostile('hospitalName', 'officialAccountName', 'address') },
  { name: 'film detail (hostile hospital)', visitor: hostileHospital, address: byId('/index'), route: 'index', shows: hostile('hospitalName', 'description', 'studyDescription', 'findings') },
  { name: 'the example study (hostile hospital)', visitor: hostileHospital, address: () => '/experience', route: 'experience', shows: hostile('studyDescription') },
  { name: 'help (hostile hospital)', visitor: hostileHospital, address: () => '/help', route: 'help', shows: hostile('name', 'title') },
  { name: 'help article (hostile hospital)', visitor: hostileHospital, address: () => `/helpDetail?id=${HELP_ARTICLES[0]!.questionId}`, route: 'helpDetail', shows: hostile('title', 'typeName', 'paragraphs') },
  { name: 'about (hostile hospital)', visitor: hostileHospital, address: () => '/about', route: 'about', shows: hostile('hospitalName', 'address') },
  { name: 'personal centre (hostile hospital)', visitor: hostileHospital, address: () => '/personal', route: 'personal', shows: hostile('hospitalName', 'nick') },
  // The English UI shows a channel's English name, provider and description (the Chinese ones are hostile too).
  { name: 'AI apply (hostile hospital)', visitor: hostileHospital, address: byId('/aiApply', studyWithPackage), route: 'aiApply', shows: hostile('nameEn', 'providerEn', 'descriptionEn') },
  { name: 'film sheets (hostile hospital)', visitor: hostileHospital, address: byId('/electronicFilm'), route: 'electronicFilm', shows: hostile('title') },
  { name: 'HD images (hostile hospital)', visitor: hostileHospital, address: byId('/customHDImageList'), route: 'customHDImageList', shows: hostile('title') },
  { name: 'download a study (hostile hospital)', visitor: hostileHospital, address: byId('/downloadFilm', studyWithPackage), route: 'downloadFilm', shows: hostile('file') },
  { name: 'my downloads (hostile hospital)', visitor: hostileHospital, address: () => '/downloadList', route: 'downloadList', shows: hostile('studyDescription') },
  {
    name: 'AI result on the provider\'s page (hostile hospital)',
    visitor: hostileHospital,
    address: (world) => `/aiResult?id=${newestStudy(world).collectFilmId}&orderId=${aiOrder(world, 3, 1).orderNo}`,
    route: 'aiResult',
    then: async (page) => void (await expect(page.getByTestId('ai-result-refused')).toBeVisible()),
    shows: hostile('aiItem1'),
  },
];

test.describe('script payloads from a hostile hospital system', () => {
  for (const visit of HOSPITAL_SCREENS) {
    test(visit.name, async ({ world }) => attackScreen(world, visit));
  }
});

const orderCard = (page: Page, orderNo: string) => page.locator(`[data-testid="order-card"][data-order-id="${orderNo}"]`);

/**
 * Checks a visit after the patient did something that makes the app follow a URL the server gave:
 * nothing ran, nothing was injected, and the tab is still on the app (or its provider).
 */
async function expectNothingRan(visitor: Visitor, attack: string, klass = SCRIPT) {
  const injected = await injectedElements(visitor.page);
  const onApp = [appOrigin(), PROVIDER_ORIGIN].includes(new URL(visitor.page.url()).origin);
  const gotThrough = [...visitor.dialogs, ...injected, ...visitor.strayRequests.map((url) => `request: ${url}`), ...(onApp ? [] : [`left the app for ${visitor.page.url()}`])];
  book.record(klass, attack, gotThrough.length === 0);
  expect(gotThrough, `${attack}: what got through`).toEqual([]);
}

test.describe('script URLs a hostile hospital system hands the app to follow', () => {
  test('the H5 pay page of an AI order', async ({ world }) => {
    const visitor = freshVisit(await world.hostileHospitalPage());
    await openScreen(visitor.page, '/aiOrder?tab=toBePaid', 'aiOrder');
    await orderCard(visitor.page, aiOrder(world, 2).orderNo).getByTestId('action-pay').click();
    // The app says it cannot pay (or what it followed ran, and said so in a dialog).
    const refused = visitor.page.getByTestId('toast').or(visitor.page.getByTestId('error-page'));
    await expect.poll(async () => visitor.dialogs.length > 0 || (await refused.count()) > 0, { message: 'the pay step ends' }).toBe(true);
    await expectNothingRan(visitor, 'AI order list: pay, the H5 page a javascript: URL');
  });

  test('the consultation service', async ({ world }) => {
    const visitor = freshVisit(await world.hostileHospitalPage());
    await openScreen(visitor.page, byId('/diagnose')(world), 'diagnose');
    await expectNothingRan(visitor, 'consultation: the service a javascript: URL');
  });

  test('the AI result of the order list on the provider\'s page', async ({ world }) => {
    const visitor = freshVisit(await world.hostileHospitalPage());
    await openScreen(visitor.page, '/aiOrder', 'aiOrder');
    await orderCard(visitor.page, aiOrder(world, 3, 1).orderNo).getByTestId('action-aiResult').click();
    await expect(visitor.page.getByTestId('toast')).toBeVisible();
    await expectNothingRan(visitor, 'AI order list: the result page a javascript: URL');
  });
});

/**
 * Every query key a screen reads (the app's `URLSearchParams.get` calls), each holding every
 * payload, or a script URL where the screen follows or links the value.
 */
const QUERY_TEXT_KEYS = ['id', 'collectId', 'code', 'msg', 'key', 'network', 'lang', 'token', 'checkWay', 'result', 'showAi', 'studyuid', 'hospid', 'series', 'focus', 'tab', 'view', 'orderId'];
const QUERY_URL_KEYS = ['back', 'wadourl'];
const HOSTILE_QUERY = new URLSearchParams([...QUERY_TEXT_KEYS.map((key) => [key, `${key} ${ALL_PAYLOADS}`]), ...QUERY_URL_KEYS.map((key) => [key, HOSTILE_URL])]).toString();
/** Routes that are no screen: the sign-in protocol and signing out. */
const NOT_A_SCREEN: ReadonlySet<RouteName> = new Set(['oidcIndex', 'logout', 'oidc-callback', 'oidc-slient-renew']);

test.describe('script payloads in every query parameter, on every screen', () => {
  for (const signedIn of [true, false]) {
    for (const route of ROUTES.filter((one) => !NOT_A_SCREEN.has(one.name) && (signedIn || isPublicRoute(one)))) {
      test(`${route.name}, signed ${signedIn ? 'in' : 'out'}`, async ({ world }) => {
        const visitor = freshVisit(await (signedIn ? world.patientPage() : world.guestPage()));
        // The screen may send the visitor on (to sign in, or to an error page) before the load event.
        await openAddress(visitor.page, `${route.path}?${HOSTILE_QUERY}`);
        await settleWherever(visitor.page);
        await expectNothingRan(visitor, `query parameters of ${route.name}, signed ${signedIn ? 'in' : 'out'}`);
      });
    }
  }

  for (const address of [`/index?code=${encodeURIComponent(ALL_PAYLOADS)}`, `/sl/pic/qr/selfhelp?code=${encodeURIComponent(ALL_PAYLOADS)}`, `/downloadLink#token=${encodeURIComponent(ALL_PAYLOADS)}`, `/error?code=500&msg=${encodeURIComponent(`msg ${ALL_PAYLOADS}`)}`]) {
    test(`the one parameter of ${address.slice(0, 30)}`, async ({ world }) => {
      const visitor = freshVisit(await world.guestPage());
      await visitor.page.goto(address);
      await settleWherever(visitor.page);
      await expectNothingRan(visitor, `query parameter: ${address.split(/[?#]/)[0]}`);
    });
  }
});

test.describe('script payloads a patient types', () => {
  test('the film bag code typed in the scanner\'s stead', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const { page } = visitor;
    await openScreen(page, '/index', 'index');
    await page.getByTestId('scan-entry').click();
    await page.getByTestId('scan-code-input').fill(`typed ${ALL_PAYLOADS}`);
    await page.getByTestId('scan-go').click();
    await expect(page.getByTestId('scan-problem')).toBeVisible();
    expect(await shownText(page)).toContain(`typed ${ALL_PAYLOADS}`);
    await expectNothingRan(visitor, 'scan entry: a typed code');
  });

  test('a share code typed', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const { page } = visitor;
    await openScreen(page, '/shareCode', 'shareCode');
    await page.getByTestId('share-code-input').fill(`typed ${ALL_PAYLOADS}`);
    await page.getByTestId('share-code-go').click();
    await screenSettled(page);
    await expectNothingRan(visitor, 'share code entry: a typed code');
  });

  test('feedback, kept as a draft and shown again after a reload', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const { page } = visitor;
    await openScreen(page, '/help?view=feedback', 'help');
    await page.getByTestId('feedback-content').fill(`typed ${ALL_PAYLOADS}`);
    await page.getByTestId('feedback-contact').fill('13800001234');
    await expect.poll(async () => {
      await page.reload();
      await screenSettled(page);
      return page.getByTestId('feedback-content').inputValue();
    }, { message: 'the draft comes back after a reload' }).toBe(`typed ${ALL_PAYLOADS}`);
    await expectNothingRan(visitor, 'feedback: typed text shown again from the draft');
  });

  test('a display name, saved and shown on the personal centre and home', async ({ browser, playwright: pw }, testInfo) => {
    // A patient of its own: the walk's patient keeps its display name.
    const api = await pw.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const own = ((await (await api.post(HOSTILE_PATIENT_HOOK_PATH)).json()) as { result: HostilePatient }).result;
    await api.dispose();
    const context = await browser.newContext(contextOptions(testInfo.project.use));
    try {
      const visitor = await watch(context, await context.newPage());
      const { page } = visitor;
      await page.goto('/modify');
      await new PatientApp(page).completeSignIn(own.loginName, own.password);
      await screenSettled(page);
      // The longest payload the display name's 20 characters hold.
      const typed = '<svg onload=alert()>';
      await page.getByTestId('modify-name').fill(typed);
      await page.getByTestId('modify-name-save').click();
      await expect(page.getByTestId('modify-name-notice')).toHaveAttribute('data-kind', 'saved');
      for (const [address, route] of [['/personal', 'personal'], ['/Home', 'Home']] as const) {
        await openScreen(page, address, route);
        if (route === 'personal') expect(await shownText(page)).toContain(typed);
        await expectNothingRan(visitor, `display name typed, then shown on ${route}`);
      }
    } finally {
      await context.close();
    }
  });
});

const CONSULTATION_QUERY = {
  patient: `patient ${SCRIPT_PAYLOADS.slice(0, 2).join(' ')}`,
  hospital: `hospital ${SCRIPT_PAYLOADS.slice(2, 4).join(' ')}`,
  study: `study ${SCRIPT_PAYLOADS.slice(4).join(' ')}`,
  date: '2026-01-01',
  modality: 'CT',
};

/**
 * The sandbox's own pages that show the patient's strings (it writes them itself, as HTML or SVG):
 * the printed report, the AI report page, the H5 pay page, the consultation service, the
 * provider's sign-in page (a login name typed, shown again after a wrong password).
 */
const SANDBOX_PAGES: readonly ScreenVisit[] = [
  {
    name: 'printed report (sandbox SVG)',
    visitor: patient,
    address: async (world, page) => (await callApi<{ pages: Array<{ url: string }> }>(page, ENDPOINTS.yjpIndex.ElectReport, { CollectId: newestStudy(world).collectFilmId })).pages[0]!.url,
    shows: hostile('name', 'study', 'findings', 'impression'),
  },
  {
    name: 'AI report page (sandbox)',
    visitor: patient,
    address: async (world, page) => (await callApi<{ resultUrl: string }>(page, ENDPOINTS.ai.GetSJAiCheckResult, { orderId: aiOrder(world, 3, 1).orderNo })).resultUrl,
    shows: hostile('name', 'study', 'aiItem1'),
  },
  {
    name: 'H5 pay page of an AI order (sandbox)',
    visitor: patient,
    address: async (world, page) =>
      (await callApi<{ h5_url: string }>(page, ENDPOINTS.ai.GetWxPayParms, { payway: 2, checkRecordId: aiOrder(world, 2).checkRecordId, returnUrl: new URL('/aiOrder', page.url()).href })).h5_url,
    shows: hostile('aiItem3'),
  },
  {
    name: 'H5 pay page of a storage order (sandbox)',
    visitor: patient,
    address: async (world, page) =>
      (await callApi<{ h5_url: string }>(page, ENDPOINTS.image.pay, { payway: 2, checkRecordId: world.patient.storageOrders.find((order) => order.status === 2)!.checkRecordId, returnUrl: new URL('/storeOrder', page.url()).href })).h5_url,
    shows: hostile('study'),
  },
  {
    // Public, and it shows what its address says: every payload in its parameters (each holds 100 characters).
    name: 'consultation service (sandbox)',
    visitor: guest,
    address: () => `${CONSULTATION_PATH}?${new URLSearchParams(CONSULTATION_QUERY).toString()}`,
    shows: Object.values(CONSULTATION_QUERY),
  },
  {
    name: 'sign-in page, a login name typed (provider)',
    visitor: guest,
    address: () => '/',
    then: async (page) => {
      await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
      await page.locator('#login').fill(`login ${ALL_PAYLOADS}`);
      await page.locator('#password').fill('not-the-password');
      await page.getByRole('button', { name: /登录|Sign in/ }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
    shows: hostile('login'),
  },
];

test.describe("script payloads through the sandbox's own pages", () => {
  for (const visit of SANDBOX_PAGES) {
    test(visit.name, async ({ world }) => attackScreen(world, visit));
  }
});

test.describe('the CSP, on', () => {
  test('blocks inline script a payload would bring, and says so', async ({ browser }, testInfo) => {
    const { bypassCSP: _, ...options } = contextOptions(testInfo.project.use);
    const context = await browser.newContext(options);
    try {
      const visitor = await watch(context, await context.newPage());
      const { page } = visitor;
      await openScreen(page, '/index', 'index');
      const outcome = await page.evaluate(async () => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
        const ran = window as unknown as Record<string, boolean>;
        // As a payload let in as markup would: an inline handler, an inline script, a script URL.
        const holder = document.createElement('div');
        holder.innerHTML = '<img src="/x-csp" onerror="window.__handlerRan = true">';
        document.body.append(holder);
        const script = document.createElement('script');
        script.textContent = 'window.__scriptRan = true';
        document.body.append(script);
        const link = document.createElement('a');
        link.href = 'javascript:window.__urlRan = true';
        document.body.append(link);
        link.click();
        await new Promise<void>((resolve) => {
          const done = () => violations.length >= 3 && resolve();
          document.addEventListener('securitypolicyviolation', done);
          done();
        });
        return { violations, ran: [ran.__handlerRan, ran.__scriptRan, ran.__urlRan].map(Boolean) };
      });
      expect(outcome.violations.length).toBeGreaterThanOrEqual(3);
      expect(outcome.violations.every((directive) => directive.startsWith('script-src'))).toBe(true);
      const held = outcome.ran.map((ran, i) => book.record(SCRIPT, `with the CSP on: ${['an inline event handler', 'an inline script', 'a javascript: URL'][i]}`, !ran && visitor.dialogs.length === 0));
      expect(held).toEqual([true, true, true]);
    } finally {
      await context.close();
    }
  });
});

/**
 * Replaces one API call's answer (its `result`) for this page, as a hostile server would send it.
 * The world's pages outlive a test: stopping waits for an answer still under way, and one that the
 * page gave up on after the stop fails nothing (it would fail whichever test runs next).
 */
async function answerWith(page: Page, endpoint: Endpoint, change: (result: Record<string, unknown>) => Record<string, unknown>) {
  const url = `**/api/${endpoint.path}?*`;
  const underWay = new Set<Promise<void>>();
  let stopped = false;
  const handler = (route: Route) => {
    const answered = (async () => {
      try {
        const response = await route.fetch();
        const body = (await response.json()) as { result: Record<string, unknown> };
        await route.fulfill({ response, json: { ...body, result: change(body.result) } });
      } catch (error) {
        if (!stopped) throw error;
      }
    })();
    underWay.add(answered);
    return answered.finally(() => underWay.delete(answered));
  };
  await page.route(url, handler);
  return async () => {
    stopped = true;
    await page.unroute(url, handler);
    await Promise.allSettled(underWay);
  };
}

test.describe('open redirects through the app', () => {
  /** Back links a stranger could put in an error page's address: other origins, every way of spelling one, a script URL. */
  const HOSTILE_BACKS = [
    `${EVIL_ORIGIN}/`,
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/\t/evil.example/x',
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2F%2Fevil.example/x',
    ' //evil.example/x',
    'javascript:alert(1)',
  ];
  for (const back of HOSTILE_BACKS) {
    test(`the error page's back link: ${JSON.stringify(back)}`, async ({ world }) => {
      const visitor = freshVisit(await world.guestPage());
      const { page } = visitor;
      await openScreen(page, `/error?code=500&back=${encodeURIComponent(back)}`, 'error');
      const backButton = page.getByTestId('error-page').getByRole('button', { name: /^(返回|Back)$/ });
      // Offered only for a path of the app; followed, it must stay there.
      if (await backButton.count()) {
        await backButton.click();
        await settleWherever(page);
      }
      await expectNothingRan(visitor, `error page: back=${JSON.stringify(back)}`, REDIRECT);
      expect(visitor.pageErrors, 'the page stays whole').toEqual([]);
    });
  }

  test('the sign-in\'s return path: a guarded screen with a stranger\'s address in its query comes back to that screen, on the app', async ({ browser, world }, testInfo) => {
    const context = await browser.newContext(contextOptions(testInfo.project.use));
    try {
      const visitor = await watch(context, await context.newPage());
      const { page } = visitor;
      await page.goto(`/aiOrder?tab=${encodeURIComponent('//evil.example/x')}&next=${encodeURIComponent(EVIL_ORIGIN)}`);
      await new PatientApp(page).completeSignIn(world.patient.loginName, world.patient.password);
      await settleWherever(page);
      expect(new URL(page.url()).pathname).toBe('/aiOrder');
      await expectNothingRan(visitor, 'sign-in: the return path of a guarded screen', REDIRECT);
    } finally {
      await context.close();
    }
  });

  test('the sign-in\'s return path: a forged callback stays on the app', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    await visitor.page.goto(`/oidc-callback?code=forged&state=forged&iss=${encodeURIComponent(EVIL_ORIGIN)}`);
    await settleWherever(visitor.page);
    await expectNothingRan(visitor, 'sign-in: a forged callback', REDIRECT);
  });

  test('the sign-in\'s return path at the provider: a redirect URI of a stranger\'s is refused', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const query = new URLSearchParams({
      client_id: 'cloud-film-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${EVIL_ORIGIN}/oidc-callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'x',
    });
    await visitor.page.goto(`${PROVIDER_ORIGIN}/auth?${query.toString()}`);
    await settleWherever(visitor.page);
    await expectNothingRan(visitor, 'provider: authorization with a stranger\'s redirect URI', REDIRECT);
  });

  test('the way back after signing out at the provider: a stranger\'s address is refused', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const { page } = visitor;
    await page.goto(`${PROVIDER_ORIGIN}/session/end?client_id=cloud-film-web&post_logout_redirect_uri=${encodeURIComponent(`${EVIL_ORIGIN}/`)}`);
    await settleWherever(page);
    if (await page.locator('#sign-out').count()) {
      await page.locator('#sign-out').click();
      await settleWherever(page);
    }
    await expectNothingRan(visitor, 'provider: sign-out with a stranger\'s post-logout address', REDIRECT);
  });

  test('an AI result page on an origin the configuration does not allow', async ({ world }) => {
    const visitor = freshVisit(await world.patientPage());
    const { page } = visitor;
    const order = aiOrder(world, 3, 1);
    const stop = await answerWith(page, ENDPOINTS.ai.GetSJAiCheckResult, (result) => ({ ...result, resultUrl: `${EVIL_ORIGIN}/ai-report/${order.orderNo}` }));
    try {
      await openScreen(page, `/aiResult?id=${newestStudy(world).collectFilmId}&orderId=${order.orderNo}`, 'aiResult');
      await expect(page.getByTestId('ai-result-refused')).toBeVisible();
      await expect(page.locator(`a[href^="${EVIL_ORIGIN}"]`)).toHaveCount(0);
      await openScreen(page, '/aiOrder', 'aiOrder');
      await orderCard(page, order.orderNo).getByTestId('action-aiResult').click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await expectNothingRan(visitor, 'AI result: a page on an origin not allowed', REDIRECT);
    } finally {
      await stop();
    }
  });

  test('an H5 pay page on an origin the configuration does not allow', async ({ world }) => {
    const visitor = freshVisit(await world.patientPage());
    const { page } = visitor;
    const stop = await answerWith(page, ENDPOINTS.ai.GetWxPayParms, (result) => ({ ...result, h5_url: `${EVIL_ORIGIN}/pay` }));
    try {
      await openScreen(page, '/aiOrder?tab=toBePaid', 'aiOrder');
      await orderCard(page, aiOrder(world, 2).orderNo).getByTestId('action-pay').click();
      await expect(page.getByTestId('error-page').or(page.getByTestId('toast')).first()).toBeVisible();
      await expectNothingRan(visitor, 'H5 pay: a pay page on an origin not allowed', REDIRECT);
    } finally {
      await stop();
    }
  });

  test('the H5 pay page\'s way back: a stranger\'s address is refused, asked for or put in its link', async ({ world }) => {
    const visitor = freshVisit(await world.patientPage());
    const { page } = visitor;
    const order = aiOrder(world, 2);
    const payParams = (returnUrl: string) => callApi<{ h5_url: string }>(page, ENDPOINTS.ai.GetWxPayParms, { payway: 2, checkRecordId: order.checkRecordId, returnUrl });
    // Asked for: the sandbox will not make a pay page that returns elsewhere.
    const asked = await payParams(`${EVIL_ORIGIN}/`).then(
      () => 'made',
      (error: unknown) => String(error),
    );
    book.record(REDIRECT, 'H5 pay: a return address of a stranger\'s asked for', asked !== 'made');
    expect(asked).toMatch(/400/);
    // Put in the page's link: the page refuses, or its way back stays on the app.
    const genuine = (await payParams(new URL('/aiOrder', appOrigin()).href)).h5_url;
    for (const back of [`${EVIL_ORIGIN}/`, '//evil.example/x', 'javascript:alert(1)']) {
      const tampered = new URL(genuine);
      tampered.searchParams.set('redirect_url', back);
      await page.goto(tampered.href);
      await settleWherever(page);
      const cancel = page.getByRole('button', { name: /取消支付|Cancel payment/ });
      if (await cancel.count()) {
        await cancel.click();
        await settleWherever(page);
      }
      await expectNothingRan(visitor, `H5 pay: redirect_url=${back} put in the pay page's link`, REDIRECT);
    }
    // The genuine page: cancelled, the tab is back on the app.
    await page.goto(genuine);
    await page.getByRole('button', { name: /取消支付|Cancel payment/ }).click();
    await page.waitForURL((url) => url.origin === appOrigin() && url.pathname === '/aiOrder');
    await expectNothingRan(visitor, 'H5 pay: the genuine way back', REDIRECT);
  });

  test('the consultation service on an origin the configuration does not allow', async ({ world }) => {
    const visitor = freshVisit(await world.patientPage());
    const { page } = visitor;
    const stop = await answerWith(page, ENDPOINTS.haodafu.GetZjwzJumpUrl, () => ({ url: `${EVIL_ORIGIN}/consultation` }));
    try {
      await openScreen(page, byId('/diagnose')(world), 'diagnose');
      await expectNothingRan(visitor, 'consultation: a service on an origin not allowed', REDIRECT);
    } finally {
      await stop();
    }
  });

  test('a film bag link of a stranger\'s, typed in the scanner\'s stead', async ({ world }) => {
    const visitor = freshVisit(await world.guestPage());
    const { page } = visitor;
    for (const typed of [`${EVIL_ORIGIN}/sl/pic/qr/selfhelp?code=CT202601010001`, '//evil.example/sl/pic/qr/selfhelp?code=CT202601010001']) {
      await openScreen(page, '/index', 'index');
      await page.getByTestId('scan-entry').click();
      await page.getByTestId('scan-code-input').fill(typed);
      await page.getByTestId('scan-go').click();
      await settleWherever(page);
      await expectNothingRan(visitor, `scan entry: ${typed.slice(0, 24)}… typed`, REDIRECT);
    }
  });

  test("the viewer pointed at a stranger's archive asks it nothing (and sends no token)", async ({ world }) => {
    const visitor = freshVisit(await world.patientPage());
    const { page } = visitor;
    const query = new URLSearchParams({ wadourl: `${EVIL_ORIGIN}/wado`, studyuid: newestStudy(world).studyUid, hospid: 'DEMO001' });
    await openScreen(page, `/cloudFilm?${query.toString()}`, 'cloudFilm');
    await expectNothingRan(visitor, 'viewer: wadourl on a stranger\'s origin', REDIRECT);
  });
});

/**
 * Everything a browser keeps for the app's and the provider's origins, as JSON text: cookies (all
 * of the context's), and per origin localStorage, this tab's sessionStorage, every IndexedDB
 * database with every record of every store, Cache Storage with every cached request and body,
 * the service workers registered.
 */
async function dumpStorage(page: Page, origins: readonly string[]): Promise<Record<string, unknown>> {
  const dump: Record<string, unknown> = { cookies: await page.context().cookies() };
  for (const origin of origins) {
    // A page of that origin that runs nothing (the app's would start and write): a JSON document.
    if (new URL(page.url()).origin !== origin) await page.goto(origin === PROVIDER_ORIGIN ? `${origin}/.well-known/openid-configuration` : `${origin}/config.json`);
    dump[origin] = await page.evaluate(async () => {
      const read = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const indexedDb: Record<string, unknown> = {};
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const db = await read(indexedDB.open(name));
        const stores: Record<string, unknown> = {};
        for (const store of [...db.objectStoreNames]) {
          const tx = db.transaction(store, 'readonly').objectStore(store);
          stores[store] = { keys: await read(tx.getAllKeys()), values: await read(tx.getAll()) };
        }
        db.close();
        indexedDb[name] = stores;
      }
      const cacheStorage: Record<string, unknown> = {};
      for (const name of 'caches' in window ? await caches.keys() : []) {
        const cache = await caches.open(name);
        cacheStorage[name] = await Promise.all((await cache.keys()).map(async (request) => ({ url: request.url, body: await (await cache.match(request))?.text() })));
      }
      const serviceWorkers = 'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistrations()).map((one) => one.scope) : [];
      return {
        localStorage: Object.fromEntries(Object.entries(localStorage)),
        sessionStorage: Object.fromEntries(Object.entries(sessionStorage)),
        indexedDb,
        cacheStorage,
        serviceWorkers,
      };
    });
  }
  return dump;
}

/** Where in a dump a secret is: the paths of the values that hold it. */
function whereIn(dump: unknown, secret: string, path = ''): string[] {
  if (typeof dump === 'string') return dump.includes(secret) ? [path] : [];
  if (Array.isArray(dump)) return dump.flatMap((value, i) => whereIn(value, secret, `${path}[${i}]`));
  if (dump && typeof dump === 'object') return Object.entries(dump).flatMap(([key, value]) => [...(key.includes(secret) ? [`${path}.${key} (its name)`] : []), ...whereIn(value, secret, `${path}.${key}`)]);
  return [];
}

test.describe('storage after logout', () => {
  const PATIENT = DEMO_PATIENTS.find((one) => one.loginName === 'patient2')!;

  test('a patient uses the app, collects a study by SMS, signs out: no storage of the app or the provider holds anything of them', async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const context = await browser.newContext(contextOptions(testInfo.project.use));
    try {
      // The analytics service is down all along: the records of the session (with its order numbers
      // and the patient's login) wait in the outbox until the patient signs out.
      await context.route('**/api/V1.0/Analytics/Collect', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
      const page = await context.newPage();
      const app = new PatientApp(page);
      await app.signIn(PATIENT.loginName);
      const studies = demoStudyRecords().filter((one) => one.patient.loginName === PATIENT.loginName);
      type Film = { collectFilmId: string; studyUId: string };
      const films = (await callApi<{ rows: Film[] }>(page, ENDPOINTS.package.list, { pageIndex: 1, pageLength: 20 })).rows;
      const film = films[0]!;
      const detail = await callApi<{ imServerUrl: string; studyUId: string; orgCode: string }>(page, ENDPOINTS.package.HospitalStudyImageList, { CollectId: film.collectFilmId });

      // Used as a patient uses it: lists, a study, its images, its report, AI orders, a payment started and
      // abandoned, a package and its link, a share, the personal centre.
      for (const [address, route] of [['/Home', 'Home'], ['/myStudyList', 'myStudyList'], ['/myImageList', 'myImageList'], ['/imageList', 'imageList'], [`/index?id=${film.collectFilmId}`, 'index'], ['/personal', 'personal'], ['/modify', 'modify'], ['/downloadList', 'downloadList'], ['/storeOrder', 'storeOrder']] as const) {
        await openScreen(page, address, route);
      }
      await openScreen(page, `/cloudFilm?${new URLSearchParams({ wadourl: detail.imServerUrl, studyuid: detail.studyUId, hospid: detail.orgCode }).toString()}`, 'cloudFilm');
      await expect(page.getByTestId('viewer-scrubber')).toBeVisible({ timeout: 20_000 });
      await openScreen(page, '/aiOrder?tab=toBePaid', 'aiOrder');
      const orderCardToPay = page.getByTestId('order-card').filter({ has: page.getByTestId('action-pay') }).first();
      const payingOrder = (await orderCardToPay.getAttribute('data-order-id'))!;
      await orderCardToPay.getByTestId('action-pay').click();
      await page.waitForURL(/\/sandbox\/h5pay\//);
      const recordNo = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await page.getByRole('button', { name: /取消支付|Cancel payment/ }).click();
      await page.getByTestId('h5-dialog').getByRole('button', { name: /未支付|Not paid/ }).click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await openScreen(page, `/downloadFilm?id=${film.collectFilmId}`, 'downloadFilm');
      if (await page.getByTestId('package-request').count()) await page.getByTestId('package-request').click();
      await expect(page.getByTestId('package-ready')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('package-copy-link').click();
      const downloadLink = (await page.getByTestId('package-link').inputValue().catch(() => page.getByTestId('package-link').innerText()));
      const downloadToken = new URL(downloadLink).searchParams.get('token') ?? new URLSearchParams(new URL(downloadLink).hash.slice(1)).get('token')!;
      await openScreen(page, `/shareList?id=${film.collectFilmId}`, 'shareList');
      await page.getByTestId('share-create').click();
      const shareUrl = await page.getByTestId('share-url').innerText();
      const shareCode = new URL(shareUrl).searchParams.get('code')!;
      // Feedback begun and not sent (a draft, with the phone to answer on), a study to add begun in another tab.
      await openScreen(page, '/help?view=feedback', 'help');
      await page.getByTestId('feedback-content').fill('The film of my last study would not open.');
      await page.getByTestId('feedback-contact').fill(PATIENT.phone);
      await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length), { message: 'the feedback draft is kept' }).toBeGreaterThan(0);
      const otherTab = await context.newPage();
      await otherTab.goto('/addFilm');
      await expect(otherTab.getByTestId('collect-idCard')).toBeVisible();
      await otherTab.getByTestId('collect-idCard').fill(demoNationalId(PATIENT));
      await expect.poll(() => otherTab.evaluate(() => Object.values(sessionStorage).join(' ')), { message: 'the other tab keeps what was typed' }).toContain(demoNationalId(PATIENT));
      // ...and is left on a screen whose address names an order of the patient's.
      await openScreen(otherTab, `/aiStatus?orderId=${payingOrder}`, 'aiStatus');
      // And, as anyone may, collects a study with an SMS code: a study pass in the tab.
      await page.request.post(`/sandbox/test/verification/unlock?phone=${PATIENT.phone}`);
      await collectBySms(page, { nationalId: demoNationalId(PATIENT), phone: PATIENT.phone });
      await openScreen(page, `/index?id=${film.collectFilmId}`, 'index');

      const session = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
      const oidcUser = JSON.parse(Object.entries(session).find(([key]) => key.startsWith('oidc.user:'))![1]) as Record<string, string>;
      const parsed = (value: string): unknown => {
        try {
          return JSON.parse(value);
        } catch {
          return null;
        }
      };
      const pass = Object.values(session).map(parsed).find((value): value is { token: string } => typeof value === 'object' && value !== null && 'scope' in value && 'token' in value);
      expect(pass, 'a study pass in the tab before signing out').toBeTruthy();
      const orders = (await callApi<{ rows: Array<{ orderId: string }> }>(page, ENDPOINTS.ai.OrderList, { status: -1, pageIndex: 1, pageLength: 50 })).rows;

      await page.goto('/logout');
      await page.waitForURL((url) => url.origin === appOrigin() && url.pathname === '/index', { timeout: 20_000 });
      await expect(page.getByTestId('hub')).toBeVisible();
      await screenSettled(page);

      const secrets: Array<[kind: string, value: string]> = [
        ['name', PATIENT.name],
        ['login name', PATIENT.loginName],
        ['phone', PATIENT.phone],
        ['phone, masked', `${PATIENT.phone.slice(0, 3)}****${PATIENT.phone.slice(7)}`],
        ['national ID', demoNationalId(PATIENT)],
        ['medical record number', PATIENT.medicalRecordNo],
        ...studies.map((one): [string, string] => ['study UID', one.studyUid]),
        ...studies.map((one): [string, string] => ['accession number', one.accessionNumber]),
        ...orders.map((one): [string, string] => ['AI order number', one.orderId]),
        ['order paid for', payingOrder],
        ['payment record number', recordNo],
        ['share code', shareCode],
        ['download token', downloadToken],
        ['study pass token', pass!.token],
        ['access token', oidcUser.access_token!],
        ['refresh token', oidcUser.refresh_token!],
        ['ID token', oidcUser.id_token!],
      ];
      const dump = { tab: await dumpStorage(page, [appOrigin(), PROVIDER_ORIGIN]), otherTab: await dumpStorage(otherTab, [appOrigin()]) };
      // Kept with the test's results, to read what was there.
      const dumpFile = testInfo.outputPath('storage-after-logout.json');
      writeFileSync(dumpFile, JSON.stringify(dump, null, 1));
      await testInfo.attach('storage after logout', { path: dumpFile, contentType: 'application/json' });
      const found = secrets.flatMap(([kind, value]) => {
        const where = whereIn(dump, value);
        book.record(STORAGE, `after logout: the patient's ${kind}${kind.endsWith('number') || kind.endsWith('UID') ? ` ${value}` : ''}`, where.length === 0);
        return where.map((path) => `${kind} at ${path}`);
      });
      expect(found, 'what the browser still holds of the patient').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
