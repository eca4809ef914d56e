import type { SqliteDatabase } from '../db';
import { DEMO_PATIENT_LOGIN } from '../demoData';
import { importPacsStudies } from './pacsStudies';
import type { PacsArchive } from './pacsArchive';

/**
 * The sandbox's start with `CF_PACS_URL`: the archive's studies become those of the demo patient
 * `CF_PACS_PATIENT` (a login name, the first demo patient by default). An archive that cannot be
 * reached does not stop the start: the studies imported before stay, and the message says why.
 * Returns one line for the console.
 */
export async function importFromPacs(db: SqliteDatabase, pacs: PacsArchive, env: NodeJS.ProcessEnv): Promise<string> {
  const patient = env.CF_PACS_PATIENT?.trim() || DEMO_PATIENT_LOGIN;
  try {
    const { found, added, removed, clashes } = await importPacsStudies(db, pacs, patient);
    const notes = [removed ? `${removed} gone from the archive removed` : '', clashes ? `${clashes} left out (the sandbox has a study of that UID)` : ''].filter(Boolean);
    return `Image archive ${pacs.url}: ${found} studies for ${patient} (${added} new${notes.length ? `; ${notes.join('; ')}` : ''}), served at /archives/pacs/`;
  } catch (error) {
    return `Image archive ${pacs.url}: could not import its studies (${error instanceof Error ? error.message : String(error)}); the proxy still forwards to it`;
  }
}
