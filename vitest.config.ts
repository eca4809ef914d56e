import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}'],
    // The security suite runs on its own (npm run test:security: vitest.security.config.ts).
    exclude: ['tests/security/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    restoreMocks: true,
    // Room for a busy 2-core machine (CI, or the browser suite alongside): a test that passes in
    // 1 s alone took over 5 s under load. A test that hangs still fails.
    testTimeout: 20_000,
    unstubGlobals: true,
    // Vitest runs one file fewer than there are cores at once: a single file at a time on a 2-core
    // machine, where the main process mostly waits. At least two there (Stryker sets its own).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
