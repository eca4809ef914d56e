/**
 * Every text asset of the build written beside itself as `.br` (quality 11) and `.gz` (level 9)
 * once, at build time: the server sends the file that matches the browser's Accept-Encoding as it
 * is (server/staticApp.ts, nginx's brotli_static/gzip_static in docs/deploy.md), so no request ever
 * waits for a compressor, and the smallest encoding costs nothing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './afterBuild.ts';

/** What compresses: text and WebAssembly. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|wasm|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

export function precompress(distDir: string): { files: number } {
  let files = 0;
  for (const path of filesUnder(distDir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gzip = gzipSync(bytes, { level: 9 });
    // A compressed copy that is not smaller is no use: the server sends the file itself.
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
    files++;
  }
  return { files };
}

/** The Vite plugin: compresses the build's output once it is written. */
export function precompressPlugin(): Plugin {
  return afterBuild('cloud-film:precompress', precompress);
}
