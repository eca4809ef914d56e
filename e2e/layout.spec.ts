import type { Page } from '@playwright/test';
import { demoStudyRecords } from '../server/seed';
import { ROUTES, type RouteName } from '../src/shared/navigation/routes';
import { DRAFT_PREFIX } from '../src/shared/state/drafts';
import { expect, PatientApp, test } from './fixtures';

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
 * (it ends the session this walk runs in) and `/`, which only sends the visitor on.
 */
const NOT_A_PAGE: ReadonlySet<RouteName> = new Set(['logout', 'oidcIndex']);
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
  if (route.session) await page.evaluate((entries) => Object.entries(entries).forEach(([key, value]) => sessionStorage.setItem(key, value)), route.session);
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

/**
 * Runs in the page: what does not fit at this width, one line each, naming the element by its text.
 * - the document is wider than the screen;
 * - an element reaches past the left or right edge (unless a scrolling or clipping box holds it);
 * - a button, tab or link label spans more than one line box, or runs outside its own box.
 */
function measureLayout(width: number): string[] {
  const problems: string[] = [];
  const viewport = Math.min(width, window.innerWidth, document.documentElement.clientWidth);
  const slack = 0.5;

  const describe = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const name = text || element.getAttribute('aria-label') || element.getAttribute('data-testid') || '';
    const testId = element.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}> "${name.length > 60 ? `${name.slice(0, 57)}...` : name}"`;
  };
  const isShown = (element: Element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    // The visually hidden pattern (a 1 px clipped box) is for screen readers, not the eye.
    return box.width > 1 && box.height > 1;
  };
  /** Inside a box that scrolls or clips sideways (below body): that box, not the page, holds it. */
  const heldByScroller = (element: Element) => {
    for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== 'visible') return true;
    }
    return false;
  };

  const { scrollWidth } = document.documentElement;
  if (scrollWidth > viewport + slack) problems.push(`the page is ${scrollWidth} px wide, wider than the ${viewport} px screen`);

  const overflowing = new Set<Element>();
  for (const element of document.body.querySelectorAll('*')) {
    if (!isShown(element) || heldByScroller(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.right > viewport + slack || box.left < -slack) overflowing.add(element);
  }
  // Name the innermost culprits, not every ancestor they push out.
  for (const element of overflowing) {
    if ([...overflowing].some((other) => other !== element && element.contains(other))) continue;
    const box = element.getBoundingClientRect();
    problems.push(`${describe(element)} overflows the screen sideways (left ${box.left.toFixed(1)}, right ${box.right.toFixed(1)} of ${viewport} px)`);
  }

  /**
   * A label's own text: text directly in the element or in phrasing content inside it laid out
   * inline. A card that is a link or a button as a whole (a storage plan, an AI channel) lays its
   * parts out as blocks: those are paragraphs, not a label, and may wrap.
   */
  const PHRASING = new Set(['SPAN', 'STRONG', 'B', 'EM', 'I', 'SMALL', 'ABBR', 'BDI', 'BDO', 'CODE', 'DATA', 'TIME', 'MARK', 'S', 'U', 'SUB', 'SUP', 'KBD', 'Q', 'LABEL']);
  const labelTexts = (element: Element): Text[] => {
    const texts: Text[] = [];
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim()) texts.push(child as Text);
        else if (child instanceof Element && PHRASING.has(child.tagName) && getComputedStyle(child).display.startsWith('inline')) walk(child);
      }
    };
    walk(element);
    return texts;
  };
  /** Line boxes the rects sit on: rects that share most of their height share a line. */
  const lineCount = (rects: DOMRect[]) => {
    const lines: { top: number; bottom: number }[] = [];
    for (const rect of [...rects].sort((a, b) => a.top - b.top)) {
      const line = lines.find((l) => Math.min(l.bottom, rect.bottom) - Math.max(l.top, rect.top) > 0.5 * Math.min(l.bottom - l.top, rect.height));
      if (line) {
        line.top = Math.min(line.top, rect.top);
        line.bottom = Math.max(line.bottom, rect.bottom);
      } else lines.push({ top: rect.top, bottom: rect.bottom });
    }
    return lines.length;
  };

  const labels = document.querySelectorAll('button, [role="tab"], [role="button"], a[href], [role="link"]');
  for (const element of labels) {
    if (!isShown(element)) continue;
    const rects: DOMRect[] = [];
    for (const text of labelTexts(element)) {
      const range = document.createRange();
      range.selectNodeContents(text);
      rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5));
    }
    if (rects.length === 0) continue;
    const lines = lineCount(rects);
    if (lines > 1) problems.push(`label ${describe(element)} wraps onto ${lines} lines`);
    const box = element.getBoundingClientRect();
    const left = Math.min(...rects.map((rect) => rect.left));
    const right = Math.max(...rects.map((rect) => rect.right));
    if (left < box.left - slack || right > box.right + slack) problems.push(`label ${describe(element)} runs outside its own box`);
  }
  return problems;
}
