// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkCriticalPath } from '../../scripts/build/budget';
import { precompress } from '../../scripts/build/precompress';
import { criticalFiles } from '../../scripts/bench/criticalPath';

function dist(files: Record<string, string | Buffer>, html: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cf-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

const HTML = `<!doctype html><head>
<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
</head>`;

describe("the entry's critical path", () => {
  it("is what index.html names: its script, module preloads and style sheets, not the configuration or the icon", () => {
    expect(criticalFiles(HTML)).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/index-c.css']);
  });

  it('passes the build under its gzip budget, and fails it over, naming every file', () => {
    // Random bytes do not compress: their gzip size is about their size.
    const dir = dist({ 'assets/index-a.js': randomBytes(40_000), 'assets/vendor-b.js': randomBytes(60_000), 'assets/index-c.css': 'a{color:red}' }, HTML);
    expect(checkCriticalPath(dir, 150 * 1024).gzip).toBeGreaterThan(100_000);
    expect(() => checkCriticalPath(dir, 90 * 1024)).toThrow(/over its budget of 90\.0 KiB:\n {2}assets\/index-a\.js: .*\n {2}assets\/vendor-b\.js: .*\n {2}assets\/index-c\.css/);
  });
});

describe('precompressed build files', () => {
  it('writes a .br and a .gz beside each text file that they make smaller, and none for small or incompressible files', () => {
    const text = 'export const words = "cloud film";\n'.repeat(200);
    const dir = dist({ 'assets/app.js': text, 'assets/tiny.js': 'x', 'assets/photo.png': randomBytes(5_000), 'assets/noise.wasm': randomBytes(5_000) }, '<!doctype html>');
    precompress(dir);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app.js.br'))).toString()).toBe(text);
    expect(gunzipSync(readFileSync(join(dir, 'assets/app.js.gz'))).toString()).toBe(text);
    expect(readFileSync(join(dir, 'assets/app.js.br')).length).toBeLessThan(readFileSync(join(dir, 'assets/app.js.gz')).length);
    for (const absent of ['assets/tiny.js.br', 'assets/photo.png.br', 'assets/photo.png.gz', 'assets/noise.wasm.br', 'assets/noise.wasm.gz']) expect(existsSync(join(dir, absent))).toBe(false);
  });
});
