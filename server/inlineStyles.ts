/**
 * The Content-Security-Policy's allowance for the styles index.html carries inline
 * (scripts/build/inlineCss.ts): one 'sha256-…' source for each `<style>` of the build as it is on
 * disk now (a rebuild under a running sandbox is picked up), so exactly those styles apply and
 * every other inline style is still refused. No 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The CSP source that allows `css` as the whole text of a `<style>` element. */
export function styleHashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => styleHashSource(m[1]!));
}

/** The sources for index.html in `distDir`, read again whenever the file changes; none without a build. */
export function inlineStyleSources(distDir: string | undefined): () => string[] {
  let seen: { mtimeMs: number; sources: string[] } | undefined;
  return () => {
    if (!distDir) return [];
    const path = join(distDir, 'index.html');
    try {
      const { mtimeMs } = statSync(path);
      if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, sources: inlineStyleHashes(readFileSync(path, 'utf8')) };
      return seen.sources;
    } catch {
      return [];
    }
  };
}
