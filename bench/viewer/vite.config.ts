/**
 * Builds the viewer bench's candidate pages (one HTML entry each) into BENCH_OUT. Not part of the
 * app's build: `npm run bench` builds it into a temporary folder and serves it itself.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
/** The candidate pages to build (BENCH_PAGES, comma-separated), all by default. */
const candidates = (process.env.BENCH_PAGES ?? 'ours,cornerstone,dwv').split(',');

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_OUT ?? resolve(root, '../../dist-bench'),
    emptyOutDir: true,
    target: 'es2022',
    // Every candidate's own chunks: a shared chunk would blur what each one downloads.
    rollupOptions: { input: Object.fromEntries(candidates.map((name) => [name, resolve(root, `${name}.html`)])) },
  },
  worker: { format: 'es' },
});
