import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locatePatches, placeholderTags, plainForm, STUDY_FIELDS } from './compose';
import type { Patches, StudyField } from './compose';
import type { SeriesTemplate } from './seriesTemplates';
import { TRANSFER_SYNTAX_UID, writeDicom } from './write/index';

/**
 * The generated series, on disk, shared by every sandbox on the machine: each template is made
 * once (tens of seconds for all of them), then every start and every test finds it. A series is
 * written into a temporary directory and renamed into place, under a lock file, so two processes
 * never clash and a killed one leaves nothing half-written behind.
 *
 * Layout: `<root>/<version>/<template key>/` holds `manifest.json`, `<index>.dcm` (the template
 * file, inflated if its syntax deflates) and `previews.bin` (8-bit previews, see SeriesManifest).
 * The version is a hash of the generator's sources, so changing a phantom or an encoder starts a
 * fresh cache.
 */

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(here, '..', '..');

/** `SANDBOX_DICOM_CACHE`, else `<repo>/.sandbox-data/dicom-cache`; the generator version is a folder inside. */
export function dicomCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.SANDBOX_DICOM_CACHE?.trim() || join(REPO_ROOT, '.sandbox-data', 'dicom-cache');
}

let version: string | undefined;

/** The sources that shape the generated files: the phantoms, the templates, this cache, the composer, the writer. */
function isGeneratorSource(dir: string, name: string): boolean {
  if (!name.endsWith('.ts')) return false;
  return dir !== here || name.startsWith('phantom') || ['seriesTemplates.ts', 'compose.ts', 'cache.ts', 'uids.ts'].includes(name);
}

/** A hash of the generator's sources: a changed phantom or encoder gets a cache of its own. */
export function generatorVersion(): string {
  if (version) return version;
  const hash = createHash('sha256');
  for (const dir of [here, join(here, 'write')]) {
    for (const name of readdirSync(dir).filter((n) => isGeneratorSource(dir, n)).sort()) {
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  version = `g-${hash.digest('hex').slice(0, 12)}`;
  return version;
}

export interface SeriesManifest {
  key: string;
  syntaxUid: string;
  rows: number;
  columns: number;
  frames: number;
  channels: 1 | 3;
  /** Previews per instance: one per preview window (grey) or one per frame (colour), in that order. */
  previewsPerInstance: number;
  instances: { patches: Patches }[];
}

export interface SeriesFiles {
  dir: string;
  manifest: SeriesManifest;
}

/** How old (ms) a lock may get without its holder touching it before another process takes over. */
const STALE_LOCK_MS = 20_000;
const HEARTBEAT_MS = 2_000;
const POLL_MS = 200;

const FIELDS = Object.keys(STUDY_FIELDS) as StudyField[];

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets queued requests run between two instances: generation shares the event loop with the sandbox. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function readManifest(dir: string): Promise<SeriesManifest | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as SeriesManifest;
  } catch {
    return undefined;
  }
}

export class DicomCache {
  readonly dir: string;
  private readonly pending = new Map<string, Promise<SeriesFiles>>();
  private readonly ready = new Map<string, SeriesFiles>();

  constructor(root: string) {
    this.dir = join(root, generatorVersion());
  }

  /** The series' files, generating them first if no process has yet. */
  series(template: SeriesTemplate, signal?: AbortSignal): Promise<SeriesFiles> {
    const done = this.ready.get(template.key);
    if (done) return Promise.resolve(done);
    let pending = this.pending.get(template.key);
    if (!pending) {
      pending = this.obtain(template, signal).then(
        (files) => {
          this.ready.set(template.key, files);
          this.pending.delete(template.key);
          return files;
        },
        (error: unknown) => {
          this.pending.delete(template.key);
          throw error;
        },
      );
      this.pending.set(template.key, pending);
    }
    return pending;
  }

  /** Already generated (by any process)? Does not wait or generate. */
  async has(template: SeriesTemplate): Promise<boolean> {
    return this.ready.has(template.key) || (await readManifest(join(this.dir, template.key))) !== undefined;
  }

  private async obtain(template: SeriesTemplate, signal?: AbortSignal): Promise<SeriesFiles> {
    const dir = join(this.dir, template.key);
    const lock = `${dir}.lock`;
    await mkdir(this.dir, { recursive: true });
    for (;;) {
      const manifest = await readManifest(dir);
      if (manifest) return { dir, manifest };
      signal?.throwIfAborted();
      const handle = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return undefined;
        throw error;
      });
      if (handle) {
        await handle.close();
        try {
          return { dir, manifest: await this.generate(template, dir, lock, signal) };
        } finally {
          await rm(lock, { force: true });
        }
      }
      // Someone else is generating it: wait, unless they stopped touching the lock (killed).
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else await pause(POLL_MS);
    }
  }

  private async generate(template: SeriesTemplate, dir: string, lock: string, signal?: AbortSignal): Promise<SeriesManifest> {
    const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(tmp, { recursive: true });
    const heartbeat = setInterval(() => {
      const now = new Date();
      utimes(lock, now, now).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const syntaxUid = TRANSFER_SYNTAX_UID[template.syntax];
    const placeholders = placeholderTags();
    const previews = await open(join(tmp, 'previews.bin'), 'w');
    try {
      const instances: SeriesManifest['instances'] = [];
      let previewsPerInstance = 0;
      for (let index = 0; index < template.instances; index++) {
        signal?.throwIfAborted();
        await yieldToRequests();
        const made = template.generate(index);
        const file = await writeDicom({
          pixels: made.pixels,
          syntax: template.syntax,
          tags: {
            SpecificCharacterSet: 'ISO_IR 192',
            ...placeholders,
            Modality: template.modality,
            SeriesDescription: template.description,
            Manufacturer: 'CLOUD FILM SANDBOX',
            ManufacturerModelName: 'PHANTOM',
            ...made.tags,
          },
        });
        const plain = plainForm(file, syntaxUid);
        instances.push({ patches: locatePatches(plain, FIELDS) });
        await writeFile(join(tmp, `${index}.dcm`), plain);
        for (const preview of made.previews) await previews.write(preview);
        previewsPerInstance = made.previews.length;
      }
      const manifest: SeriesManifest = {
        key: template.key,
        syntaxUid,
        rows: template.rows,
        columns: template.columns,
        frames: template.frames,
        channels: template.previewChannels,
        previewsPerInstance,
        instances,
      };
      await previews.close();
      await writeFile(join(tmp, 'manifest.json'), JSON.stringify(manifest));
      await rename(tmp, dir).catch(async (error: NodeJS.ErrnoException) => {
        // Another process finished first (its lock went stale while it worked): keep theirs.
        if (!(await exists(join(dir, 'manifest.json')))) throw error;
      });
      return manifest;
    } finally {
      clearInterval(heartbeat);
      await previews.close().catch(() => {});
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /** Removes other generator versions' caches that nobody has used for a day. */
  async pruneOldVersions(): Promise<void> {
    const root = dirname(this.dir);
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.startsWith('g-') || join(root, name) === this.dir) continue;
      const age = await stat(join(root, name)).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > 86_400_000) await rm(join(root, name), { recursive: true, force: true });
    }
  }
}

/** One preview image of a generated instance: rows × columns × channels bytes. */
export async function readPreview(files: SeriesFiles, index: number, which: number): Promise<Uint8Array> {
  const { rows, columns, channels, previewsPerInstance } = files.manifest;
  const size = rows * columns * channels;
  const handle = await open(join(files.dir, 'previews.bin'), 'r');
  try {
    const out = new Uint8Array(size);
    await handle.read(out, 0, size, (index * previewsPerInstance + which) * size);
    return out;
  } finally {
    await handle.close();
  }
}

export function readTemplateFile(files: SeriesFiles, index: number): Promise<Buffer> {
  return readFile(join(files.dir, `${index}.dcm`));
}
