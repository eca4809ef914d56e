/**
 * Writes each route's own page (src/shared/navigation/routePages.ts says why): index.html with the
 * route's screen chunk, every chunk it imports and their style sheets named in its head. Which
 * module is a route's screen is read from the one place that says it, src/app/screens.ts (its
 * `SCREENS` and `INDEX_SCREENS` tables); the chunks are the build's own. A screen module the build
 * cannot find fails the build, so a page never names a stale file.
 *
 * Style sheets are named with `rel=preload`, not `rel=stylesheet`: a sheet in the head would hold
 * the app frame's first paint, and the preload helper (src/shared/platform/modulePreload.ts)
 * applies the screen's sheets itself, in order, when the screen loads (from the copy the preload
 * fetched).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst, type Plugin, type Rollup } from 'vite';
import { ROUTE, type IndexPage, type RouteName } from '../../src/shared/navigation/routes.ts';
import { routePageFile } from '../../src/shared/navigation/routePages.ts';

const SCREENS_MODULE = 'src/app/screens.ts';

type Node = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** The first `import('…')` literal inside `node`, if any. */
function importIn(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = importIn(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(node)) return undefined;
  if (node.type === 'ImportExpression' && isNode(node.source) && typeof node.source.value === 'string') return node.source.value;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') {
      const found = importIn(value);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The module each screen of screens.ts is imported from: for every route of `SCREENS` and every
 * /index page of `INDEX_SCREENS` whose screen is a chunk of its own, its `import('…')` specifier,
 * written in the entry or in a const the entry names.
 */
export function screenImports(source: string): { routes: Map<string, string>; index: Map<string, string> } {
  const program = parseAst(source, { lang: 'ts' }) as unknown as { body: Node[] };
  const consts = new Map<string, Node>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type === 'Identifier' && declarator.init) consts.set(id.name as string, declarator.init as Node);
    }
  }
  const table = (name: string) => {
    const init = consts.get(name);
    if (init?.type !== 'ObjectExpression') throw new Error(`${SCREENS_MODULE} has no \`${name}\` object: the build cannot tell which chunk is which route's screen.`);
    const specifiers = new Map<string, string>();
    for (const property of init.properties as Node[]) {
      const key = property.key as Node;
      const keyName = key.type === 'Identifier' ? (key.name as string) : String(key.value);
      const value = property.value as Node;
      const specifier = importIn(value.type === 'Identifier' ? consts.get(value.name as string) : value);
      if (specifier) specifiers.set(keyName, specifier);
    }
    return specifiers;
  };
  return { routes: table('SCREENS'), index: table('INDEX_SCREENS') };
}

/** The files a chunk needs before it runs: itself, the chunks it imports, their style sheets. */
export function chunkFiles(file: string, bundle: Rollup.OutputBundle): string[] {
  const files: string[] = [];
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (files.includes(name) || chunk?.type !== 'chunk') return;
    files.push(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
    chunk.imports.forEach(visit);
  };
  visit(file);
  return files;
}

/** `html` with `files` (paths under `base`) named in its head, leaving out those it names already. */
export function withPreloads(html: string, files: readonly string[], base = '/'): string {
  const links = files
    .map((file) => `${base}${file}`)
    .filter((href) => !html.includes(`"${href}"`))
    .map((href) => (href.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`));
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

export function routePagesPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'cloud-film:route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const screensPath = join(root, SCREENS_MODULE);
      const { routes, index } = screenImports(readFileSync(screensPath, 'utf8'));
      // /index has no import of its own in SCREENS (its screens are INDEX_SCREENS'), so no page here.
      const pages = [
        ...[...routes].map(([name, specifier]) => ({ fileName: routePageFile(ROUTE[name as RouteName], 'hub'), specifier })),
        ...[...index].map(([page, specifier]) => ({ fileName: routePageFile(ROUTE.index, page as IndexPage), specifier })),
      ];
      for (const { fileName, specifier } of pages) {
        const resolved = await this.resolve(specifier, screensPath);
        const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId === resolved?.id);
        if (!fileName || !chunk) this.error(`No chunk for ${specifier} (${SCREENS_MODULE}): its route's page cannot name it.`);
        this.emitFile({ type: 'asset', fileName, source: withPreloads(String(html.source), chunkFiles(chunk.fileName, bundle), base) });
      }
    },
  };
}
