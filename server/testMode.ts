/**
 * Test mode (SANDBOX_TEST_MODE=1; Playwright sets it): the sandbox adds /sandbox/test/* endpoints
 * that read its SMS and e-mail outboxes and the image codes' answers, and move clocks forward.
 * They do not exist otherwise.
 */
export function isTestMode(env: NodeJS.ProcessEnv): boolean {
  return env.SANDBOX_TEST_MODE === '1';
}

/** Where the test-mode endpoints live. */
export const TEST_PATH_PREFIX = '/sandbox/test';
