/**
 * The flow catalogue in docs/flows, generated from the money and order charts (flowDocs.ts lists them):
 * `npm run flows` writes it, `npm run flows -- --check` writes nothing and fails when it is stale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FLOW_DOCS_DIR, generateFlowDocs } from './flows/flowDocs';

export { FLOW_DOCS_DIR, generateFlowDocs };

const root = fileURLToPath(new URL('..', import.meta.url));

/** What differs between docs/flows and the generator: `missing: …`, `stale: …`, `orphan: …`. */
export async function flowDocsProblems(): Promise<string[]> {
  const docs = await generateFlowDocs();
  const problems: string[] = [];
  for (const [path, contents] of docs) {
    const file = join(root, path);
    if (!existsSync(file)) problems.push(`missing: ${path}`);
    else if (readFileSync(file, 'utf8') !== contents) problems.push(`stale: ${path}`);
  }
  for (const path of filesIn(FLOW_DOCS_DIR)) if (!docs.has(path)) problems.push(`orphan: ${path}`);
  return problems;
}

function filesIn(dir: string): string[] {
  const full = join(root, dir);
  return existsSync(full) ? readdirSync(full).map((name) => `${dir}/${name}`) : [];
}

async function main() {
  if (process.argv.includes('--check')) {
    const problems = await flowDocsProblems();
    if (problems.length === 0) return console.log(`${FLOW_DOCS_DIR} is up to date`);
    console.error(`${FLOW_DOCS_DIR} does not match the machines; run \`npm run flows\`:\n${problems.join('\n')}`);
    process.exitCode = 1;
    return;
  }
  const docs = await generateFlowDocs();
  // docs/flows holds only generated files: what the generator no longer makes goes.
  for (const path of filesIn(FLOW_DOCS_DIR)) if (!docs.has(path)) rmSync(join(root, path));
  for (const [path, contents] of docs) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  console.log(`wrote ${[...docs.keys()].join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
