import type { Page } from '@playwright/test';
import { demoStudyRecords } from '../server/seed';
import { ROUTES, type RouteName } from '../src/shared/navigation/routes';
import { DRAFT_PREFIX } from '../src/shared/state/drafts';
import { expect, PatientApp, test } from './fixtures';
import { measureLayout } from './patientEyes';

/**
 * "English fits a phone": every screen of the route table, at the narrowest phone we support, in
 * both languages. A button, tab or link label never wraps onto a second line or spills out of its
 * own box, and nothing reaches past the right edge of the screen. A screen joins this walk by being
 * in the route table.
 */
const WIDTH = 320;
const LANGUAGES = ['en', 'zh-CN'] as const;

/**
 * Routes that are no page to look at: the sign-in protocol pages (callback, silent renew), sign-out
 * (it ends the session this walk runs in), `/`, which only sends the visitor on, and the sign-in
 * problem page, which opened with no sign-in under way goes on too (issue 24 §7): the journeys
 * (e2e/journeys.spec.ts) measure it after a real cancel, in both languages.
 */
const NOT_A_PAGE: ReadonlySet<RouteName> = new Set(['logout', 'oidcIndex', 'oidc-error']);
interface PageToMeasure {
  path: string;
  name: RouteName;
  /** Session storage the screen needs to show itself rather than send the visitor on. */
  session?: Readonly<Record<string, string>>;
  /** A part (test id) that shows the screen is in the state meant to be measured. */
  shows?: string;
}

/**
 * What verification needs: a code sent (a collect draft, as newCheck leaves it). Without one it
 * sends the visitor back to newCheck at once, and the walk would measure that page, or nothing.
 */
const CODE_SENT: PageToMeasure['session'] = {
  [`${DRAFT_PREFIX}collect.guest`]: JSON.stringify({
    fields: {},
    sent: { verificationId: 'layout-walk', phoneMasked: '137****1111', codeLength: 6, resendAfterSeconds: 60 },
    code: '',
  }),
};

const PAGES: PageToMeasure[] = ROUTES.filter((route) => !route.protocol && !NOT_A_PAGE.has(route.name)).map(({ path, name }) => ({
  path,
  name,
  ...(name === 'verification' && { session: CODE_SENT, shows: 'collect-code' }),
}));

/** A study of patient1's by its date: ids grow in the order the sandbox seeds (server/seed.ts). */
const studyId = (date: string) => demoStudyRecords().findIndex((one) => one.patient.loginName === 'patient1' && one.study.date === date) + 1;

/**
 * Screens a route shows only with a query: the film detail, one study's storage and AI channels,
 * an AI result and an order's progress, feedback. The order is the first one under way.
 */
async function pagesWithQuery(page: Page): Promise<PageToMeasure[]> {
  await page.goto('/aiOrder?tab=inProgress');
  const orderId = await page.getByTestId('order-card').first().getAttribute('data-order-id');
  const newest = studyId('2026-11-18');
  return [
    { path: `/index?id=${newest}`, name: 'index' },
    { path: `/imageStore?id=${newest}`, name: 'imageStore' },
    { path: `/aiApply?id=${newest}`, name: 'aiApply' },
    { path: `/aiResult?id=${studyId('2026-02-09')}`, name: 'aiResult' },
    { path: `/aiStatus?orderId=${orderId}`, name: 'aiStatus' },
    { path: '/help?view=feedback', name: 'help' },
  ];
}

test.use({ viewport: { width: WIDTH, height: 740 } });

test.describe('English fits a phone', () => {
  test.beforeEach(() => test.skip(test.info().project.name !== 'phone', 'one phone profile is enough for layout'));

  test(`no label wraps and nothing overflows at ${WIDTH} px, on every screen, in ${LANGUAGES.join(' and ')}`, async ({ page }) => {
    test.setTimeout((PAGES.length + 6) * LANGUAGES.length * 4_000 + 30_000);
    const app = new PatientApp(page);
    await app.signIn();
    // diagnose leaves the app for the consultation service: measure its refusal page instead.
    await page.route('**/api/**/GetZjwzJumpUrl*', (route) => route.fulfill({ json: { statusCode: 200, message: 'ok', result: { url: 'https://consult.example.net/zjwz' } } }));
    const pages = [...PAGES, ...(await pagesWithQuery(page))];
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      for (const route of pages) {
        await openSettled(page, route, lang);
        const found = await page.evaluate(measureLayout, WIDTH);
        // The same label on every card is one problem, said once with its count.
        for (const problem of new Set(found)) {
          const times = found.filter((p) => p === problem).length;
          problems.push(`${route.path} (${route.name}) [${lang}]: ${problem}${times > 1 ? ` (x${times})` : ''}`);
        }
      }
    }
    expect(problems, `layout problems at ${WIDTH} px:\n${problems.join('\n')}`).toEqual([]);
  });
});

/** Opens a route in a language and waits until the screen has settled: no skeleton, no spinner, fonts in. */
async function openSettled(page: Page, route: PageToMeasure, lang: string) {
  // Written as the route's own document starts, not into the page before it: that page (newCheck,
  // before verification) still saves its own collect draft while it lives, and on a loaded machine
  // its last save came after ours.
  if (route.session) {
    await page.addInitScript(
      ({ path, entries }) => {
        if (location.pathname === path) Object.entries(entries).forEach(([key, value]) => sessionStorage.setItem(key, value));
      },
      { path: route.path.split('?')[0]!, entries: route.session },
    );
  }
  await page.goto(`${route.path}${route.path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`);
  await expect(page.locator(`[data-route="${route.name}"]`), `${route.path} shows its own screen`).toBeVisible();
  if (route.shows) await expect(page.getByTestId(route.shows), `${route.path} shows ${route.shows}`).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `${route.path} in ${lang}` }).toBe(lang);
  await expect
    .poll(() => page.evaluate(isSettled), { message: `${route.path} [${lang}] settles (no skeleton or busy indicator)`, intervals: [50, 100, 100, 200] })
    .toBe(true);
  // Settled twice in a row, a frame apart: a chunk or an answer that arrives just now gets its turn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect.poll(() => page.evaluate(isSettled), { intervals: [50, 100, 200] }).toBe(true);
}

/** Runs in the page: the screen has content and nothing on it is still loading. */
async function isSettled(): Promise<boolean> {
  await document.fonts.ready;
  const main = document.querySelector('main');
  const loading = document.querySelector('[data-testid="skeleton"], [data-testid="busy"], [aria-busy="true"], [data-state="loading"]');
  return !!main && main.childElementCount > 0 && !loading;
}
