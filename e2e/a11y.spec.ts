import { createRequire } from 'node:module';
import { test as playwright, type Browser, type BrowserContext, type Page, type Request, type TestInfo } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import { demoNationalId, demoStudyRecords } from '../server/seed';
import { DEMO_PATIENTS } from '../server/demoData';
import { demoArchiveStudies } from '../server/dicom/studies';
import { HELP_ARTICLES } from '../server/helpContent';
import { CONSULTATION_PATH } from '../server/sandboxUrls';
import { ENDPOINTS } from '../src/shared/api/endpoints';
import { isPublicRoute, ROUTES, type RouteDef, type RouteName } from '../src/shared/navigation/routes';
import { DRAFT_PREFIX } from '../src/shared/state/drafts';
import { callApi, collectBySms, expect, FAILED_RESOURCE, PatientApp, PROVIDER_ORIGIN, screenSettled, standInForWeChat, test } from './fixtures';

/**
 * Accessibility (issue 22, "Must show" 7): axe-core on every screen of the route table, signed in
 * and signed out, in Chinese and in English, and on the pages a patient meets outside the app (the
 * provider's sign-in and sign-out pages, the H5 pay page, the consultation stand-in). Any serious or
 * critical violation of a WCAG 2.x A/AA rule fails, named by rule, element and how to fix it.
 *
 * The cases come from the route table: a new route gets a case by itself, and fails until
 * OPENINGS says how to open it (the type asks for it, and the generated case checks it).
 *
 * The whole walk runs in the phone project. axe reads the DOM and its styles, and inside WeChat they
 * are the same but for a few parts: so the WeChat project runs only the visits that show one (marked
 * `inWeChat`: the note that WeChat cannot save a download). Running the whole walk twice would double
 * its time on CI's two cores and find nothing new. The pages outside the app are phone pages: WeChat
 * pays in the app, and the provider's pages do not change with the browser.
 */

const LANGUAGES = ['zh-CN', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the issue asks for. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FAILING: ReadonlySet<ImpactValue> = new Set(['serious', 'critical']);
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PATIENT = 'patient1';

/** A study of patient1's by its date: ids grow in the order the sandbox seeds (server/seed.ts). */
const studyId = (date: string) => String(demoStudyRecords().findIndex((one) => one.patient.loginName === PATIENT && one.study.date === date) + 1);
const STUDY = {
  /** The newest: a CT with a report still to come. */
  newest: studyId('2026-11-18'),
  /** A CT with a finished lung-nodule analysis. */
  withAiResult: studyId('2026-02-09'),
  /** A radiograph (small to pack): its package gives the download pages their content. No other test packs it. */
  packed: studyId('2025-09-17'),
  /** Storage bought (and left unpaid) on the H5 pay page here. No other test buys its storage. */
  bought: studyId('2025-11-03'),
};
const viewerUid = demoArchiveStudies().find((study) => study.patientName === '张伟' && study.studyDate === '2026-11-18')!.studyUId;

/** What the walk needs that only exists once the sandbox runs: made once per worker, signed in as patient1. */
interface World {
  /** An AI order of patient1's under way. */
  orderInProgress: string;
  /** A share of patient1's newest study, opened once (its log has a line). */
  shareCode: string;
  shareId: string;
  /** The download link of a package of `STUDY.packed`. */
  downloadToken: string;
}

/**
 * How to open a route so that its screen shows real content. A route may need several visits
 * (with and without a study), and may say it is no page (with the reason).
 */
interface Visit {
  /** What this visit shows, when a route has more than one. */
  label?: string;
  query?: (world: World) => string;
  /** The address's fragment (a download link's token). */
  hash?: (world: World) => string;
  /** Session storage the screen needs (a collect draft, a study pass). */
  session?: (worker: WorkerData) => Promise<Record<string, string>>;
  /** A part (test id) that shows the screen is in the state to check. */
  shows?: string;
  /** In one sign-in state only (a public route whose data is the account's asks a visitor to sign in). */
  only?: 'signedIn' | 'signedOut';
  /** Shows something only WeChat's browser shows: the WeChat project checks it too. */
  inWeChat?: true;
  /** What the patient does next to reach the states to check; `check` checks one on the way. */
  then?: (page: Page, check: (label: string) => Promise<void>) => Promise<void>;
}
type Opening = readonly Visit[] | { notAPage: string };

/** What verification needs: a code sent (a collect draft, as newCheck leaves it). Without one it sends the visitor back to newCheck. */
const CODE_SENT = {
  [`${DRAFT_PREFIX}collect.guest`]: JSON.stringify({
    fields: {},
    sent: { verificationId: 'a11y-walk', phoneMasked: '137****1111', codeLength: 6, resendAfterSeconds: 60 },
    code: '',
  }),
};

const withStudy = (label = 'a study') => ({ label, query: () => `id=${STUDY.newest}` });
const pass = (worker: WorkerData) => worker.collectPass();
const viewerQuery = () => new URLSearchParams({ wadourl: `${baseUrl()}/sandbox/wado`, studyuid: viewerUid, hospid: 'DEMO001' }).toString();
/** A visitor without an account who collected patient1's studies by SMS: a study pass opens them. */
const guest = { session: pass, only: 'signedOut' } as const;

const OPENINGS: Record<RouteName, Opening> = {
  index: [
    { label: 'entry page' },
    { label: 'film detail', query: () => `id=${STUDY.newest}`, shows: 'film-detail', only: 'signedIn' },
    { label: 'film detail, with a study pass', query: () => `id=${STUDY.newest}`, shows: 'film-detail', ...guest },
  ],
  Home: [{}],
  checking: [{ session: pass, shows: 'checking' }],
  checkList: [{ session: pass, shows: 'check-list' }],
  imageList: [{}],
  // Public paths whose lists are the account's: signed out they ask to sign in (the sign-in page is checked below).
  myImageList: [{ only: 'signedIn' }],
  myStudyList: [{ only: 'signedIn' }],
  customHDImageList: [{ label: 'choose a study' }, withStudy()],
  electronicFilm: [{ label: 'choose a study' }, withStudy()],
  medicalTag: [{ label: 'choose a study', only: 'signedIn' }, { ...withStudy(), only: 'signedIn' }, { ...withStudy('a study, with a study pass'), ...guest }],
  addFilm: [{}],
  newCheck: [{}],
  verification: [{ session: async () => CODE_SENT, shows: 'collect-code' }],
  shareList: [
    { label: 'shares' },
    { label: 'share a study', query: () => `id=${STUDY.newest}` },
    { label: "a share's openings", query: (world) => `share=${world.shareId}`, shows: 'share-opening' },
  ],
  shareCode: [{ query: (world) => `code=${encodeURIComponent(world.shareCode)}`, shows: 'share-preview' }],
  storeOrder: [{}],
  imageStore: [{ label: 'every study' }, { label: 'plans of a study', query: () => `id=${STUDY.newest}`, shows: 'storage-choose-first' }],
  aiOrder: [{}],
  aiApply: [{ label: 'choose a study' }, withStudy('channels of a study')],
  aiResult: [{ query: () => `id=${STUDY.withAiResult}` }],
  aiStatus: [{ query: (world) => `orderId=${encodeURIComponent(world.orderInProgress)}` }],
  diagnose: [
    {
      label: 'what is sent, the consultation service and back',
      then: async (page, check) => {
        const leave = page.getByTestId('diagnose-leave');
        await expect(leave).toBeVisible();
        await check('what the consultation service is sent, before leaving');
        await leave.getByRole('button', { name: /继续|Continue/ }).click();
        await page.waitForURL((url) => url.pathname.startsWith(CONSULTATION_PATH));
        await check('the consultation service (sandbox page)');
        await page.goBack();
        await expect(page.getByTestId('diagnose-back')).toBeVisible();
      },
    },
  ],
  help: [{ label: 'questions' }, { label: 'feedback', query: () => 'view=feedback' }],
  helpDetail: [{ query: () => `id=${encodeURIComponent(HELP_ARTICLES[0]!.questionId)}` }],
  personal: [{}],
  modify: [{}],
  about: [{}],
  deel: [{}],
  experience: [{ shows: 'experience' }],
  // The study listed: the whole viewer (series, canvas, progress, tools) is on screen.
  cloudFilm: [
    { query: viewerQuery, shows: 'viewer-scrubber', only: 'signedIn' },
    { label: 'with a study pass', query: viewerQuery, shows: 'viewer-scrubber', ...guest },
  ],
  downloadFilm: [
    { label: 'a package ready', query: () => `id=${STUDY.packed}`, shows: 'package-ready', only: 'signedIn', inWeChat: true },
    { label: 'a package ready, with a study pass', query: () => `id=${STUDY.packed}`, shows: 'package-ready', ...guest },
  ],
  // The link keeps its token in the fragment, which no server sees.
  downloadLink: [{ hash: (world) => `token=${encodeURIComponent(world.downloadToken)}`, shows: 'download-received', inWeChat: true }],
  downloadList: [{}],
  error: [{ query: () => 'code=500' }],
  errorStop: [{}],
  // Opened with no sign-in problem the page goes on (issue 24 §7): a real cancel at the provider shows it.
  'oidc-error': [
    {
      label: 'a sign-in cancelled at the provider',
      only: 'signedOut',
      then: async (page, check) => {
        await page.getByTestId('hub-visitor-entry-sign-in').click();
        await new PatientApp(page).cancelSignIn();
        await expect(page.getByTestId('sign-in-cancelled')).toBeVisible();
        await screenSettled(page);
        await check('the calm page after a cancelled sign-in');
      },
    },
  ],
  oidcIndex: { notAPage: 'sends the visitor on: to Home signed in, to the sign-in page signed out (checked below)' },
  logout: { notAPage: 'a spinner while it leaves for the provider: its sign-out page is checked below, on the way out' },
  'oidc-callback': { notAPage: 'the sign-in protocol: the library reads the code there and moves on' },
  'oidc-slient-renew': { notAPage: "the sign-in protocol: only the library's hidden frame loads it" },
};

let configuredBaseUrl = '';
const baseUrl = () => configuredBaseUrl;

type ProjectUse = TestInfo['project']['use'];
function contextOptions(use: ProjectUse) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale } = use;
  return { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, bypassCSP: true };
}

/** A page of the walk, what went wrong in it (console errors, unhandled rejections) since the test began, and its requests under way. */
interface WalkPage {
  page: Page;
  problems: string[];
  inFlight: Set<Request>;
}

/**
 * Per worker, each made when first asked for: one page per sign-in state and language, loaded once
 * and then moved from screen to screen inside the app as a patient moves (each signed-in one signs
 * in once); the world; a study pass.
 */
interface WorkerData {
  walkPage(signedIn: boolean, language: Language): Promise<WalkPage>;
  world(): Promise<World>;
  collectPass(): Promise<Record<string, string>>;
}

/**
 * The walk's own test: its pages are the worker's, so it leaves out the per-test page (and its
 * context) that the project's fixtures would open for nothing; it watches its pages itself.
 */
const walk = playwright.extend<{ signedIn: boolean; language: Language; walkPage: WalkPage }, { worker: WorkerData }>({
  signedIn: [false, { option: true }],
  language: ['zh-CN', { option: true }],
  worker: [
    async ({ browser }, provide, workerInfo) => {
      configuredBaseUrl = workerInfo.project.use.baseURL ?? '';
      const options = contextOptions(workerInfo.project.use);
      const contexts: BrowserContext[] = [];
      const open = async (signedIn: boolean, language: Language): Promise<WalkPage> => {
        const context = await browser.newContext({ ...options, locale: language });
        contexts.push(context);
        if (workerInfo.project.name === 'wechat') await standInForWeChat(context);
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        const inFlight = new Set<Request>();
        page.on('request', (request) => inFlight.add(request));
        page.on('requestfinished', (request) => inFlight.delete(request));
        page.on('requestfailed', (request) => inFlight.delete(request));
        // A worker ended while its script was still coming (the viewer left at once) has that request
        // neither finished nor failed in Playwright's events: it is over with the worker.
        page.on('worker', (worker) =>
          worker.on('close', () => {
            for (const request of inFlight) if (request.url() === worker.url()) inFlight.delete(request);
          }),
        );
        if (signedIn) await new PatientApp(page).signIn(PATIENT);
        return { page, problems, inFlight };
      };
      const pages = new Map<string, Promise<WalkPage>>();
      const walkPage = (signedIn: boolean, language: Language) => {
        const key = `${signedIn} ${language}`;
        if (!pages.has(key)) pages.set(key, open(signedIn, language));
        return pages.get(key)!;
      };
      let world: Promise<World> | null = null;
      let collectPass: Promise<Record<string, string>> | null = null;
      await provide({
        walkPage,
        world: () => (world ??= walkPage(true, LANGUAGES[0]).then(({ page }) => prepareWorld(page))),
        collectPass: () => (collectPass ??= collectAsGuest(browser, options)),
      });
      for (const context of contexts) await context.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  walkPage: async ({ worker, signedIn, language }, provide) => {
    const walkPage = await worker.walkPage(signedIn, language);
    walkPage.problems.length = 0;
    await provide(walkPage);
    expect(walkPage.problems, 'console errors or unhandled rejections').toEqual([]);
  },
});

const sessionStorageOf = (page: Page) => page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));


async function prepareWorld(page: Page): Promise<World> {
  // The study's package if a worker before this one asked for it, else a new one: it packs meanwhile.
  const task =
    (await callApi<{ taskId: string } | null>(page, ENDPOINTS.filmDown.ExeitPackageTask, { collectFilmId: STUDY.packed })) ??
    (await callApi<{ taskId: string }>(page, ENDPOINTS.filmDown.AddPackageTask, { collectFilmId: STUDY.packed, format: 'jpeg', desensitize: false }));
  const share = await callApi<{ code: string; accessCode: string; shareId: string }>(page, ENDPOINTS.share.create, { collectFilmId: STUDY.newest, days: 7 });
  await callApi(page, ENDPOINTS.share.info, { code: share.code, accessCode: share.accessCode });
  await page.goto('/aiOrder?tab=inProgress');
  const orderInProgress = (await page.getByTestId('order-card').first().getAttribute('data-order-id'))!;
  await expect
    .poll(async () => (await callApi<{ state: string }>(page, ENDPOINTS.filmDown.QueryPackageTask, { taskId: task.taskId })).state, { message: 'the package is made', timeout: 30_000 })
    .toBe('ready');
  const link = await callApi<{ url: string }>(page, ENDPOINTS.filmDown.CopyDownUrl, { taskId: task.taskId });
  return { orderInProgress, shareCode: share.code, shareId: share.shareId, downloadToken: new URLSearchParams(new URL(link.url).hash.slice(1)).get('token')! };
}

/** A study pass as a visitor without an account gets one: national ID, image code, SMS code (patient1's, whom no collect test uses). */
async function collectAsGuest(browser: Browser, options: ReturnType<typeof contextOptions>): Promise<Record<string, string>> {
  const patient = DEMO_PATIENTS.find((one) => one.loginName === PATIENT)!;
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await collectBySms(page, { nationalId: demoNationalId(patient), phone: patient.phone });
    // The pass alone (src/shared/session/studyPass.ts): the rest of the guest's tab is not the walk's.
    const isPass = (value: string) => {
      try {
        return (JSON.parse(value) as { scope?: unknown }).scope === 'collect';
      } catch {
        return false;
      }
    };
    const pass = Object.entries(await sessionStorageOf(page)).filter(([, value]) => isPass(value));
    expect(pass, 'a study pass in session storage').toHaveLength(1);
    return Object.fromEntries(pass);
  } finally {
    await context.close();
  }
}

interface Violation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; summary: string }>;
}

/** Runs axe-core on the page (and its frames) and keeps what WCAG 2.x A/AA rules find. */
async function axeViolations(page: Page): Promise<Violation[]> {
  for (const frame of page.frames()) {
    // Once per document: the walk's pages keep theirs from screen to screen.
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.addScriptTag({ path: AXE_SOURCE }).catch(() => undefined);
  }
  // A colour in the middle of its transition (a button turning from disabled to enabled) is not
  // what the patient reads: the contrast is measured once every finite animation has ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
    id,
    impact,
    help,
    helpUrl,
    nodes: nodes.map((node) => ({ target: node.target.map(String).join(' >>> '), summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
  }));
}

function describeViolations(where: string, violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const shown = violation.nodes.slice(0, 6).map((node) => `      - ${node.target}\n        ${node.summary}`);
      const more = violation.nodes.length > shown.length ? [`      (and ${violation.nodes.length - shown.length} more)`] : [];
      return [`  ${where}`, `    ${violation.id} (${violation.impact}): ${violation.help}`, `    ${violation.helpUrl}`, ...shown, ...more].join('\n');
    })
    .join('\n');
}

/** Checks pages one after another in a test, and fails at its end with every serious or critical violation found, readably. */
class Checker {
  private readonly failures: string[] = [];
  private readonly lesser: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  async check(where: string) {
    const violations = await axeViolations(this.page);
    const failing = violations.filter((violation) => violation.impact && FAILING.has(violation.impact));
    if (failing.length) this.failures.push(describeViolations(`${where} — ${this.page.url()}`, failing));
    for (const violation of violations.filter((v) => !failing.includes(v))) this.lesser.push(`${where}: ${violation.id} (${violation.impact}) x${violation.nodes.length}`);
  }

  finish() {
    // Moderate and minor findings do not fail, but are kept with the test.
    for (const note of this.lesser) this.testInfo.annotations.push({ type: 'axe (not failing)', description: note });
    if (this.failures.length) throw new Error(`Serious or critical accessibility violations (WCAG 2.x A/AA):\n${this.failures.join('\n')}`);
  }
}

const STATES = [
  { signedIn: false, name: 'signed out' },
  { signedIn: true, name: 'signed in' },
] as const;

/** Whether the page shows the app (not a provider's or the sandbox's page, not a blank tab). */
const showsApp = async (page: Page) => new URL(page.url()).origin === new URL(baseUrl()).origin && (await page.locator('[data-route]').count()) > 0;

/**
 * Opens an address of the app in the walk's page: inside the app when it shows, as a tap on a link
 * would (no reload: the session, the language and the loaded code stay), else by loading it in the
 * walk's language.
 */
async function openInApp(page: Page, address: string, language: Language) {
  if (!(await showsApp(page))) {
    const url = new URL(address, 'http://app.invalid');
    url.searchParams.set('lang', language);
    await page.goto(`${url.pathname}${url.search}${url.hash}`);
    return;
  }
  await page.evaluate((to) => {
    // An entry as React Router writes its own, so it reads the move as any other.
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `a11y${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, address);
}

/** Puts entries in the app's session storage for one visit; the returned function takes them out again. */
async function keepInSession(page: Page, entries: Record<string, string>, language: Language): Promise<() => Promise<void>> {
  if (Object.keys(entries).length === 0) return async () => {};
  if (!(await showsApp(page))) await openInApp(page, ROUTE_INDEX, language);
  await page.evaluate((values) => Object.entries(values).forEach(([key, value]) => sessionStorage.setItem(key, value)), entries);
  return async () => {
    if (await showsApp(page)) await page.evaluate((keys) => keys.forEach((key) => sessionStorage.removeItem(key)), Object.keys(entries));
  };
}
const ROUTE_INDEX = ROUTES.find((route) => route.name === 'index')!.path;
/** The about page: it makes no call. */
const ROUTE_QUIET = ROUTES.find((route) => route.name === 'about')!.path;

/** The visits the WeChat project runs too (see the top of this file). */
const IN_WECHAT = '@inWeChat';
walk.beforeEach(() => walk.skip(walk.info().project.name === 'wechat' && !walk.info().tags.includes(IN_WECHAT), 'the same DOM as on the phone'));

/**
 * The walk's cases: every visit of every route the filter keeps, in each language and sign-in state
 * (signed out, only the routes open without a session).
 */
function walkCases(keep: (visit: Visit | undefined) => boolean) {
  for (const language of LANGUAGES) {
    for (const state of STATES) {
      walk.describe(`${state.name}, ${language}`, () => {
        walk.use({ language, signedIn: state.signedIn });
        walk.describe.configure({ timeout: 75_000 });

        for (const route of ROUTES) {
          const opening: Opening | undefined = OPENINGS[route.name];
          if (opening && 'notAPage' in opening) continue;
          if (!state.signedIn && !isPublicRoute(route)) continue;
          for (const visit of opening ?? [undefined]) {
            if (!keep(visit) || (visit?.only && visit.only !== (state.signedIn ? 'signedIn' : 'signedOut'))) continue;
            walkCase(route, visit, state, language);
          }
        }
      });
    }
  }
}

function walkCase(route: RouteDef, visit: Visit | undefined, state: (typeof STATES)[number], language: Language) {
  const title = `${route.name}${visit?.label ? ` (${visit.label})` : ''}`;
  walk(title, { tag: visit?.inWeChat ? [IN_WECHAT] : [] }, async ({ walkPage: { page, inFlight }, worker }, testInfo) => {
    if (!visit) throw new Error(`The route "${route.name}" has no way to open it: give it an entry in OPENINGS (e2e/a11y.spec.ts).`);
    const world = await worker.world();
    const query = visit.query?.(world);
    const hash = visit.hash?.(world);
    const address = `${route.path}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
    const forget = await keepInSession(page, visit.session ? await visit.session(worker) : {}, language);
    try {
      const checker = new Checker(page, testInfo);
      await openInApp(page, address, language);
      if (visit.then) await visit.then(page, (label) => checker.check(label));
      else await expect(page.locator(`[data-route="${route.name}"]`), `${address} shows its own screen`).toBeVisible();
      // The first visit to a screen may wait for its code (the viewer's is large) on a busy machine:
      // with the other worker's viewer fetching a whole study (images are not kept by the browser:
      // private, no-store), the viewer's chunk was seen to take 20 s.
      if (visit.shows) await expect(page.getByTestId(visit.shows).first(), `${address} shows ${visit.shows}`).toBeVisible({ timeout: 40_000 });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `${address} in ${language}` }).toBe(language);
      await screenSettled(page, `${address} [${language}]`);
      // Everything it asked for in as well (pictures the sandbox draws on first asking, above all):
      // the patient sees them, and a request under way holds one of the browser's six connections to
      // the app, which the next screen's code would wait for.
      await expect
        .poll(() => [...inFlight].map((request) => request.url()), { message: `${address}: its requests end`, timeout: 30_000 })
        .toEqual([]);
      await checker.check(`${title} [${state.name}, ${language}]`);
      checker.finish();
    } finally {
      // Off the screen before its session entries go: a screen still loading (the viewer's images)
      // would otherwise ask on without the pass, and the next visit would see its refusals. The
      // screen left to is one that asks for nothing (the hub would fetch the study's pictures).
      if (visit.session && (await showsApp(page))) {
        await openInApp(page, ROUTE_QUIET, language);
        await expect.poll(() => inFlight.size, { message: 'the requests of the screen left end', timeout: 15_000 }).toBe(0);
      }
      await forget();
    }
  });
}

const needsPass = (visit: Visit | undefined) => visit?.session === pass;
walkCases((visit) => !needsPass(visit));

/**
 * The visits with a study pass, in one worker one after another: the pass comes from an SMS code
 * to patient1's phone, and two verifications of one phone at once would spoil each other (and meet
 * the per-phone limits). One code per run.
 */
walk.describe('with a study pass', () => {
  walk.describe.configure({ mode: 'default' });
  walkCases(needsPass);
});

/**
 * The pages a patient meets outside the app. They say everything in Chinese and English at once,
 * whatever the browser's language, so each is checked once.
 */
test.describe('outside the app', () => {
  test.use({ bypassCSP: true });
  test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'phone pages (see the top of this file)'));
  test.describe('the identity provider', () => {
    test('the sign-in page, as a login-required route or the start page sends a visitor there, and after a wrong password', async ({ page }, testInfo) => {
      const checker = new Checker(page, testInfo);
      await page.goto('/');
      await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
      await expect(page.locator('#login')).toBeVisible();
      await checker.check('sign-in page');
      // A login name no one has: its lock (if any) touches no account another test signs in with.
      await page.locator('#login').fill('a11y-nobody');
      await page.locator('#password').fill('not-the-password');
      await page.getByRole('button', { name: /登录|Sign in/ }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await checker.check('sign-in page, wrong password');
      checker.finish();
    });

    test('signing out: the sign-out page, then the app signed out; and the signed-out page', async ({ page }, testInfo) => {
      const checker = new Checker(page, testInfo);
      // A session of its own: signing out ends it at the provider.
      const app = new PatientApp(page);
      await app.signIn(PATIENT);
      // Without its script the sign-out page stays, as it does for a browser without JavaScript.
      await page.route(`${PROVIDER_ORIGIN}/**/*.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      await page.goto('/logout');
      await page.waitForURL((url) => url.origin === PROVIDER_ORIGIN);
      await expect(page.locator('#sign-out')).toBeVisible();
      await checker.check('sign-out page');
      await page.locator('#sign-out').click();
      await page.waitForURL((url) => url.origin !== PROVIDER_ORIGIN);
      await expect(page.getByTestId('hub')).toBeVisible();
      await screenSettled(page);
      await checker.check('the app after signing out');
      // Signing out at the provider without coming from the app ends on its signed-out page.
      await page.goto(`${PROVIDER_ORIGIN}/session/end`);
      const back = page.getByRole('link', { name: /返回电子云胶片|Back to Cloud Film/ });
      await expect(back.or(page.locator('#sign-out'))).toBeVisible();
      if (await page.locator('#sign-out').isVisible()) await page.locator('#sign-out').click();
      await expect(back).toBeVisible();
      await checker.check('signed-out page');
      checker.finish();
    });

    test.describe('pages of a sign-in gone wrong', () => {
      test.use({ allowConsoleErrors: FAILED_RESOURCE });
      test('an expired sign-in, and an error', async ({ page }, testInfo) => {
        const checker = new Checker(page, testInfo);
        await page.goto(`${PROVIDER_ORIGIN}/interaction/a11y-expired`);
        await expect(page.getByRole('link', { name: /返回电子云胶片|Back to Cloud Film/ })).toBeVisible();
        await checker.check('sign-in expired page');
        await page.goto(`${PROVIDER_ORIGIN}/auth?client_id=a11y-unknown&response_type=code&scope=openid`);
        await expect(page.getByRole('link', { name: /返回电子云胶片|Back to Cloud Film/ })).toBeVisible();
        await checker.check('provider error page');
        checker.finish();
      });
    });
  });

  test.describe('paying on the H5 pay page', () => {
    test('the confirmation, the pay page, and the question on coming back', async ({ page }, testInfo) => {
      const checker = new Checker(page, testInfo);
      await new PatientApp(page).signIn(PATIENT);
      await page.goto(`/imageStore?id=${STUDY.bought}`);
      await page.getByRole('radio').first().click();
      await page.getByTestId('storage-buy').click();
      await expect(page.getByTestId('storage-confirm')).toBeVisible();
      await checker.check('storage purchase, confirmation');
      await page.getByTestId('storage-confirm').getByRole('button', { name: /确认支付|^Pay$/ }).click();
      await page.waitForURL(/\/sandbox\/h5pay\//);
      await checker.check('H5 pay page');
      await page.getByRole('button', { name: /取消支付|Cancel payment/ }).click();
      await page.waitForURL(/\/imageStore\?id=/);
      await expect(page.getByTestId('h5-dialog')).toBeVisible();
      await checker.check('coming back from the pay page');
      await page.getByTestId('h5-dialog').getByRole('button', { name: /未支付|Not paid/ }).click();
      await expect(page.getByTestId('toast')).toBeVisible();
      await checker.check('the outcome toast');
      checker.finish();
    });
  });
});
