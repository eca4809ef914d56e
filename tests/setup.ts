import { afterEach } from 'vitest';
import { loadCatalogue } from '../src/shared/i18n/catalogues';
import { LOCALES } from '../src/shared/i18n/locale';

// The app fetches a language's strings before it renders in it; every test has both at hand.
await Promise.all(LOCALES.map(loadCatalogue));

// Only files that run in jsdom render anything: the others (`@vitest-environment node`: the sandbox,
// the rules, the charts) skip loading Testing Library and React.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy/waitFor wait up to 3 s, not 1 s, for the same reason as vitest's testTimeout.
  configure({ asyncUtilTimeout: 3_000 });

  afterEach(() => {
    cleanup();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  // jsdom does not scroll; the app's scroll rules are checked through this stand-in.
  Object.defineProperty(window, 'scrollTo', {
    configurable: true,
    writable: true,
    value: (x: number | ScrollToOptions, y?: number) => {
      const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
    },
  });
}
