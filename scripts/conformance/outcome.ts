import { readFileSync } from 'node:fs';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { DecodeError } from '../../src/features/viewer/dicom/decoded';
import { compareFrame, parsePnm } from './compare';
import type { CorpusEntry } from './corpus';
import { LOSSLESS } from './manifest';

/** What the decoder made of one corpus file, in Node or in Chromium. */
export type FrameResult = { frame: number; correlation: number; min?: number; max?: number } | { frame: number; mismatch: string };
export type Outcome =
  | { decoded: true; frames: FrameResult[] }
  | { decoded: false; problem: string | null; message: string };

/** Why the outcome is not what the entry expects, or null when it is. */
export function verdict(entry: CorpusEntry, outcome: Outcome): string | null {
  const { expect } = entry;
  if ('refused' in expect) {
    if (outcome.decoded) return `expected refusal (${expect.refused}), but it decoded`;
    return outcome.problem === expect.refused ? null : `expected refusal (${expect.refused}), got ${outcome.problem ?? 'an error'}: ${outcome.message}`;
  }
  if (!outcome.decoded) return `expected a rendering, refused (${outcome.problem ?? 'error'}): ${outcome.message}`;
  const lossless = expect.rendered >= LOSSLESS;
  const problems = outcome.frames.flatMap((f) => {
    if (!('correlation' in f)) return [`frame ${f.frame}: ${f.mismatch}`];
    if (!(f.correlation >= expect.rendered)) return [`frame ${f.frame}: r = ${f.correlation.toFixed(5)} < ${expect.rendered}`];
    const range = entry.references.find((r) => r.frame === f.frame)?.range;
    if (!range || f.min === undefined || f.max === undefined) return [];
    // Lossless: the same modality values; lossy: another decoder's extremes, within 2% of the range.
    const tolerance = lossless ? 0.5 : 0.02 * (range.max - range.min) + 1;
    const off = Math.abs(f.min - range.min) > tolerance || Math.abs(f.max - range.max) > tolerance;
    return off ? [`frame ${f.frame}: modality values ${f.min}..${f.max}, DCMTK's ${range.min}..${range.max}`] : [];
  });
  return problems.length === 0 ? null : problems.join('; ');
}

/** The frames a refusal is asked for: the first. */
export function framesToDecode(entry: CorpusEntry): number[] {
  return entry.references.length > 0 ? entry.references.map((r) => r.frame) : [0];
}

/** Decodes an entry in Node with the viewer's decoder and compares it with DCMTK's renderings. */
export async function decodeInNode(entry: CorpusEntry): Promise<Outcome> {
  const bytes = readFileSync(entry.file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const frames: FrameResult[] = [];
  try {
    for (const frame of framesToDecode(entry)) {
      const decoded = await decodeFrame(buffer, frame);
      const reference = entry.references.find((r) => r.frame === frame);
      if (reference) frames.push({ frame, ...compareFrame(decoded.frame, parsePnm(readFileSync(reference.file))) });
    }
  } catch (error) {
    return { decoded: false, problem: error instanceof DecodeError ? error.problem : null, message: error instanceof Error ? error.message : String(error) };
  }
  return { decoded: true, frames };
}
