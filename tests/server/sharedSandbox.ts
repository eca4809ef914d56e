import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildSandbox } from '../../server/app';
import { freeIssuer, PUBLIC_ORIGIN } from './helpers';
import { patientApi } from './patientApi';
import type { PatientApi } from './patientApi';

export interface SharedSandbox {
  app(): FastifyInstance;
  /** The API as one demo patient calls it; each patient signs in once per file. */
  as(login: string): Promise<PatientApi>;
}

/**
 * One sandbox for a whole test file (startSandbox's closes after each test): started before the
 * first test, closed after the last. Tests in the file run in order and share its data, so a test
 * that changes data says so.
 */
export function sharedSandbox(env: NodeJS.ProcessEnv = {}): SharedSandbox {
  let app: FastifyInstance | undefined;
  let dataDir = '';
  const apis = new Map<string, Promise<PatientApi>>();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cloud-film-shared-'));
    const identityProviderIssuer = await freeIssuer();
    app = await buildSandbox({ dataDir, publicOrigin: PUBLIC_ORIGIN, env, identityProviderIssuer });
    await app.sandbox.identity.listen(Number(new URL(identityProviderIssuer).port), '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sandbox: SharedSandbox = {
    app() {
      if (!app) throw new Error('the shared sandbox starts in beforeAll');
      return app;
    },
    as(login) {
      if (!apis.has(login)) apis.set(login, patientApi(sandbox.app(), login));
      return apis.get(login)!;
    },
  };
  return sandbox;
}
