/**
 * When the app's own work runs (issue 26): the start in tasks of their own, and what no screen
 * needs yet only after the first screen has had its time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFrame, AFTER_FIRST_SCREEN_MS, nextTask, SOON_IDLE_AFTER_MS, SOON_IDLE_MS, soonIdle, whenIdle } from '../../src/shared/platform/tasks';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves in a later task, not in the microtasks of this one', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await next;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("takes the browser's scheduler.yield() where there is one", async () => {
    const yieldToMain = vi.fn(async () => {});
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('waits for the first screen, then for an idle moment', () => {
    vi.useFakeTimers();
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(AFTER_FIRST_SCREEN_MS);
      idle = callback;
      return 1;
    });
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(AFTER_FIRST_SCREEN_MS - 1);
    expect(idle).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    idle!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the wait where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(AFTER_FIRST_SCREEN_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

/** The page's frames, one at a time: each call draws one frame (its callbacks run, in order). */
function framesByHand() {
  let waiting: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => waiting.push(callback));
  return () => {
    const now = waiting;
    waiting = [];
    for (const callback of now) callback(0);
  };
}

describe('afterFrame', () => {
  it('runs in a task of its own after the frame being prepared is drawn', () => {
    vi.useFakeTimers();
    const drawFrame = framesByHand();
    const work = vi.fn();
    afterFrame(work);
    vi.advanceTimersByTime(100);
    expect(work).not.toHaveBeenCalled();
    drawFrame();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs in the next task where the page draws no frames: hidden, or no frame callbacks at all', () => {
    vi.useFakeTimers();
    framesByHand();
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const hidden = vi.fn();
    afterFrame(hidden);
    vi.stubGlobal('requestAnimationFrame', undefined);
    const frameless = vi.fn();
    afterFrame(frameless);
    expect([hidden, frameless].some((work) => work.mock.calls.length > 0)).toBe(false);
    vi.advanceTimersByTime(0);
    expect(hidden).toHaveBeenCalledTimes(1);
    expect(frameless).toHaveBeenCalledTimes(1);
  });
});

describe('soonIdle', () => {
  it('runs a moment after the frame being drawn, in the next idle moment, a second at most away', () => {
    vi.useFakeTimers();
    const drawFrame = framesByHand();
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(SOON_IDLE_MS);
      idle = callback;
      return 1;
    });
    const work = vi.fn();
    soonIdle(work);
    vi.advanceTimersByTime(SOON_IDLE_AFTER_MS);
    expect(idle).toBeUndefined();
    drawFrame();
    vi.advanceTimersByTime(SOON_IDLE_AFTER_MS - 1);
    expect(idle).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    idle!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits the same moment where the browser has no frames and no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    soonIdle(work);
    vi.advanceTimersByTime(SOON_IDLE_AFTER_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
