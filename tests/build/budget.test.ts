// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkCriticalPath } from '../../scripts/build/budget';
import { precompress } from '../../scripts/build/precompress';
import { criticalFiles, criticalPath, INLINE_SCRIPT, INLINE_STYLES } from '../../scripts/bench/criticalPath';
import { inlineCss } from '../../scripts/build/inlineCss';

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

  it('counts the styles index.html carries inline, and not the disabled sheet left beside them as a marker', () => {
    const html = `${HTML}<style>a{color:red}</style>\n<link rel="stylesheet" crossorigin href="/assets/ui-d.css" disabled>`;
    expect(criticalFiles(html)).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/index-c.css']);
    const dir = dist({ 'assets/index-a.js': 'a', 'assets/vendor-b.js': 'b', 'assets/index-c.css': 'c', 'assets/ui-d.css': 'd'.repeat(5_000) }, html);
    const { files } = criticalPath(dir);
    expect(files.map((f) => f.file)).toEqual([INLINE_STYLES, 'assets/index-a.js', 'assets/vendor-b.js', 'assets/index-c.css']);
    expect(files[0]!.raw).toBe('a{color:red}'.length);
  });

  it('counts the boot script index.html carries inline, and not the module script that has a src', () => {
    const html = `${HTML}<script>(function(){var a=1})();</script>`;
    const dir = dist({ 'assets/index-a.js': 'a', 'assets/vendor-b.js': 'b', 'assets/index-c.css': 'c' }, html);
    const { files } = criticalPath(dir);
    expect(files.map((f) => f.file)).toEqual([INLINE_SCRIPT, 'assets/index-a.js', 'assets/vendor-b.js', 'assets/index-c.css']);
    expect(files[0]!.raw).toBe('(function(){var a=1})();'.length);
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

describe('the style sheets index.html links, carried inside it', () => {
  const sheets: Record<string, string> = { 'assets/ui-1.css': '.a{color:red}\n', 'assets/index-2.css': 'body{margin:0}' };
  const html = '<head>\n    <link rel="stylesheet" crossorigin href="/assets/ui-1.css">\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css">\n</head>';

  it('puts each sheet in a <style>, in order, and leaves its link beside it disabled (neither fetched nor applied)', () => {
    expect(inlineCss(html, (file) => sheets[file])).toBe(
      '<head>\n    <style>.a{color:red}</style>\n    <link rel="stylesheet" crossorigin href="/assets/ui-1.css" disabled>\n' +
        '    <style>body{margin:0}</style>\n    <link rel="stylesheet" crossorigin href="/assets/index-2.css" disabled>\n</head>',
    );
  });

  it('keeps the link of a sheet it does not have, or of one that could close the <style> early', () => {
    expect(inlineCss(html, () => undefined)).toBe(html);
    expect(inlineCss(html, () => 'a{content:"</style><script>"}')).toBe(html);
  });
});
