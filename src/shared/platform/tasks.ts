// When the app's own work runs, so a cheap phone's main thread and network stay free for what the
// patient is waiting for (issue 26: TBT, and the bytes before the first screen).

/**
 * Resolves in a task of its own, so the work after it does not lengthen the one before: the start
 * of the app is cut into pieces a cheap phone runs without a long task. `scheduler.yield()` where
 * the browser has it (the rest of the page's work keeps its place in the queue), otherwise a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/**
 * How long after the start the app waits before fetching what no screen needs yet: past the first
 * screen on a cheap phone, whose bytes it would otherwise compete with.
 */
export const AFTER_FIRST_SCREEN_MS = 3_000;

/**
 * Runs `work` once the first screen has had its time and the page has nothing more urgent to do
 * (at once after the wait where the browser has no idle callback).
 */
export function whenIdle(work: () => void): void {
  setTimeout(() => onIdle(work, AFTER_FIRST_SCREEN_MS), AFTER_FIRST_SCREEN_MS);
}

/** Runs `work` in the browser's next idle moment, `timeout` milliseconds at most from now (at once without idle callbacks). */
function onIdle(work: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout });
  else work();
}

/** The longest {@link soonIdle} waits for an idle moment. */
export const SOON_IDLE_MS = 1_000;

/**
 * How long {@link soonIdle} lets the frame that shows a screen stay alone on the link: on a cheap
 * phone that frame can take tens of milliseconds to reach the screen after it was drawn, and a tap
 * sooner than this finds its screen asked for by the press (src/app/useIntentPrefetch.ts).
 */
export const SOON_IDLE_AFTER_MS = 500;

/**
 * Runs `work` in a task of its own a moment after the frame being drawn is on the screen, once the
 * browser is idle (a second at most after that moment): a likely next screen's chunk, asked for as
 * the cards that open it appear. Its bytes would share the link with what shows the cards, and
 * its preloads cost a cheap phone main thread (one link per task: src/shared/platform/modulePreload.ts).
 */
export function soonIdle(work: () => void): void {
  afterFrame(() => setTimeout(() => onIdle(work, SOON_IDLE_MS), SOON_IDLE_AFTER_MS));
}

/**
 * Runs `work` in a task of its own once the frame being prepared has been drawn, so what a tap
 * changed reaches the screen without waiting for it (Event Timing counts up to that frame): a
 * frame callback runs as the frame is drawn, and a task it queues runs after. A task at once where
 * the page draws no frames (a hidden tab draws none until it is shown).
 */
export function afterFrame(work: () => void): void {
  const drawing = typeof requestAnimationFrame === 'function' && (typeof document === 'undefined' || document.visibilityState !== 'hidden');
  if (drawing) requestAnimationFrame(() => setTimeout(work));
  else setTimeout(work);
}
