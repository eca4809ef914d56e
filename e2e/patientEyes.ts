import type { Page, TestInfo } from '@playwright/test';
import { DEMO_HOSPITAL, DEMO_PATIENTS, DEMO_RADIOLOGISTS, EXPERIENCE_PATIENT } from '../server/demoData';
import { maskName } from '../server/collect/masks';
import { DEFAULT_PRODUCT_TITLE } from '../server/runtimeConfig';
import { en } from '../src/shared/i18n/en';
import { expect, screenSettled } from './fixtures';

/**
 * What a patient would see wrong on a screen, checked in the browser (issue 24): Chinese in the
 * English UI that is not a name or a doctor's text, a catalogue key shown raw, something that does
 * not fit the phone (a label that wraps or spills, anything past the screen's edge). The English
 * walk, the layout walk and the patient journeys all look through these.
 */

/** Proper names the English screens show as they are. */
export const NAMES: readonly string[] = [
  ...DEMO_PATIENTS.map((patient) => patient.name),
  // And as a stranger may see them (张**), on the collecting pages.
  ...DEMO_PATIENTS.map((patient) => maskName(patient.name)),
  EXPERIENCE_PATIENT.name,
  DEMO_HOSPITAL.name,
  // The hospital's postal address: the name of a place, for a taxi driver to read.
  DEMO_HOSPITAL.address,
  DEMO_RADIOLOGISTS.reporter,
  DEMO_RADIOLOGISTS.reviewer,
  // The product's name, as the hospital configured it (config.json productTitle).
  DEFAULT_PRODUCT_TITLE,
  // The language switch names the other language in its own script, as every language menu does.
  '中文',
];

export const CJK_RUN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]+/g;

/** The page's text outside what a doctor wrote, as the patient reads it. */
export const shownText = (page: Page) =>
  page.evaluate(() => {
    // innerText leaves out what is not rendered: the doctor's text is hidden for the reading only.
    const authored = [...document.querySelectorAll<HTMLElement>('[data-authored]')];
    for (const element of authored) element.style.display = 'none';
    const text = document.body.innerText;
    for (const element of authored) element.style.removeProperty('display');
    return text;
  });

/** Chinese runs that are not a name on the allow-list. */
export function strayChinese(text: string): string[] {
  let rest = text;
  for (const name of NAMES) rest = rest.replaceAll(name, ' ');
  return [...new Set(rest.match(CJK_RUN) ?? [])];
}

/**
 * Runs in the page: what does not fit at this width, one line each, naming the element by its text.
 * - the document is wider than the screen;
 * - an element reaches past the left or right edge (unless a scrolling or clipping box holds it);
 * - a button, tab or link label spans more than one line box, or runs outside its own box.
 */
export function measureLayout(width: number): string[] {
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

/** Catalogue keys (`share.copyHint`): one on screen is a message the patient was never meant to read. */
const KEYS = Object.keys(en).filter((key) => key.includes('.'));
export const rawKeysIn = (text: string) => KEYS.filter((key) => new RegExp(`(^|[^\\w.])${key.replaceAll('.', '\\.')}($|[^\\w.])`).test(text));

/**
 * Looks at the settled screen as the patient would, at the page's width, in `language`: returns each
 * thing wrong, one line each, and keeps a screenshot of the screen (attached to the test) named `step`.
 */
export async function lookAsPatient(page: Page, testInfo: TestInfo, language: 'zh-CN' | 'en', step: string): Promise<string[]> {
  await screenSettled(page, step);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: `${step} in ${language}` }).toBe(language);
  const problems: string[] = [];
  const text = await shownText(page);
  for (const key of rawKeysIn(text)) problems.push(`${step}: the catalogue key "${key}" is shown as it is`);
  if (language === 'en') for (const run of strayChinese(text)) problems.push(`${step}: Chinese in English: ${JSON.stringify(run)}`);
  return [...problems, ...(await lookAtLayout(page, testInfo, step))];
}

/**
 * The layout half of lookAsPatient, for a page in both languages at once (the identity provider's,
 * Chinese with English under it): what does not fit the phone, and the screenshot.
 */
export async function lookAtLayout(page: Page, testInfo: TestInfo, step: string): Promise<string[]> {
  await screenSettled(page, step);
  const width = page.viewportSize()?.width ?? 320;
  const problems = (await page.evaluate(measureLayout, width)).map((problem) => `${step}: ${problem}`);
  const file = testInfo.outputPath(`${String(testInfo.attachments.length + 1).padStart(2, '0')}-${step.replace(/[^\w-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(step, { path: file, contentType: 'image/png' });
  return problems;
}
