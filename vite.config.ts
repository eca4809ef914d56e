import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { precompressPlugin } from './scripts/build/precompress.ts';
import { criticalPathBudgetPlugin } from './scripts/build/budget.ts';
import { inlineCssPlugin } from './scripts/build/inlineCss.ts';
import { routePagesPlugin } from './scripts/build/routePages.ts';
import { bootScriptPlugin } from './scripts/build/bootScript.ts';
import { modulePreloadPlugin } from './scripts/build/modulePreload.ts';

const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

/**
 * The wasm codecs' Emscripten glue names Node's fs and path in a branch a browser never takes;
 * Vite says it left them out on every build. That is expected: keep every other warning.
 */
function onwarn(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (/externalized for browser compatibility/.test(warning.message) && /@cornerstonejs\/codec-/.test(warning.message)) return;
  warn(warning);
}

/**
 * react-router's package exports name only its development build (warnings, dev checks). A
 * production build of the app takes the library's production build beside it.
 */
function reactRouterProductionBuild() {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
  ];
}

export default defineConfig(({ mode }) => ({
  plugins: [modulePreloadPlugin(), react(), vanillaExtractPlugin(), inlineCssPlugin(), bootScriptPlugin(), routePagesPlugin(), precompressPlugin(), criticalPathBudgetPlugin()],
  resolve: { alias: mode === 'production' ? reactRouterProductionBuild() : [] },
  build: {
    target: 'es2020',
    // Source maps are written for us (reading a phone's stack trace) but named by no file the
    // browser gets, and the server never sends them (server/paths.ts).
    sourcemap: 'hidden',
    rollupOptions: {
      onwarn,
      // zod's schema builders are pure: a schema nothing reads is dropped with its helpers,
      // instead of kept as a module-level call the bundler cannot prove harmless.
      treeshake: { manualPureFunctions: ['z'] },
      // Everything the entry loads before it runs is one chunk (with the one the runtime needs):
      // rolldown otherwise splits it into about eight (react-router, xstate, zod... each also shared
      // with a screen), and every page named each in its head, a request and a preload apiece.
      // One file also compresses better: 5 KB less of brotli on the critical path (issue 26).
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  // The DICOM decode worker loads each codec (and its wasm) as a chunk of its own, on demand:
  // that needs ES module workers (Vite's default, iife, puts every codec in the worker).
  worker: { format: 'es' },
  server: {
    proxy: { '/api': sandbox, '/config.json': sandbox, '/sandbox': sandbox },
  },
}));
