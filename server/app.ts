import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { aiAnalysisSettings } from './aiAnalysis';
import { registerAntiForgery } from './antiForgery';
import { importFromPacs } from './archives/pacsImport';
import { pacsArchiveOf, pacsImageArchives } from './archives/pacsArchive';
import { archiveProxyRoutes } from './archives/proxyRoutes';
import { createSandboxContext } from './context';
import { requireSignedInPatient } from './currentPatient';
import { openDatabase } from './db';
import { sandboxArchive } from './dicom/sandboxArchive';
import { registerErrorHandler } from './errorHandler';
import { buildIdentityProvider } from './oidc/identityProvider';
import type { IdentityProvider } from './oidc/identityProvider';
import { resolveTokenTtl } from './oidc/tokenTtl';
import type { TokenTtl } from './oidc/tokenTtl';
import { isApiPath, pathnameOf, RUNTIME_CONFIG_PATH } from './paths';
import { aiRoutes } from './routes/ai';
import { analyticsRoutes } from './routes/analytics';
import { aiInfoRoutes } from './routes/aiInfo';
import { aiApplyRoutes, ordersTestRoutes } from './routes/aiApply';
import { centerRoutes } from './routes/center';
import { consultationRoutes, servicesTestRoutes } from './routes/consultation';
import { imageStoreRoutes } from './routes/imageStore';
import { collectRoutes, collectTestRoutes } from './routes/collect';
import { filmDownRoutes, filmDownTestRoutes } from './routes/filmDown';
import { shareLogRoutes, shareRoutes, shareTestRoutes } from './routes/share';
import { familyRoutes } from './routes/family';
import { compareRoutes } from './routes/compare';
import { commonRoutes } from './routes/common';
import { helpRoutes } from './routes/help';
import { hospitalRoutes } from './routes/hospital';
import { filmRoutes, imageRoutes } from './routes/images';
import { packageRoutes } from './routes/package';
import { reportRoutes } from './routes/report';
import { aiFinishTestRoutes, sandboxAiRoutes } from './routes/sandboxAi';
import { sandboxAssetRoutes } from './routes/sandboxAssets';
import { sandboxAuditRoutes } from './routes/sandboxAudit';
import { hospitalTestRoutes } from './routes/sandboxHospital';
import { hostileTestRoutes } from './routes/hostileTestRoutes';
import { sandboxPaymentRoutes, wxPayTestRoutes } from './routes/sandboxPayment';
import { reportSyncTestRoutes, sandboxReportRoutes } from './routes/sandboxReports';
import { sandboxServiceRoutes } from './routes/sandboxServices';
import { sandboxSignInRoutes } from './routes/sandboxSignIn';
import { storageRoutes } from './routes/storage';
import { wadoRoutes } from './routes/wado';
import { wechatRoutes } from './routes/wechat';
import { buildRuntimeConfig, otherAppOrigins, sandboxDicomWeb } from './runtimeConfig';
import { registerSecurityHeaders } from './securityHeaders';
import { inlineSources } from './inlineSources';
import { fetchedArchiveOrigins } from '../src/shared/config/imageArchives';
import { seedDemoAiOrders, seedDemoData, seedDemoPasswords, seedDemoStudyDetails } from './seed';
import { registerStaticApp } from './staticApp';
import { isTestMode } from './testMode';
import { clientLimitScale } from './rateLimit';

export interface SandboxOptions {
  /** Holds the SQLite database; created when missing. */
  dataDir: string;
  /** The built app (`vite build` output). Without it, pages answer "run npm run build first". */
  distDir?: string;
  /** The origin the browser uses to reach the sandbox, e.g. `http://127.0.0.1:8080`. */
  publicOrigin: string;
  /**
   * The sign-in provider's own origin and issuer; by default the public origin's port plus one
   * (`http://127.0.0.1:8081`). The sandbox builds the provider (`app.sandbox.identity`); it
   * answers once `app.sandbox.identity.listen` is called.
   */
  identityProviderIssuer?: string;
  /** Token lifetimes in seconds, over the `OIDC_*_TTL` environment variables and the defaults. */
  tokenTtl?: Partial<TokenTtl>;
  logger?: boolean;
  /**
   * Where `CF_*` and `OIDC_*` overrides are read from; `process.env` by default. `CF_AI_ANALYSIS_MS`
   * and `CF_AI_ANALYSIS_OUTCOME` say when and how a paid AI analysis ends (aiAnalysis.ts);
   * `CF_PACS_URL` and `CF_PACS_PATIENT` put a real archive in front of a demo patient (server/archives/).
   */
  env?: NodeJS.ProcessEnv;
  /** Told what the import from `CF_PACS_URL`'s archive found (main.ts prints it). */
  onArchiveImport?: (message: string) => void;
}

const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The public origin with the next port: where `main.ts` puts the sign-in provider unless told otherwise. */
export function defaultIdentityProviderIssuer(publicOrigin: string): string {
  const url = new URL(publicOrigin);
  url.port = String(Number(url.port || (url.protocol === 'https:' ? 443 : 80)) + 1);
  return url.origin;
}

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const env = options.env ?? process.env;
  const issuer = new URL(options.identityProviderIssuer ?? defaultIdentityProviderIssuer(options.publicOrigin)).origin;
  const runtimeConfig = buildRuntimeConfig(options.publicOrigin, issuer, env, pacsImageArchives(env));
  const ttl = resolveTokenTtl(env, options.tokenTtl);
  const analysis = aiAnalysisSettings(env);
  const pacs = pacsArchiveOf(env);
  const db = openDatabase(options.dataDir);
  let identity: IdentityProvider;
  try {
    seedDemoData(db);
    seedDemoAiOrders(db);
    await seedDemoPasswords(db);
    if (pacs) {
      const imported = await importFromPacs(db, pacs, env);
      options.onArchiveImport?.(imported);
    }
    seedDemoStudyDetails(db);
    identity = await buildIdentityProvider({ issuer, appOrigin: options.publicOrigin, db, ttl, clientLimitScale: clientLimitScale(env) });
  } catch (error) {
    db.close();
    throw error;
  }

  const app = Fastify({ logger: options.logger ?? false });
  const dicom = sandboxArchive(db, env);
  app.decorate('sandbox', createSandboxContext(db, identity, { publicOrigin: options.publicOrigin, aiAnalysis: analysis, clientLimitScale: clientLimitScale(env), otherAppOrigins: otherAppOrigins(env) }));
  app.addHook('onClose', async () => {
    app.sandbox.aiAnalysis.close();
    await identity.close();
    db.close();
  });

  try {
    await registerSecurityHeaders(app, { identityProviderOrigins: [identity.issuer], imageArchiveOrigins: fetchedArchiveOrigins(runtimeConfig), inline: inlineSources(options.distDir) });
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Quality 11 (the default) costs too much per request for a development server.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    app.addHook('onSend', async (request, reply) => {
      if (isApiPath(pathnameOf(request.url))) reply.header('cache-control', 'private, no-store');
    });
    registerErrorHandler(app, { logger: options.logger ?? false });
    registerAntiForgery(app);

    await app.register(
      async (api) => {
        requireSignedInPatient(api);
        await api.register(hospitalRoutes);
        await api.register(packageRoutes, { pacs });
        await api.register(reportRoutes);
        await api.register(storageRoutes);
        await api.register(commonRoutes);
        await api.register(aiInfoRoutes);
        await api.register(aiRoutes);
        await api.register(wechatRoutes);
        await api.register(analyticsRoutes);
        await api.register(imageRoutes, { archive: dicom, dicomWeb: sandboxDicomWeb(env), pacs });
        await api.register(collectRoutes);
        await api.register(filmDownRoutes, { archive: dicom, env });
        await api.register(shareRoutes);
        await api.register(shareLogRoutes);
        await api.register(familyRoutes);
        await api.register(helpRoutes);
        await api.register(imageStoreRoutes);
        await api.register(aiApplyRoutes);
        await api.register(centerRoutes);
        await api.register(consultationRoutes);
        await api.register(compareRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(sandboxAssetRoutes);
    await app.register(sandboxPaymentRoutes);
    await app.register(sandboxAiRoutes);
    await app.register(sandboxAuditRoutes);
    await app.register(wadoRoutes, { archive: dicom });
    await app.register(archiveProxyRoutes, { pacs });
    await app.register(filmRoutes, { archive: dicom });
    await app.register(sandboxReportRoutes);
    await app.register(sandboxServiceRoutes);
    // Test hooks and the pay stand-in change anyone's data: they exist only in test mode.
    if (isTestMode(env)) {
      await app.register(sandboxSignInRoutes);
      await app.register(wxPayTestRoutes);
      await app.register(aiFinishTestRoutes);
      await app.register(reportSyncTestRoutes);
      await app.register(hospitalTestRoutes);
      await app.register(collectTestRoutes);
      await app.register(filmDownTestRoutes);
      await app.register(shareTestRoutes);
      await app.register(ordersTestRoutes);
      await app.register(servicesTestRoutes);
      await app.register(hostileTestRoutes);
    }
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
