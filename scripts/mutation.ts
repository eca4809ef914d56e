/**
 * Mutation testing: `npm run test:mutation` runs StrykerJS (stryker.config.mjs) on machines/ and
 * src/shared/rules/, then fails when fewer than 90% of the mutants in machines/ are killed or a
 * survivor there is not explained (scripts/mutation/equivalents.ts), and writes the scores and
 * the survivors into docs/testing.md.
 *
 *   npm run test:mutation                      full run, writes docs/testing.md
 *   npm run test:mutation -- --incremental     reuses the last run's results for unchanged code and tests
 *   npm run test:mutation -- --report-only     no run: the last report into docs/testing.md again
 *   npm run test:mutation -- --mutate 'machines/payment/**' ...   a part only: prints, writes no doc
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUIVALENTS } from './mutation/equivalents';
import { failures, renderSection, replaceSection, staleEquivalents, summarize, type MutationReport, type RunInfo } from './mutation/report';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPORT = join(root, 'reports/mutation/mutation.json');
const RUN_INFO = join(root, 'reports/mutation/run.json');
const DOC = join(root, 'docs/testing.md');

const version = (pkg: string) => (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

function runStryker(args: string[]): RunInfo {
  const incremental = args.includes('--incremental');
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`stryker exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
  return {
    wallSeconds: (Date.now() - started) / 1000,
    incremental,
    cores: availableParallelism(),
    node: process.versions.node,
    stryker: version('@stryker-mutator/core'),
    vitest: version('vitest'),
  };
}

function main() {
  const args = process.argv.slice(2);
  const reportOnly = args.includes('--report-only');
  const partial = args.some((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate='));
  let run: RunInfo | null = null;
  if (!reportOnly) {
    run = runStryker(args);
    if (!partial) writeFileSync(RUN_INFO, `${JSON.stringify(run, null, 2)}\n`);
  } else if (existsSync(RUN_INFO)) {
    run = JSON.parse(readFileSync(RUN_INFO, 'utf8')) as RunInfo;
  }
  if (!existsSync(REPORT)) throw new Error(`no mutation report at ${REPORT}: run \`npm run test:mutation\``);
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;
  const summary = summarize(report, EQUIVALENTS);
  const section = renderSection(summary, run);
  if (partial) {
    console.log(section);
  } else {
    const page = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Testing\n';
    writeFileSync(DOC, replaceSection(page, section));
    console.log(`wrote the mutation score and ${summary.survivors.length} survivors to docs/testing.md`);
    for (const e of staleEquivalents(summary.survivors, EQUIVALENTS)) {
      console.warn(`stale explanation in scripts/mutation/equivalents.ts (no survivor matches it): ${e.file} ${e.mutator} "${e.line}"`);
    }
  }
  const problems = failures(summary);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
}

main();
