/**
 * The critical path of the entry: the scripts, module preloads and style sheets `index.html`
 * itself names or carries inline (what a phone must fetch before the first screen can render),
 * with their sizes as served. Measured from the built HTML, so a chunk Vite hoists into the entry
 * counts at once. A `disabled` sheet is only a marker beside its inline copy (scripts/build/inlineCss.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineScriptTexts, inlineStyleTexts } from '../../server/inlineSources.ts';

/** Issue 26: the entry's JS + CSS, gzip, at most this. */
export const CRITICAL_PATH_BUDGET_GZIP = 150 * 1024;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The same-origin JS and CSS files `index.html` references, in order. */
export function criticalFiles(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+\.(?:js|css))"[^>]*>/g)].filter((m) => !/\sdisabled\b/.test(m[0])).map((m) => m[1]!);
  return [...new Set(refs)];
}

/** The CSS `index.html` carries in `<style>` elements, together. */
const inlineStyles = (html: string): string => inlineStyleTexts(html).join('');

/** The script `index.html` carries in `<script>` elements without a `src` (its boot script), together. */
const inlineScripts = (html: string): string => inlineScriptTexts(html).join('');

export const INLINE_STYLES = 'index.html <style>';
export const INLINE_SCRIPT = 'index.html <script>';

export function criticalPath(distDir: string): { files: (Sizes & { file: string })[]; total: Sizes } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const styles = inlineStyles(html);
  const script = inlineScripts(html);
  const files = [
    ...(styles ? [{ file: INLINE_STYLES, ...sizesOf(Buffer.from(styles)) }] : []),
    ...(script ? [{ file: INLINE_SCRIPT, ...sizesOf(Buffer.from(script)) }] : []),
    ...criticalFiles(html).map((file) => ({ file, ...sizesOf(readFileSync(join(distDir, file))) })),
  ];
  const total = files.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return { files, total };
}
