/**
 * Writes index.html's boot script (src/app/bootScript.ts) inline in its head: compiled on its own,
 * with each language's strings' files (src/shared/i18n/<locale>.ts's chunk and what it imports)
 * in place of `__CATALOGUE_FILES__`. Inline, because a script of its own would be one more round
 * trip before it could ask for anything. Every route's page is index.html with more links
 * (routePages.ts), so each carries it too.
 *
 * The Content-Security-Policy allows exactly this script by its hash (server/inlineSources.ts).
 */
import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { LOCALES, type Locale } from '../../src/shared/i18n/locale.ts';
import { chunkFiles } from './routePages.ts';

const BOOT_ENTRY = 'src/app/bootScript.ts';
const catalogueModule = (locale: Locale) => `src/shared/i18n/${locale}.ts`;

/** Each language's strings' files, as the page names them; the build fails when one has no chunk. */
export function catalogueFiles(bundle: Rollup.OutputBundle, root: string, base: string): Record<Locale, string[]> {
  const files = {} as Record<Locale, string[]>;
  for (const locale of LOCALES) {
    const id = join(root, catalogueModule(locale));
    const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.isDynamicEntry && output.facadeModuleId === id);
    if (chunk?.type !== 'chunk') throw new Error(`No chunk for ${catalogueModule(locale)}: index.html's boot script cannot name ${locale}'s strings.`);
    files[locale] = chunkFiles(chunk.fileName, bundle).map((file) => `${base}${file}`);
  }
  return files;
}

/** The boot script compiled for these files: one small function run at once, no exports, no imports. */
export async function compileBootScript(root: string, files: Record<Locale, string[]>): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    publicDir: false,
    define: { __CATALOGUE_FILES__: JSON.stringify(files) },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      target: 'es2020',
      lib: { entry: join(root, BOOT_ENTRY), formats: ['iife'], name: 'cloudFilmBoot' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output as Rollup.RollupOutput];
  const code = result?.output[0].code.trim();
  if (!code || code.includes('</')) throw new Error(`${BOOT_ENTRY} did not compile to a script index.html can carry`);
  return code;
}

export function bootScriptPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'cloud-film:boot-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const script = await compileBootScript(root, catalogueFiles(bundle, root, base));
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}
