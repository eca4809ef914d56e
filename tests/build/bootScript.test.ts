import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueFiles, compileBootScript } from '../../scripts/build/bootScript';

const ROOT = process.cwd();
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) =>
  ({ type: 'chunk', fileName, facadeModuleId, isDynamicEntry: facadeModuleId !== null, imports, viteMetadata: { importedCss: new Set(), importedAssets: new Set() } }) as unknown as Rollup.OutputChunk;

describe("index.html's boot script", () => {
  afterEach(() => {
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    window.history.replaceState(null, '', '/');
  });

  it("names each language's chunk and what it imports, as the page links them", () => {
    const bundle = {
      'assets/zh-CN-a.js': chunk('assets/zh-CN-a.js', `${ROOT}/src/shared/i18n/zh-CN.ts`),
      'assets/en-b.js': chunk('assets/en-b.js', `${ROOT}/src/shared/i18n/en.ts`, ['assets/words-c.js']),
      'assets/words-c.js': chunk('assets/words-c.js', null),
    } as Rollup.OutputBundle;
    expect(catalogueFiles(bundle, ROOT, '/')).toEqual({ 'zh-CN': ['/assets/zh-CN-a.js'], en: ['/assets/en-b.js', '/assets/words-c.js'] });
  });

  it('fails the build when a language has no chunk, instead of writing a page that asks for nothing', () => {
    const bundle = { 'assets/zh-CN-a.js': chunk('assets/zh-CN-a.js', `${ROOT}/src/shared/i18n/zh-CN.ts`) } as Rollup.OutputBundle;
    expect(() => catalogueFiles(bundle, ROOT, '/')).toThrow(/No chunk for src\/shared\/i18n\/en\.ts/);
  });

  it('compiles to one small script a page can carry inline, which asks for the shown language as it runs', async () => {
    const script = await compileBootScript(ROOT, { 'zh-CN': ['/assets/zh-CN-a.js'], en: ['/assets/en-b.js'] });
    expect(script).not.toMatch(/<\/|\bimport\b|\bexport\b/);
    expect(script.length).toBeLessThan(1_500);
    window.history.replaceState(null, '', '/error?lang=en');
    new Function(script)();
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual(['/assets/en-b.js']);
  }, 30_000);
});
