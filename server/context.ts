import { aiAnalysis } from './aiAnalysis';
import type { AiAnalysis, AiAnalysisSettings } from './aiAnalysis';
import type { SqliteDatabase } from './db';
import type { IdentityProvider } from './oidc/identityProvider';
import { rateLimiter } from './rateLimit';
import { urlSigner } from './signedUrls';
import type { UrlSigner } from './signedUrls';
import type { RateLimiter } from './rateLimit';
import { aiOrderRepository } from './repositories/aiOrders';
import type { AiOrderRepository } from './repositories/aiOrders';
import { analyticsRepository } from './repositories/analytics';
import type { AnalyticsRepository } from './repositories/analytics';
import { hospitalRepository } from './repositories/hospitals';
import type { HospitalRepository } from './repositories/hospitals';
import { patientRepository } from './repositories/patients';
import type { PatientRepository } from './repositories/patients';
import { paymentRepository } from './repositories/payments';
import type { PaymentRepository } from './repositories/payments';
import { reportSyncRepository } from './repositories/reportSync';
import { serverAuditRepository } from './repositories/serverAudit';
import type { ServerAuditRepository } from './repositories/serverAudit';
import { storageOrderRepository } from './repositories/storageOrders';
import type { StorageOrderRepository } from './repositories/storageOrders';
import type { ReportSyncRepository } from './repositories/reportSync';
import { studyRepository } from './repositories/studies';
import type { StudyRepository } from './repositories/studies';
import { studyPassRepository } from './repositories/studyPasses';
import type { StudyPassRepository } from './repositories/studyPasses';

/** What route handlers reach through `request.server.sandbox`. */
export interface SandboxContext {
  db: SqliteDatabase;
  /** The origin the browser uses to reach the sandbox, e.g. `http://127.0.0.1:8080`. */
  publicOrigin: string;
  hospitals: HospitalRepository;
  patients: PatientRepository;
  studies: StudyRepository;
  /** What someone who is not signed in may read: after an SMS verification, or an opened share (issue 13). */
  passes: StudyPassRepository;
  reportSync: ReportSyncRepository;
  aiOrders: AiOrderRepository;
  storageOrders: StorageOrderRepository;
  /** Payments of either kind of order (AI analyses, storage plans). */
  payments: PaymentRepository;
  analytics: AnalyticsRepository;
  /** What the sandbox itself did with money and orders: the half of the audit trail no client writes. */
  serverAudit: ServerAuditRepository;
  aiAnalysis: AiAnalysis;
  identity: IdentityProvider;
  /** Every abuse limit counts here (server/rateLimit.ts). */
  limits: RateLimiter;
  /** Signs and checks the short-lived URLs of health data (server/signedUrls.ts); a new key each start. */
  signer: UrlSigner;
  /** Where the app runs: the only origins CORS lets read health data (the public origin, and CF_APP_ORIGINS). */
  appOrigins: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}

export interface SandboxContextOptions {
  publicOrigin: string;
  aiAnalysis: AiAnalysisSettings;
  /** Per-client limits times this (CF_CLIENT_LIMIT_SCALE; 1 unless set). */
  clientLimitScale?: number;
  /** Origins besides the public one where the app runs (CF_APP_ORIGINS: a development server). */
  otherAppOrigins?: readonly string[];
}

export function createSandboxContext(db: SqliteDatabase, identity: IdentityProvider, options: SandboxContextOptions): SandboxContext {
  const aiOrders = aiOrderRepository(db);
  const studies = studyRepository(db);
  const storageOrders = storageOrderRepository(db, studies);
  return {
    db,
    identity,
    publicOrigin: new URL(options.publicOrigin).origin,
    hospitals: hospitalRepository(db),
    patients: patientRepository(db),
    studies,
    passes: studyPassRepository(db),
    reportSync: reportSyncRepository(db),
    aiOrders,
    storageOrders,
    payments: paymentRepository(db, { ai: aiOrders.settlement, storage: storageOrders.settlement }),
    analytics: analyticsRepository(db),
    serverAudit: serverAuditRepository(db),
    aiAnalysis: aiAnalysis(aiOrders, options.aiAnalysis),
    limits: rateLimiter(db, { clientScale: options.clientLimitScale }),
    signer: urlSigner(),
    appOrigins: [new URL(options.publicOrigin).origin, ...(options.otherAppOrigins ?? [])],
  };
}
