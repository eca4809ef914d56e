// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRuntimeConfig } from '../../server/runtimeConfig';

describe("the sandbox's runtime configuration", () => {
  const build = (env: NodeJS.ProcessEnv) => buildRuntimeConfig('http://127.0.0.1:8080', 'http://127.0.0.1:8081', env);

  it('keeps the QA panel off unless CF_QA_PANEL=1 asks for it', () => {
    expect(build({}).qaPanel).toBe(false);
    expect(build({ CF_QA_PANEL: '0' }).qaPanel).toBe(false);
    expect(build({ CF_QA_PANEL: '1' }).qaPanel).toBe(true);
  });
});
