import { execFileSync, spawnSync } from 'node:child_process';

/**
 * The third-party tools the conformance corpus is made and rendered with, all from Debian
 * (scripts/ensure-debian-packages.mjs installs them): DCMTK, GDCM, and pydicom's sample files.
 */

/** Runs a tool; its error output becomes the thrown message, so a failed step says why. */
export function run(tool: string, args: readonly string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr.trim() || String(error)}`, { cause: error });
  }
}

/** Runs a tool for what it logs (DCMTK's -v reports go to the error output). */
export function runForLog(tool: string, args: readonly string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return `${result.stdout}${result.stderr}`;
}

/** The header attributes a corpus entry names, as DCMTK's dcmdump reads them. */
export interface Header {
  transferSyntaxUid: string;
  photometric: string;
  samplesPerPixel: number;
  bitsAllocated: number;
  bitsStored: number;
  signed: boolean;
  planarConfiguration: number | null;
  frames: number;
}

const PRINTED = ['0002,0010', '0028,0002', '0028,0004', '0028,0006', '0028,0008', '0028,0100', '0028,0101', '0028,0103'];

export function readHeader(file: string): Header {
  const text = run('dcmdump', ['-q', '-Un', '+sb', '7fe0,0010', ...PRINTED.flatMap((tag) => ['+P', tag]), file]);
  const value = (tag: string): string | null => {
    const line = text.split('\n').find((l) => l.startsWith(`(${tag})`));
    if (!line) return null;
    const bracketed = /\[([^\]]*)\]/.exec(line);
    if (bracketed) return bracketed[1]!.trim();
    return /^\(\S+\) \w\w (\S+)/.exec(line)?.[1] ?? null;
  };
  const number = (tag: string, fallback: number): number => {
    const raw = value(tag);
    return raw === null ? fallback : Number(raw);
  };
  return {
    transferSyntaxUid: value('0002,0010') ?? '',
    photometric: value('0028,0004') ?? '',
    samplesPerPixel: number('0028,0002', 1),
    bitsAllocated: number('0028,0100', 0),
    bitsStored: number('0028,0101', 0),
    signed: number('0028,0103', 0) === 1,
    planarConfiguration: value('0028,0006') === null ? null : Number(value('0028,0006')),
    frames: number('0028,0008', 1),
  };
}
