import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { en } from '../../src/shared/i18n/en';
import type { MessageKey } from '../../src/shared/i18n/zh-CN';
import { buildCorpus, DEFAULT_CORPUS_DIR, type CorpusEntry } from './corpus';
import { decodeInNode, verdict, type Outcome } from './outcome';

/**
 * The conformance table of docs/viewer.md, from a run of the corpus through the decoder in Node:
 * `npx tsx scripts/conformance/table.ts` prints it, `--write` puts it into the page between its
 * markers. What Chromium does differently comes from manifest.ts EXPECTED_TO_FAIL, which
 * e2e/conformance.spec.ts holds to.
 */

const SYNTAX_NAMES: Record<string, string> = {
  '1.2.840.10008.1.2': 'Implicit VR little endian',
  '1.2.840.10008.1.2.1': 'Explicit VR little endian',
  '1.2.840.10008.1.2.2': 'Explicit VR big endian',
  '1.2.840.10008.1.2.1.99': 'Deflated explicit VR little endian',
  '1.2.840.10008.1.2.4.50': 'JPEG baseline (process 1)',
  '1.2.840.10008.1.2.4.51': 'JPEG extended (process 2 & 4)',
  '1.2.840.10008.1.2.4.57': 'JPEG lossless (process 14)',
  '1.2.840.10008.1.2.4.70': 'JPEG lossless SV1',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS lossless',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS near-lossless',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000 lossless',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
  '1.2.840.10008.1.2.5': 'RLE lossless',
};
const ORDER = Object.keys(SYNTAX_NAMES);

const START = '<!-- conformance-table:start (npx tsx scripts/conformance/table.ts --write) -->';
const END = '<!-- conformance-table:end -->';

function bits(entry: CorpusEntry): string {
  const depth = entry.bitsStored === entry.bitsAllocated ? `${entry.bitsStored}` : `${entry.bitsStored} of ${entry.bitsAllocated}`;
  return `${depth}${entry.signed ? ' signed' : ''}`;
}

function photometric(entry: CorpusEntry): string {
  const planar = entry.samplesPerPixel === 3 && entry.planarConfiguration === 1 ? ', planar 1' : '';
  return `${entry.photometric}${planar}`;
}

function result(entry: CorpusEntry, outcome: Outcome): string {
  const failing = verdict(entry, outcome);
  if (outcome.decoded) {
    const lowest = Math.min(...outcome.frames.map((f) => ('correlation' in f ? f.correlation : Number.NaN)));
    const shown = Number.isNaN(lowest) ? outcome.frames.map((f) => ('mismatch' in f ? f.mismatch : '')).join('; ') : `r = ${lowest.toFixed(6)}`;
    return failing ? `**wrong**: ${failing}` : `rendered, ${shown}`;
  }
  const key = `viewer.image.${outcome.problem ?? 'corrupt'}` as MessageKey;
  const message = en[key] ?? outcome.message;
  return `${failing ? '**wrong**: ' : ''}refused (\`${outcome.problem ?? 'error'}\`): "${message}"`;
}

function note(entry: CorpusEntry): string {
  const known = entry.expectedToFail;
  return known ? `${known.in.join(' and ')}: ${known.why}` : '';
}

export async function conformanceTable(): Promise<string> {
  const corpus = await buildCorpus(DEFAULT_CORPUS_DIR);
  const sorted = [...corpus].sort((a, b) => ORDER.indexOf(a.transferSyntaxUid) - ORDER.indexOf(b.transferSyntaxUid));
  const rows = [
    '| Transfer syntax | Photometric | Bits | Frames | File (how it was made) | Node | Known gap |',
    '| --- | --- | --- | ---: | --- | --- | --- |',
  ];
  for (const entry of sorted) {
    const outcome = await decodeInNode(entry);
    const syntax = SYNTAX_NAMES[entry.transferSyntaxUid] ?? entry.transferSyntaxUid;
    rows.push(`| ${syntax} | ${photometric(entry)} | ${bits(entry)} | ${entry.frames} | \`${entry.name}\` (${entry.made.replace(/\|/g, '\\|')}) | ${result(entry, outcome)} | ${note(entry)} |`);
  }
  return rows.join('\n');
}

if (process.argv[1]?.endsWith('table.ts')) {
  const table = await conformanceTable();
  if (process.argv.includes('--write')) {
    const page = join(import.meta.dirname, '../../docs/viewer.md');
    const text = readFileSync(page, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    if (from < 0 || to < from) throw new Error(`docs/viewer.md has no ${START} … ${END}`);
    writeFileSync(page, `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`);
  } else {
    console.log(table);
  }
}
