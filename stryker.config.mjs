// Mutation testing (StrykerJS with its Vitest runner): `npm run test:mutation`, which runs
// scripts/mutation.ts. That script runs Stryker with this file, fails when fewer than 90% of the
// mutants in machines/ are killed, and writes the scores and survivors into docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's Vitest runner, counting a test file that a mutant keeps from loading
  // (scripts/mutation/strictVitestRunner.mjs).
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/strictVitestRunner.mjs', './scripts/mutation/chartIgnorer.mjs'],
  testRunner: 'vitest-strict',
  // Descriptions and setup's `types` hold no behaviour (scripts/mutation/chartIgnorer.mjs).
  ignorers: ['chart-docs'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // Every chart in machines/ (not the test fixtures kept beside the charts: the events the
  // model-based tests walk (`*.model.ts`), the oracles (`*.oracle.ts`, `oracle.ts`) and the
  // replay), the rules, the error catalogue, the message lookup (not the string tables: a changed
  // word is checked against the specification by tests/i18n/specWording.test.ts), the API client
  // and the audit code, the app's and the sandbox's.
  mutate: [
    'machines/**/*.ts',
    '!machines/**/*.model.ts',
    '!machines/**/*.oracle.ts',
    '!machines/oracle.ts',
    '!machines/replay.ts',
    'src/shared/rules/**/*.ts',
    'src/shared/api/errorCatalogue.ts',
    'src/shared/api/client.ts',
    'src/shared/i18n/translate.ts',
    'src/shared/i18n/locale.ts',
    'src/shared/i18n/format.ts',
    'src/shared/audit/**/*.ts',
    'server/repositories/serverAudit.ts',
    'server/orderTrail.ts',
  ],
  // Two cores, and other work on the machine: `--concurrency 1` when others work there.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['json', 'html', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  tempDirName: '.stryker-tmp',
  // Nothing the unit tests read: kept out of the sandbox copy.
  // (server/ is copied: its audit modules are mutated, and their fast test opens a database.)
  ignorePatterns: ['dist', 'dist-*', 'test-results', 'playwright-report', '.sandbox-data', '.bench', 'e2e', 'public'],
  incrementalFile: 'reports/mutation/incremental.json',
  // scripts/mutation.ts applies the 90% bar (to the whole set and to machines/); Stryker's own bar
  // is off so the report is always written.
  thresholds: { high: 90, low: 80, break: null },
};
