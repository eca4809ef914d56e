import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Vitest for mutation runs only (stryker.config.mjs): the fast tests that exercise what Stryker
 * mutates (machines/, src/shared/rules/, the error catalogue, the message lookup, the API client,
 * the audit code), not the view, sandbox or docs suites, so each mutant's run stays short.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'tests/machines/**/*.test.ts',
      'tests/rules/**/*.test.ts',
      // The error catalogue, the API client, the message lookup and the audit code.
      'tests/api/*.test.ts',
      'tests/i18n/*.test.ts',
      'tests/audit/*.test.ts',
      // Other fast tests that run the charts or the rules.
      'tests/features/aiOrderCard.test.ts',
      'tests/qa/probe.test.ts',
      'tests/theme/theme.test.ts',
      'tests/app/chunk.test.ts',
      'tests/platform/wechat.test.ts',
      'tests/session/sessionService.test.ts',
    ],
    exclude: [
      // A mutation test of its own (it changes the charts' transitions and replays the oracle on
      // every changed chart): minutes long, and nothing Stryker's mutants need.
      'tests/machines/chartMutants.test.ts',
      // Renders the whole app (the page sizes and themes as the patient sees them): a view test,
      // seconds per run, and related to every chart; the rules it reads are covered by the others.
      'tests/rules/constants.test.ts',
    ],
  },
});
