import type { SqliteDatabase } from './db';
import type { IdentityProvider } from './oidc/identityProvider';
import { hospitalRepository } from './repositories/hospitals';
import type { HospitalRepository } from './repositories/hospitals';
import { patientRepository } from './repositories/patients';
import type { PatientRepository } from './repositories/patients';
import { reportSyncRepository } from './repositories/reportSync';
import type { ReportSyncRepository } from './repositories/reportSync';
import { studyRepository } from './repositories/studies';
import type { StudyRepository } from './repositories/studies';

/** What route handlers reach through `request.server.sandbox`. */
export interface SandboxContext {
  db: SqliteDatabase;
  hospitals: HospitalRepository;
  patients: PatientRepository;
  studies: StudyRepository;
  reportSync: ReportSyncRepository;
  identity: IdentityProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}

export function createSandboxContext(db: SqliteDatabase, identity: IdentityProvider): SandboxContext {
  return {
    db,
    identity,
    hospitals: hospitalRepository(db),
    patients: patientRepository(db),
    studies: studyRepository(db),
    reportSync: reportSyncRepository(db),
  };
}
