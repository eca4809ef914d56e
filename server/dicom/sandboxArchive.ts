import { archiveStudyId, isArchiveStudy } from '../archives/pacsStudies';
import type { SqliteDatabase } from '../db';
import { DicomArchive } from './archive';
import { dicomCacheRoot } from './cache';
import { storedStudies } from './studies';

/**
 * The sandbox's archive over its database. Environment: `SANDBOX_DICOM_CACHE` (the cache root),
 * `SANDBOX_FAULTS=1` (the test-only faults, for the browser tests), `SANDBOX_DICOM_WARM` (1 or 0:
 * generate every series in the background once the sandbox is ready; on by default, off under
 * NODE_ENV=test, where each test generates only the series it asks for).
 */
export function sandboxArchive(db: SqliteDatabase, env: NodeJS.ProcessEnv): DicomArchive {
  const warm = env.SANDBOX_DICOM_WARM ?? process.env.SANDBOX_DICOM_WARM;
  const stored = storedStudies(db);
  return new DicomArchive({
    cacheRoot: dicomCacheRoot(env),
    // A study imported from a real archive (server/archives/) has no phantoms here.
    studies: {
      byUid: (uid) => (archiveStudyId(db, uid) === undefined ? stored.byUid(uid) : undefined),
      all: () => stored.all().filter((study) => !isArchiveStudy(db, study.id)),
    },
    faults: env.SANDBOX_FAULTS === '1',
    warmUp: warm === undefined ? process.env.NODE_ENV !== 'test' : warm === '1',
  });
}
