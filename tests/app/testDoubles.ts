import { act, getConfig, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * Answers the test hands out one at a time, to hold a server call until a path says so. Opening
 * waits for the call itself (no polling), a second at most.
 */
export function gate<T>() {
  const waiting: Array<(value: T) => void> = [];
  let arrived = () => {};
  const arrival = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('gate: no call came within a second')), 1000);
      arrived = () => (clearTimeout(timer), resolve());
    });
  return {
    next: () => new Promise<T>((resolve) => (waiting.push(resolve), arrived())),
    /** How many calls are held here, waiting for an answer. */
    held: () => waiting.length,
    /** Until a call is held here. As waitFor does, what renders meanwhile is the app's own doing (no act warnings). */
    async called() {
      if (waiting.length === 0) await getConfig().asyncWrapper(arrival);
    },
    async open(value: T) {
      await this.called();
      waiting.shift()!(value);
    },
  };
}

/**
 * jsdom has no IntersectionObserver: this one lets the test say "the end of the list is in view".
 * It tells the list's watching observer, once the list has one: a list rendered as a transition
 * sets its observer up in an effect that runs after the render shows, as a browser does.
 */
export function stubIntersectionObserver(): () => Promise<void> {
  type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;
  const watching = new Set<Callback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: Callback) {}
      observe() {
        watching.add(this.callback);
      }
      disconnect() {
        watching.delete(this.callback);
      }
    },
  );
  return async () => {
    await waitFor(() => expect(watching.size).toBeGreaterThan(0));
    act(() => [...watching].at(-1)!([{ isIntersecting: true }]));
  };
}
