/**
 * `npm run diagrams`: writes docs/statecharts (a Mermaid page and an SVG per machine, and an
 * index) from the machines, and removes the files of machines that are gone.
 * `npm run diagrams -- --check` writes nothing and fails when anything is missing, stale or orphaned.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareWithDisk, generateStatechartDocs, STATECHART_DIR } from './statecharts/docs';

const repoRoot = join(import.meta.dirname, '..');
const check = process.argv.includes('--check');

const files = await generateStatechartDocs(repoRoot);
const drift = compareWithDisk(repoRoot, files);
const problems = [
  ...drift.missing.map((path) => `missing  ${path}`),
  ...drift.stale.map((path) => `stale    ${path}`),
  ...drift.orphaned.map((path) => `orphaned ${path}`),
];

if (check) {
  if (problems.length > 0) {
    console.error(`${STATECHART_DIR} is out of date; run \`npm run diagrams\`:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`${STATECHART_DIR} is up to date (${files.size} files).`);
} else {
  for (const path of [...drift.missing, ...drift.stale]) {
    mkdirSync(dirname(join(repoRoot, path)), { recursive: true });
    writeFileSync(join(repoRoot, path), files.get(path)!);
  }
  for (const path of drift.orphaned) rmSync(join(repoRoot, path), { recursive: true });
  const changes = [...[...drift.missing, ...drift.stale].map((path) => `wrote   ${path}`), ...drift.orphaned.map((path) => `removed ${path}`)];
  console.log(changes.length ? changes.join('\n') : `${STATECHART_DIR} was already up to date (${files.size} files).`);
}
