import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorpusEntry } from '../scripts/conformance/corpus';
import { EXAMS } from '../server/demoData';
import type { ExamKey } from '../server/demoData';
import { DicomArchive } from '../server/dicom/archive';
import { dicomCacheRoot } from '../server/dicom/cache';
import type { ArchiveStudy } from '../server/dicom/studies';
import { uidFor } from '../server/dicom/uids';

/**
 * A real archive for the browser tests (issue 25 §6): Debian's Orthanc with its DICOMweb plugin,
 * basic authentication on, no CORS, a storage folder of its own, on free ports. Started once per
 * run by the spec that needs it (e2e/orthanc.spec.ts), in seconds.
 */

export const ORTHANC = '/usr/sbin/Orthanc';
export const DICOMWEB_PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';
export const ORTHANC_USER = { name: 'cloudfilm', password: 'pacs-secret' } as const;

export interface RunningOrthanc {
  /** e.g. http://127.0.0.1:40123 (no credential). */
  url: string;
  /** The same with the registered user's credential: what CF_PACS_URL is set to. */
  urlWithCredential: string;
  authorization: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startOrthanc(): Promise<RunningOrthanc> {
  const dir = mkdtempSync(join(tmpdir(), 'cloud-film-orthanc-'));
  const [httpPort, dicomPort] = [await freePort(), await freePort()];
  const config = {
    Name: 'CloudFilmE2E',
    StorageDirectory: join(dir, 'storage'),
    IndexDirectory: join(dir, 'storage'),
    HttpPort: httpPort,
    DicomPort: dicomPort,
    RemoteAccessAllowed: true,
    AuthenticationEnabled: true,
    RegisteredUsers: { [ORTHANC_USER.name]: ORTHANC_USER.password },
    Plugins: [DICOMWEB_PLUGIN],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: true, WadoRoot: '/wado', Ssl: false },
  };
  writeFileSync(join(dir, 'orthanc.json'), JSON.stringify(config));
  const child: ChildProcess = spawn(ORTHANC, [join(dir, 'orthanc.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  let failed = false;
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  // Not installed: `node scripts/ensure-debian-packages.mjs` installs orthanc and orthanc-dicomweb.
  child.once('error', (error) => {
    failed = true;
    log += `${String(error)} (node scripts/ensure-debian-packages.mjs installs Orthanc)`;
  });
  const url = `http://127.0.0.1:${httpPort}`;
  const authorization = `Basic ${Buffer.from(`${ORTHANC_USER.name}:${ORTHANC_USER.password}`).toString('base64')}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 100) {
    const answer = await fetch(`${url}/system`, { headers: { authorization } }).catch(() => undefined);
    if (answer?.ok) break;
    if (failed || child.exitCode !== null || waited > 20_000) {
      await stop();
      throw new Error(`Orthanc did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, urlWithCredential: `http://${ORTHANC_USER.name}:${ORTHANC_USER.password}@127.0.0.1:${httpPort}`, authorization, stop };
}

/** A study the tests put in the archive: a demo exam's series with UIDs nobody else has. */
export interface LoadedStudy {
  studyUid: string;
  exam: ExamKey;
  description: string;
  /** The Orthanc id of its first instance (for `/instances/{id}/preview`). */
  firstInstanceId: string;
  instances: number;
  frames: number;
}

/**
 * Files for the archive written by the sandbox's own generator with fresh UIDs, for the flows
 * from the study list (the third-party files are loadCorpus's): a JPEG lossless CT
 * (a few slices), a JPEG baseline ultrasound cine (one multi-frame instance, YBR_FULL_422) and a
 * MONOCHROME1 12-bit radiograph.
 */
const LOADED: { exam: ExamKey; date: string; instances: number }[] = [
  { exam: 'ctChest', date: '2026-10-02', instances: 3 },
  { exam: 'usAbdomen', date: '2026-09-14', instances: 1 },
  { exam: 'drChest', date: '2026-08-20', instances: 1 },
];

export async function loadStudies(orthanc: RunningOrthanc, run: string): Promise<LoadedStudy[]> {
  const studies: ArchiveStudy[] = LOADED.map(({ exam, date }) => ({
    studyUId: uidFor(`orthanc-e2e/${run}/${exam}`),
    exam,
    modality: EXAMS[exam].modality,
    studyDate: date,
    studyTime: '09:30:00',
    accessionNumber: `PACS${run.slice(0, 6)}${exam.slice(0, 4)}`.slice(0, 16),
    patientName: 'PACS^TEST',
    patientId: 'PACS-E2E',
    patientSex: 'M',
    patientBirthDate: '1981-04-15',
    patientAge: '045Y',
    institutionName: 'ORTHANC E2E',
    studyDescription: EXAMS[exam].description,
    bodyPart: EXAMS[exam].bodyPart,
  }));
  const archive = new DicomArchive({ cacheRoot: dicomCacheRoot(), studies: { byUid: (uid) => studies.find((s) => s.studyUId === uid), all: () => studies }, faults: false });
  const loaded: LoadedStudy[] = [];
  for (const [index, study] of studies.entries()) {
    const [series] = archive.seriesOf(study);
    if (!series) throw new Error(`no series for ${study.exam}`);
    const picked = series.instances.slice(0, LOADED[index]!.instances);
    let firstInstanceId = '';
    for (const instance of picked) {
      const file = await archive.dicom({ study, series, instance });
      const answer = await fetch(`${orthanc.url}/instances`, { method: 'POST', headers: { authorization: orthanc.authorization, 'content-type': 'application/dicom' }, body: new Uint8Array(file) });
      if (!answer.ok) throw new Error(`Orthanc refused ${study.exam}: ${answer.status} ${await answer.text()}`);
      const { ID } = (await answer.json()) as { ID: string };
      firstInstanceId ||= ID;
    }
    loaded.push({ studyUid: study.studyUId, exam: study.exam!, description: study.studyDescription, firstInstanceId, instances: picked.length, frames: picked[0]!.frames });
  }
  return loaded;
}

/** A conformance corpus file (scripts/conformance/) in the archive, in a study of its own. */
export interface LoadedCorpusFile {
  entry: CorpusEntry;
  /** Its study's fresh UID; undefined when the archive would not store it (ARCHIVE_REFUSES). */
  studyUid: string | undefined;
}

/** The StudyDescription a corpus file's study gets: the entry's name, so a test can find it. */
export const corpusStudyDescription = (entry: CorpusEntry): string => `CORPUS ${entry.name}`;

/**
 * Loads every corpus file, each in a study, series and instance of fresh UIDs (the files DCMTK and
 * GDCM converted share their seed's UIDs) with the entry's name as its description and an old
 * date (so the corpus sorts after the demo studies in the patient's list). DCMTK's dcmodify
 * rewrites a copy: the data set is written again in the file's own transfer syntax, its pixel
 * data (compressed or not) as they were; a deflated file is deflated anew, without what GDCM
 * left after the stream. A file DCMTK cannot read (truncated) goes in as it is.
 */
export async function loadCorpus(orthanc: RunningOrthanc, entries: readonly CorpusEntry[]): Promise<LoadedCorpusFile[]> {
  const work = mkdtempSync(join(tmpdir(), 'cloud-film-orthanc-corpus-'));
  try {
    const loaded: LoadedCorpusFile[] = [];
    for (const entry of entries) {
      const copy = join(work, `${entry.name}.dcm`);
      copyFileSync(entry.file, copy);
      const fresh = spawnSync('dcmodify', ['-nb', '-gst', '-gse', '-gin', '-i', `(0008,1030)=${corpusStudyDescription(entry)}`, '-i', '(0008,0020)=20000101', copy]);
      const body = readFileSync(fresh.status === 0 ? copy : entry.file);
      const answer = await fetch(`${orthanc.url}/instances`, { method: 'POST', headers: { authorization: orthanc.authorization, 'content-type': 'application/dicom' }, body });
      if (!answer.ok) {
        loaded.push({ entry, studyUid: undefined });
        continue;
      }
      const { ParentStudy } = (await answer.json()) as { ParentStudy: string };
      const study = (await (await fetch(`${orthanc.url}/studies/${ParentStudy}`, { headers: { authorization: orthanc.authorization } })).json()) as { MainDicomTags: { StudyInstanceUID: string } };
      loaded.push({ entry, studyUid: study.MainDicomTags.StudyInstanceUID });
    }
    return loaded;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
