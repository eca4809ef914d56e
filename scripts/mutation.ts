/**
 * Mutation testing: `npm run test:mutation` runs StrykerJS (stryker.config.mjs) on every chart in
 * machines/, the rules, the error catalogue, the message lookup, the API client and the audit
 * code, then fails when fewer than 90% of the mutants (of all, or of machines/) are killed or a
 * survivor is not explained (scripts/mutation/equivalents.ts), and writes the scores, the commit,
 * the charts and modules covered and the survivors into docs/testing.md.
 *
 *   npm run test:mutation                      full run, writes docs/testing.md
 *   npm run test:mutation -- --incremental     reuses the last run's results for unchanged code and tests
 *   npm run test:mutation -- --report-only     no run: the last report into docs/testing.md again
 *   npm run test:mutation -- --mutate 'machines/payment/**' ...   a part only: prints, and keeps the
 *                                              part's report in reports/mutation/parts/
 *   npm run test:mutation -- --from-parts      no run: the parts' reports, put together, into docs/testing.md
 *
 * On a busy machine, run it in parts (`--concurrency 1 --incremental --mutate ...`; each part keeps
 * its own incremental file), then `--from-parts`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUIVALENTS } from './mutation/equivalents';
import { failures, renderSection, replaceSection, staleEquivalents, summarize, type MutationReport, type RunInfo } from './mutation/report';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPORT = join(root, 'reports/mutation/mutation.json');
const RUN_INFO = join(root, 'reports/mutation/run.json');
const DOC = join(root, 'docs/testing.md');
const PARTS = join(root, 'reports/mutation/parts');

/** The `--mutate` patterns given, in order. */
function mutatePatterns(args: readonly string[]): string[] {
  const patterns: string[] = [];
  args.forEach((arg, i) => {
    if ((arg === '--mutate' || arg === '-m') && args[i + 1]) patterns.push(...args[i + 1]!.split(','));
    else if (arg.startsWith('--mutate=')) patterns.push(...arg.slice('--mutate='.length).split(','));
  });
  return patterns;
}
function partName(patterns: readonly string[]): string {
  const name = patterns.join('+').replace(/[^A-Za-z0-9._-]+/g, '_');
  return name.length <= 80 ? name : `${name.slice(0, 60)}-${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
}

/** The commit the code under test is at, marked when the tree holds changes not committed. */
function commitOf(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'machines', 'src', 'server', 'tests', 'scripts', 'stryker.config.mjs', 'vitest.mutation.config.ts'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  return dirty === '' ? head : `${head}+changes`;
}

const version = (pkg: string) => (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

function runStryker(args: string[], incrementalFile: string | null): RunInfo {
  const incremental = args.includes('--incremental');
  const commit = commitOf();
  const started = Date.now();
  const extra = incrementalFile ? ['--incrementalFile', incrementalFile] : [];
  const result = spawnSync(join(root, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs', ...args, ...extra], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`stryker exited with ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
  return {
    commit,
    wallSeconds: (Date.now() - started) / 1000,
    incremental,
    cores: availableParallelism(),
    node: process.versions.node,
    stryker: version('@stryker-mutator/core'),
    vitest: version('vitest'),
  };
}

/** The parts' reports as one (a file in several parts: the latest part's), and their runs. */
function fromParts(): RunInfo {
  const names = readdirSync(PARTS)
    .filter((f) => f.endsWith('.report.json'))
    .map((f) => f.slice(0, -'.report.json'.length))
    .sort((a, b) => statSync(join(PARTS, `${a}.report.json`)).mtimeMs - statSync(join(PARTS, `${b}.report.json`)).mtimeMs);
  if (names.length === 0) throw new Error(`no parts in ${PARTS}: run parts with --mutate first`);
  const merged: MutationReport = { files: {} };
  const runs: Array<RunInfo & { mutate: string[] }> = [];
  for (const name of names) {
    const part = JSON.parse(readFileSync(join(PARTS, `${name}.report.json`), 'utf8')) as MutationReport;
    Object.assign(merged.files, part.files);
    runs.push(JSON.parse(readFileSync(join(PARTS, `${name}.run.json`), 'utf8')) as RunInfo & { mutate: string[] });
  }
  const full = JSON.parse(readFileSync(REPORT, 'utf8')) as Record<string, unknown>;
  writeFileSync(REPORT, JSON.stringify({ ...full, files: merged.files }));
  const commits = [...new Set(runs.map((r) => r.commit))];
  const last = runs[runs.length - 1]!;
  return {
    ...last,
    commit: commits.join(', '),
    wallSeconds: runs.reduce((sum, r) => sum + r.wallSeconds, 0),
    incremental: runs.some((r) => r.incremental),
    parts: runs.map((r) => ({ mutate: r.mutate, commit: r.commit, wallSeconds: r.wallSeconds, incremental: r.incremental })),
  };
}

function main() {
  const args = process.argv.slice(2);
  const reportOnly = args.includes('--report-only');
  const parts = args.includes('--from-parts');
  const patterns = mutatePatterns(args);
  const partial = patterns.length > 0;
  let run: RunInfo | null = null;
  if (parts) {
    run = fromParts();
    writeFileSync(RUN_INFO, `${JSON.stringify(run, null, 2)}\n`);
  } else if (!reportOnly) {
    mkdirSync(PARTS, { recursive: true });
    run = runStryker(args, partial ? join('reports/mutation/parts', `${partName(patterns)}.incremental.json`) : null);
    if (partial) {
      writeFileSync(join(PARTS, `${partName(patterns)}.report.json`), readFileSync(REPORT));
      writeFileSync(join(PARTS, `${partName(patterns)}.run.json`), `${JSON.stringify({ ...run, mutate: patterns }, null, 2)}\n`);
    } else writeFileSync(RUN_INFO, `${JSON.stringify(run, null, 2)}\n`);
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
