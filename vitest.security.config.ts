import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The security suite's API half (tests/security): npm run test:security runs it, then its browser half. */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    unstubGlobals: true,
    // Room for a busy 2-core machine, as the other suites have (vitest.config.ts).
    testTimeout: 30_000,
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
