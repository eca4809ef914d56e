/**
 * The build fails when the entry's critical path (what index.html itself names) is over its gzip
 * budget (issue 26): a library that slips into the entry is caught where it happens, with the
 * files and their sizes, instead of in a Lighthouse score weeks later.
 */
import type { Plugin } from 'vite';
import { afterBuild } from './afterBuild.ts';
import { CRITICAL_PATH_BUDGET_GZIP, criticalPath } from '../bench/criticalPath.ts';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Throws, naming every file, when the critical path of the build in `distDir` is over `budget`. */
export function checkCriticalPath(distDir: string, budget = CRITICAL_PATH_BUDGET_GZIP): { gzip: number; budget: number } {
  const { files, total } = criticalPath(distDir);
  if (total.gzip > budget) {
    const list = files.map((f) => `  ${f.file}: ${kib(f.gzip)}`).join('\n');
    throw new Error(`The entry's critical path is ${kib(total.gzip)} gzip, over its budget of ${kib(budget)}:\n${list}`);
  }
  return { gzip: total.gzip, budget };
}

export function criticalPathBudgetPlugin(): Plugin {
  return afterBuild('cloud-film:critical-path-budget', (outDir) => checkCriticalPath(outDir));
}
