import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerAntiForgery } from './antiForgery';
import { createSandboxContext } from './context';
import { openDatabase } from './db';
import { registerErrorHandler } from './errorHandler';
import { isApiPath, pathnameOf, RUNTIME_CONFIG_PATH } from './paths';
import { hospitalRoutes } from './routes/hospital';
import { packageRoutes } from './routes/package';
import { reportRoutes } from './routes/report';
import { sandboxAssetRoutes } from './routes/sandboxAssets';
import { buildRuntimeConfig } from './runtimeConfig';
import { registerSecurityHeaders } from './securityHeaders';
import { seedDemoData } from './seed';
import { registerStaticApp } from './staticApp';

export interface SandboxOptions {
  /** Holds the SQLite database; created when missing. */
  dataDir: string;
  /** The built app (`vite build` output). Without it, pages answer "run npm run build first". */
  distDir?: string;
  /** The origin the browser uses to reach the sandbox, e.g. `http://127.0.0.1:8080`. */
  publicOrigin: string;
  logger?: boolean;
  /** Where `CF_*` overrides are read from; `process.env` by default. */
  env?: NodeJS.ProcessEnv;
}

const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const runtimeConfig = buildRuntimeConfig(options.publicOrigin, options.env);
  const db = openDatabase(options.dataDir);
  seedDemoData(db);

  const app = Fastify({ logger: options.logger ?? false });
  app.decorate('sandbox', createSandboxContext(db));
  app.addHook('onClose', async () => db.close());

  try {
    await registerSecurityHeaders(app);
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 11 (the default) costs too much per request for a development server.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    app.addHook('onSend', async (request, reply) => {
      if (isApiPath(pathnameOf(request.url))) reply.header('cache-control', 'no-store');
    });
    registerErrorHandler(app, { logger: options.logger ?? false });
    registerAntiForgery(app);

    await app.register(
      async (api) => {
        await api.register(hospitalRoutes);
        await api.register(packageRoutes);
        await api.register(reportRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(sandboxAssetRoutes);
    app.get(RUNTIME_CONFIG_PATH, async (_request, reply) => {
      return reply.header('cache-control', 'no-cache').send(runtimeConfig);
    });
    await registerStaticApp(app, options.distDir);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
