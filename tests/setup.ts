import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});

// jsdom does not scroll; the app's scroll rules are checked through this stand-in.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'scrollTo', {
    configurable: true,
    writable: true,
    value: (x: number | ScrollToOptions, y?: number) => {
      const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
    },
  });
}
