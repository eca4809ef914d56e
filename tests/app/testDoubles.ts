import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** Answers the test hands out one at a time, to hold a server call until a path says so. */
export function gate<T>() {
  const waiting: Array<(value: T) => void> = [];
  return {
    next: () => new Promise<T>((resolve) => waiting.push(resolve)),
    async open(value: T) {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()!(value);
    },
  };
}

/** jsdom has no IntersectionObserver: this one lets the test say "the end of the list is in view". */
export function stubIntersectionObserver(): () => void {
  const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return () => act(() => observers.at(-1)?.([{ isIntersecting: true }]));
}
