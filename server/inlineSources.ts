/**
 * The Content-Security-Policy's allowance for what the app's index.html carries inline: its first
 * style sheets (scripts/build/inlineCss.ts) and its boot script (scripts/build/bootScript.ts). One
 * 'sha256-…' source for each `<style>`, and each `<script>` without a `src`, of the build as it is on
 * disk now (a rebuild under a running sandbox is picked up), so exactly those apply and every other
 * inline style or script is still refused. No 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface InlineSources {
  styles: string[];
  scripts: string[];
}

const NONE: InlineSources = { styles: [], scripts: [] };

/** The CSP source that allows `text` as the whole text of a `<style>` or `<script>` element. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The text of each `<style>` in `html`. */
export const inlineStyleTexts = (html: string): string[] => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);

/** The text of each `<script>` without attributes (so without a `src`) in `html`. */
export const inlineScriptTexts = (html: string): string[] => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

export function inlineHashes(html: string): InlineSources {
  return { styles: inlineStyleTexts(html).map(hashSource), scripts: inlineScriptTexts(html).map(hashSource) };
}

/** The sources for index.html in `distDir`, read again whenever the file changes; none without a build. */
export function inlineSources(distDir: string | undefined): () => InlineSources {
  let seen: { mtimeMs: number; sources: InlineSources } | undefined;
  return () => {
    if (!distDir) return NONE;
    const path = join(distDir, 'index.html');
    try {
      const { mtimeMs } = statSync(path);
      if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, sources: inlineHashes(readFileSync(path, 'utf8')) };
      return seen.sources;
    } catch {
      return NONE;
    }
  };
}
