import { DicomArchive } from '../server/dicom/archive';
import { dicomCacheRoot } from '../server/dicom/cache';
import { demoArchiveStudies } from '../server/dicom/studies';

/**
 * Global setup: every demo series generated before the first test, so a viewer test waits for
 * the network and the decoder, never for the generator (about half a minute once on a clean
 * clone, nothing afterwards). The sandbox warms the same cache; the cache's lock keeps the two
 * from generating a series twice.
 */
export default async function warmDicom(): Promise<void> {
  const studies = demoArchiveStudies();
  const archive = new DicomArchive({ cacheRoot: dicomCacheRoot(), studies: { byUid: (uid) => studies.find((s) => s.studyUId === uid), all: () => studies }, faults: false });
  const started = Date.now();
  await archive.warmUp((message) => console.log(message));
  if (Date.now() - started > 1000) console.log(`dicom: cache ready in ${Math.round((Date.now() - started) / 1000)} s`);
}
