// @vitest-environment node
import { readFileSync } from 'node:fs';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkFiles, screenImports, withPreloads } from '../../scripts/build/routePages';
import { ROUTES } from '../../src/shared/navigation/routes';
import { routePageAt, routePageFile } from '../../src/shared/navigation/routePages';

const SCREENS_SOURCE = readFileSync('src/app/screens.ts', 'utf8');

describe("which module is a route's screen, read from src/app/screens.ts", () => {
  const { routes, index } = screenImports(SCREENS_SOURCE);

  it('finds the chunk of every route whose screen is one, written inline or through a const', () => {
    expect(routes.get('myStudyList')).toBe('../features/studies/StudyListScreen');
    expect(routes.get('Home')).toBe('./HomePage');
    expect(routes.get('newCheck')).toBe('../features/collect/CollectScreen');
    expect(routes.get('electronicFilm')).toBe('../features/studies/RenderedImagesScreen');
  });

  it("finds each of /index's pages", () => {
    expect(Object.fromEntries(index)).toEqual({
      film: '../features/studies/FilmDetailScreen',
      collect: '../features/collect/CollectScreen',
      hub: './HomePage',
    });
  });

  it('leaves out the screens in the main bundle (errors, sign-in) and /index itself', () => {
    for (const name of ['error', 'errorStop', 'oidcIndex', 'oidc-callback', 'oidc-slient-renew', 'oidc-error', 'logout', 'index']) expect(routes.has(name)).toBe(false);
    expect(routes.size + 8).toBe(ROUTES.length);
  });

  it('fails when the table it reads is gone, instead of writing no pages', () => {
    expect(() => screenImports(SCREENS_SOURCE.replace('const SCREENS', 'const SCREEN_TABLE'))).toThrow(/no `SCREENS` object/);
  });
});

describe("a route's page", () => {
  const HTML = '<!doctype html><head>\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shared-b.js">\n  </head><body></body>';

  it('names the chunks as module preloads and the style sheets as preloads in its head, each once, leaving out what index.html names', () => {
    const page = withPreloads(HTML, ['assets/Screen-c.js', 'assets/Screen-d.css', 'assets/shared-b.js']);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Screen-c.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/Screen-d.css">');
    expect(head).not.toContain('rel="stylesheet"');
    expect(head.match(/shared-b\.js/g)).toHaveLength(1);
    expect(page.replace(/\s*<link rel="(?:modulepreload|preload)"[^>]*Screen[^>]*>/g, '')).toBe(HTML);
  });

  it('is the chunk, every chunk it imports (once), and their style sheets', () => {
    const chunk = (fileName: string, imports: string[], css: string[] = []) =>
      ({ type: 'chunk', fileName, imports, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } }) as unknown as Rollup.OutputChunk;
    const bundle = {
      'assets/Screen.js': chunk('assets/Screen.js', ['assets/a.js', 'assets/b.js'], ['assets/Screen.css']),
      'assets/a.js': chunk('assets/a.js', ['assets/b.js'], ['assets/a.css']),
      'assets/b.js': chunk('assets/b.js', []),
      'assets/Other.js': chunk('assets/Other.js', []),
    } as Rollup.OutputBundle;
    expect(chunkFiles('assets/Screen.js', bundle)).toEqual(['assets/Screen.js', 'assets/Screen.css', 'assets/a.js', 'assets/a.css', 'assets/b.js']);
  });

  it('is written under routes/ by its path, /index by its query', () => {
    expect(routePageAt('/myStudyList', '')).toBe('routes/myStudyList.html');
    expect(routePageAt('/index', '?id=3')).toBe('routes/index.film.html');
    expect(routePageAt('/index', '?code=X')).toBe('routes/index.collect.html');
    expect(routePageAt('/index', '')).toBe('routes/index.hub.html');
    expect(routePageAt('/', '')).toBeNull();
    expect(routePageAt('/nowhere', '')).toBeNull();
    expect(routePageFile(ROUTES.find((route) => route.name === 'oidcIndex')!, 'hub')).toBeNull();
  });
});
