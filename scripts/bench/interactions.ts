/**
 * Interaction latency as a patient feels it on a mid-range phone: real taps (touch input through
 * the DevTools protocol) in a phone-sized tab at DPR 2, the CPU 4x slower and the network at
 * 150 ms / 1.6 Mbps (Lighthouse's mobile profile), measured by the page's own Event Timing
 * (the longest event of the tap, INP-like) and, for a study card, the time from the tap to the
 * film detail's content on screen.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BROWSER_LANGUAGE, signIn } from './sandboxSession';

/** Event Timing reports no event shorter than this (the smallest durationThreshold allowed). */
export const EVENT_TIMING_FLOOR_MS = 16;

export interface InteractionRun {
  /** The tap's longest event (pointerdown..click), in ms; EVENT_TIMING_FLOOR_MS when none reached it. */
  eventMs: number;
  /** Tap to the awaited content painted, in ms (the card tap's figure). */
  contentMs: number;
}

export interface Interaction {
  name: string;
  /** What the patient taps, on which page, and what shows that it worked. */
  path: string;
  /** Taps that come before (e.g. the tab whose list has the card), not measured. */
  before?: { tap: string; until: string }[];
  tap: string;
  until: string;
  /** Tap to content is a budgeted figure of its own (the study card opening the film detail). */
  opensScreen?: boolean;
}

export const INTERACTIONS: Interaction[] = [
  { name: 'tab switch (AI orders, "to be paid")', path: '/aiOrder', tap: '[data-testid="tab-toBePaid"]', until: '[data-testid="tab-toBePaid"][aria-selected="true"]' },
  {
    name: 'dialog (cancel an AI order)',
    path: '/aiOrder',
    before: [{ tap: '[data-testid="tab-toBePaid"]', until: '[data-testid="action-cancelOrder"]' }],
    tap: '[data-testid="action-cancelOrder"]',
    until: '[data-testid="cancel-dialog"]',
  },
  { name: 'study card -> film detail content', path: '/myStudyList', tap: '[data-testid="study-link"]', until: '[data-testid="film-study"]', opensScreen: true },
];

/** How long the patient looks at the screen before the tap. */
export const SETTLE_BEFORE_TAP_MS = 1000;

/** Lighthouse's mobile profile, as DevTools emulates it. */
export const PHONE = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };

/** What the page records for the bench (window.__taps). */
interface TapRecord {
  events: { start: number; duration: number }[];
  /** The tap's pointerdown timestamp. */
  tapAt: number | null;
  /** The selector whose first appearance after the tap is awaited. */
  until: string | null;
  /** When it was painted (-1 while waiting for the frame). */
  shownAt: number | null;
}
type TapWindow = Window & { __taps: TapRecord };

/**
 * Installed before the app: every Event Timing entry of a user interaction, and when the awaited
 * element first appears and paints (a MutationObserver, then the next frame). It runs in the page,
 * so it names the Event Timing floor itself (EVENT_TIMING_FLOOR_MS).
 */
function observe() {
  const w = window as unknown as TapWindow;
  w.__taps = { events: [], tapAt: null, until: null, shownAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId) w.__taps.events.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  // The tap's own timestamp (the touch's hardware time as the page received it).
  addEventListener('pointerdown', (event) => { if (w.__taps.tapAt === null) w.__taps.tapAt = event.timeStamp; }, { capture: true });
  new MutationObserver(() => {
    const bench = w.__taps;
    if (bench.until && bench.shownAt === null && bench.tapAt !== null && document.querySelector(bench.until)) {
      bench.shownAt = -1;
      requestAnimationFrame(() => setTimeout(() => { bench.shownAt = performance.now(); }));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downloadKbps * 1000) / 8,
    uploadThroughput: (PHONE.uploadKbps * 1000) / 8,
  });
}

/** A mid-range phone's screen, at the pixel ratio issue 26 names. */
export const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE_SCREEN, isMobile: true, hasTouch: true, locale: BROWSER_LANGUAGE });
}

/** One run of one interaction in a fresh signed-in tab: the page loads throttled, settles, then the tap. */
export async function interactionRun(browser: Browser, base: string, interaction: Interaction): Promise<InteractionRun> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await page.addInitScript(observe);
    await throttle(page);
    await page.goto(`${base}${interaction.path}`);
    for (const step of interaction.before ?? []) {
      await page.locator(step.tap).first().tap();
      await page.locator(step.until).first().waitFor();
    }
    await page.locator(interaction.tap).first().waitFor();
    // The patient reads the screen before tapping: what the app prefetches meanwhile counts.
    await page.waitForTimeout(SETTLE_BEFORE_TAP_MS);
    const mark = await page.evaluate((until) => {
      const bench = (window as unknown as TapWindow).__taps;
      Object.assign(bench, { tapAt: null, until, shownAt: null });
      return performance.now();
    }, interaction.until);
    await page.locator(interaction.tap).first().tap();
    await page.waitForFunction(() => ((window as unknown as TapWindow).__taps.shownAt ?? -1) > 0, undefined, { timeout: 30_000 });
    // Event Timing entries are queued after the paint that follows the event: give them a frame or two.
    await page.waitForTimeout(300);
    return await page.evaluate(
      ({ mark, floor }) => {
        const bench = (window as unknown as TapWindow).__taps;
        const durations = bench.events.filter((event) => event.start >= mark).map((event) => event.duration);
        return { eventMs: Math.max(floor, ...durations), contentMs: Math.round(bench.shownAt! - bench.tapAt!) };
      },
      { mark, floor: EVENT_TIMING_FLOOR_MS },
    );
  } finally {
    await context.close();
  }
}
