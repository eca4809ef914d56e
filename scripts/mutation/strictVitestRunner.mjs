/**
 * Stryker's Vitest runner (9.6), with one gap closed: a test file that fails to load counts.
 *
 * The model-based tests generate their paths from the chart when the file loads. A mutant that
 * breaks the chart (a target that does not exist, a child that is not there) makes that file fail
 * to load, so Vitest reports no test at all for it, and the 9.6 runner calls the mutant
 * "survived" (stryker-js issues 6150 and 6217; fixed in StrykerJS 10, which needs Node 22). Here:
 * - in the initial run, a file that fails to load is an error (as a failing test is), so the
 *   tests are known to load before any mutant is tried;
 * - in a mutant's run, a mutant that made a file fail to load is killed, by that file.
 */
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const vitest = vitestPlugins.find((plugin) => plugin.kind === 'TestRunner' && plugin.name === 'vitest');
if (!vitest) throw new Error('strictVitestRunner: @stryker-mutator/vitest-runner has no "vitest" test runner');

/** The files of the last run that failed outside any test, with why. */
function filesThatFailed(runner) {
  const files = runner.ctx?.state?.getFiles?.() ?? [];
  return files
    .filter((file) => file.result?.state === 'fail' && (file.result.errors?.length ?? 0) > 0)
    .map((file) => `${file.filepath}: ${file.result.errors.map((error) => error.message).join('; ')}`);
}

function createStrictVitestRunner(injector) {
  const runner = vitest.factory(injector);
  return {
    capabilities: () => runner.capabilities(),
    init: () => runner.init(),
    dispose: () => runner.dispose(),
    async dryRun(options) {
      const result = await runner.dryRun(options);
      const failed = filesThatFailed(runner);
      if (result.status === 'complete' && failed.length > 0) {
        return { status: 'error', errorMessage: `test files failed to load in the initial run:\n${failed.join('\n')}` };
      }
      return result;
    },
    async mutantRun(options) {
      const result = await runner.mutantRun(options);
      const failed = filesThatFailed(runner);
      if (result.status === 'survived' && failed.length > 0) {
        return { status: 'killed', killedBy: [], failureMessage: `a test file failed to load: ${failed.join('\n')}`, nrOfTests: result.nrOfTests };
      }
      return result;
    },
  };
}
createStrictVitestRunner.inject = ['$injector'];

export const strykerPlugins = [{ kind: 'TestRunner', name: 'vitest-strict', factory: createStrictVitestRunner }];
