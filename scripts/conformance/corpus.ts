// Shared module: the conformance tests (tests/conformance/, e2e/conformance.spec.ts) and the Orthanc
// browser tests load the same files from here. Keep buildCorpus's signature and CorpusEntry stable.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPECTED_TO_FAIL, RECIPES, type Expectation, type KnownFailure, type Recipe } from './manifest';
import { writeSeed, type SeedName } from './seeds';
import { readHeader, run, runForLog, type Header } from './tools';

/**
 * The conformance corpus: DICOM files nobody here encoded (manifest.ts), each with DCMTK's
 * rendering of the frames the tests compare, built once into a cache directory and reused while
 * the recipes and tools stay the same.
 */

export interface Reference {
  frame: number;
  file: string;
  range: { min: number; max: number } | null;
}

export interface CorpusEntry extends Header {
  /** Unique, file-name safe: `ct12-jpegls`, `pydicom-CT_small`. */
  name: string;
  /** The DICOM file (absolute). */
  file: string;
  /** How it was made or where it comes from, in words. */
  made: string;
  /**
   * DCMTK's rendering of each compared frame (0-based): a PGM (16-bit) or PPM (8-bit); for grey,
   * also the smallest and largest modality value DCMTK found in it (rescale applied).
   */
  references: Reference[];
  /** What the decoder must make of it. */
  expect: Expectation;
  /** Why and where the decoder does not yet show it as expected (manifest.ts EXPECTED_TO_FAIL), or null. */
  expectedToFail: KnownFailure | null;
}

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HERE = dirname(fileURLToPath(import.meta.url));

/** The directory the tests build into (gitignored with the sandbox's data). */
export const DEFAULT_CORPUS_DIR = join(REPOSITORY, '.sandbox-data', 'conformance');

/** Changes when a recipe, a seed, a packaged sample or a tool changes, so a stale cache is never read. */
function cacheKey(): string {
  const hash = createHash('sha256');
  for (const file of ['corpus.ts', 'manifest.ts', 'seeds.ts', 'tools.ts']) hash.update(readFileSync(join(HERE, file)));
  for (const recipe of RECIPES) {
    if ('file' in recipe.from) {
      const { size, mtimeMs } = statSync(absolute(recipe.from.file));
      hash.update(`${recipe.from.file} ${size} ${mtimeMs}`);
    }
  }
  hash.update(run('dcmconv', ['--version']));
  hash.update(run('gdcmconv', ['--version']));
  return hash.digest('hex').slice(0, 12);
}

function absolute(file: string): string {
  return isAbsolute(file) ? file : join(REPOSITORY, file);
}

async function source(recipe: Recipe, work: string, seeds: Map<SeedName, string>): Promise<string> {
  if ('file' in recipe.from) return absolute(recipe.from.file);
  const seed = recipe.from.seed;
  let file = seeds.get(seed);
  if (!file) {
    file = join(work, `seed-${seed}.dcm`);
    writeFileSync(file, await writeSeed(seed));
    seeds.set(seed, file);
  }
  return file;
}

/** Runs a recipe's steps from its source; the last output is the corpus file. */
function applySteps(recipe: Recipe, input: string, output: string, work: string): void {
  const steps = recipe.steps ?? [];
  if (steps.length === 0) {
    copyFileSync(input, output);
    return;
  }
  let previous = input;
  steps.forEach(([tool, ...args], i) => {
    const next = i === steps.length - 1 ? output : join(work, `${recipe.name}.step${i}`);
    if (!args.includes('IN')) copyFileSync(previous, next);
    run(tool!, args.map((arg) => (arg === 'IN' ? previous : arg === 'OUT' ? next : arg)));
    previous = next;
  });
}

const JPEG_2000 = new Set(['1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.91']);
const JPEG_LS = new Set(['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81']);

/**
 * DCMTK's rendering of a frame: modality LUT applied, no VOI window (so linear in the modality
 * values), MONOCHROME1 inverted, colour converted to RGB, palette colour looked up; grey as a
 * 16-bit ASCII PGM, colour (8 bits a sample whatever the file's depth) as a binary PPM. For grey,
 * DCMTK's own report of the frame's modality range (-v -im) comes with it: the rendering alone
 * cannot show a rescale, the range does.
 * dcmj2pnm reads JPEG and RLE, dcml2pnm JPEG-LS; JPEG 2000 is decompressed by GDCM first.
 */
function render(file: string, header: Header, frame: number, out: string, work: string): Reference['range'] {
  const grey = header.samplesPerPixel === 1 && header.photometric !== 'PALETTE COLOR';
  let readable = file;
  if (JPEG_2000.has(header.transferSyntaxUid)) {
    readable = join(work, 'decompressed.dcm');
    run('gdcmconv', ['--raw', '-i', file, '-o', readable]);
  }
  const tool = JPEG_LS.has(header.transferSyntaxUid) ? 'dcml2pnm' : 'dcmj2pnm';
  const selected = ['+F', String(frame + 1)];
  run(tool, [...selected, grey ? '+opw' : '+op', readable, out]);
  if (!grey) return null;
  const report = runForLog(tool, [...selected, '-v', '-im', '-o', readable]);
  const value = (name: string) => Number(new RegExp(`${name} pixel value\\s*:\\s*(-?[\\d.e+-]+)`).exec(report)?.[1]);
  return { min: value('minimum'), max: value('maximum') };
}

/** The frames compared: the first, and the last of a multi-frame file. */
function comparedFrames(header: Header): number[] {
  return header.frames > 1 ? [0, header.frames - 1] : [0];
}

/** Builds (or reuses) the corpus under `dir`; returns one entry per file. */
export async function buildCorpus(dir: string): Promise<CorpusEntry[]> {
  const root = join(dir, cacheKey());
  const index = join(root, 'corpus.json');
  if (existsSync(index)) return JSON.parse(readFileSync(index, 'utf8')) as CorpusEntry[];

  // Built aside and renamed, so two runs at once never read a half-built corpus.
  const building = `${root}.building-${process.pid}`;
  const work = join(building, 'work');
  mkdirSync(work, { recursive: true });
  const seeds = new Map<SeedName, string>();
  const entries: CorpusEntry[] = [];
  for (const recipe of RECIPES) {
    const file = join(building, `${recipe.name}.dcm`);
    applySteps(recipe, await source(recipe, work, seeds), file, work);
    const header = readHeader(file);
    const references = 'rendered' in recipe.expect
      ? comparedFrames(header).map((frame) => {
        const range = render(file, header, frame, join(building, `${recipe.name}.f${frame}.pnm`), work);
        return { frame, file: join(root, `${recipe.name}.f${frame}.pnm`), range };
      })
      : [];
    entries.push({
      name: recipe.name,
      file: join(root, `${recipe.name}.dcm`),
      made: recipe.made,
      ...header,
      references,
      expect: recipe.expect,
      expectedToFail: EXPECTED_TO_FAIL[recipe.name] ?? null,
    });
  }
  rmSync(work, { recursive: true, force: true });
  writeFileSync(join(building, 'corpus.json'), JSON.stringify(entries, null, 1));
  if (existsSync(index)) {
    rmSync(building, { recursive: true, force: true });
  } else {
    rmSync(root, { recursive: true, force: true });
    renameSync(building, root);
  }
  // Corpora of earlier recipes or tools are never read again.
  const key = basename(root);
  for (const old of readdirSync(dir)) if (/^[0-9a-f]{12}$/.test(old) && old !== key) rmSync(join(dir, old), { recursive: true, force: true });
  return entries;
}
