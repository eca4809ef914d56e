// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRuntimeConfig, imageArchiveOrigins, otherAppOrigins } from '../../server/runtimeConfig';
import { startSandbox } from './helpers';

describe("the sandbox's runtime configuration", () => {
  const build = (env: NodeJS.ProcessEnv) => buildRuntimeConfig('http://127.0.0.1:8080', 'http://127.0.0.1:8081', env);

  it('keeps the QA panel off unless CF_QA_PANEL=1 asks for it', () => {
    expect(build({}).qaPanel).toBe(false);
    expect(build({ CF_QA_PANEL: '0' }).qaPanel).toBe(false);
    expect(build({ CF_QA_PANEL: '1' }).qaPanel).toBe(true);
  });
});

describe('the origins the sandbox is told of', () => {
  it('reads CF_IMAGE_ARCHIVES and CF_APP_ORIGINS as comma-separated origins', () => {
    expect(imageArchiveOrigins({ CF_IMAGE_ARCHIVES: 'http://127.0.0.1:8091/wado, https://pacs.example.org' })).toEqual(['http://127.0.0.1:8091', 'https://pacs.example.org']);
    expect(otherAppOrigins({ CF_APP_ORIGINS: ' http://127.0.0.1:5173/ ' })).toEqual(['http://127.0.0.1:5173']);
    expect(otherAppOrigins({})).toEqual([]);
  });

  it('lets an app origin named in CF_APP_ORIGINS read images across origins, and only it', async () => {
    const app = await startSandbox({ env: { CF_APP_ORIGINS: 'http://127.0.0.1:5173' } });
    const preflight = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: '/sandbox/wado', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect((await preflight('http://127.0.0.1:5173')).headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect((await preflight('http://127.0.0.1:5174')).statusCode).toBe(403);
  });
});
