/**
 * The real app: from tapping a CT study card on "my studies" (then the film detail's "open the
 * viewer" as soon as it shows) to the first image on the viewer's canvas, on the throttled phone.
 */
import type { Browser, Page } from '@playwright/test';
import { signIn } from './sandboxSession';
import { median } from './stats';
import { throttlePhone } from './viewerStacks';

export interface AppViewerRun {
  /** From the study card tap to pixels on the viewer's canvas. */
  cardToImageMs: number;
  /** From the "open the viewer" tap to pixels on the viewer's canvas. */
  openToImageMs: number;
}

/** Resolves when the viewer's canvas shows anything but black, checked on every animation frame. */
function firstImage(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
      if (!canvas || canvas.width === 0) return false;
      const sample = document.createElement('canvas');
      sample.width = sample.height = 16;
      const context = sample.getContext('2d')!;
      context.drawImage(canvas, 0, 0, 16, 16);
      const data = context.getImageData(0, 0, 16, 16).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 16 || data[i + 1]! > 16 || data[i + 2]! > 16) return true;
      return false;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
}

async function runOnce(browser: Browser, base: string): Promise<AppViewerRun> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await page.goto(`${base}/myStudyList`);
    const card = page.locator('[data-testid="study-card"]').filter({ hasText: 'CT' }).first();
    await card.waitFor();
    await throttlePhone(await context.newCDPSession(page));
    const tapped = Date.now();
    await card.tap();
    const open = page.locator('[data-testid="film-open-viewer"]');
    await open.waitFor({ timeout: 60_000 });
    const opened = Date.now();
    await open.tap();
    // A build without the viewer screen never shows its canvas; one with it does at once.
    await page.locator('[data-testid="viewer-canvas"]').waitFor({ timeout: 30_000 });
    await firstImage(page);
    const shown = Date.now();
    return { cardToImageMs: shown - tapped, openToImageMs: shown - opened };
  } finally {
    await context.close();
  }
}

/** `runs` cold tabs; null when the app has no viewer to open (the result says why). */
export async function benchAppViewer(browser: Browser, base: string, runs: number): Promise<{ cardToImageMs: number; openToImageMs: number } | { error: string }> {
  const results: AppViewerRun[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await runOnce(browser, base));
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
  return { cardToImageMs: median(results.map((r) => r.cardToImageMs)), openToImageMs: median(results.map((r) => r.openToImageMs)) };
}
