/**
 * Where `npm run bench` writes what it measured: one JSON file per part under reports/bench/
 * (gitignored), each with the machine and its load while the part ran, so a figure is never read
 * without the conditions it came from.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

export const BENCH_REPORT_DIR = resolve(import.meta.dirname, '..', '..', 'reports', 'bench');

export interface MachineRecord {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** os.loadavg(): 1, 5 and 15 minutes, when the record was taken. */
  load: [number, number, number];
}

export function machineRecord(): MachineRecord {
  const cpu = cpus();
  const [one, five, fifteen] = loadavg();
  return {
    cpu: cpu[0]?.model ?? 'unknown CPU',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    load: [one ?? 0, five ?? 0, fifteen ?? 0].map((n) => Math.round(n * 100) / 100) as [number, number, number],
  };
}

export const describeMachine = (m: MachineRecord) =>
  `${m.cpu} x${m.cores}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, load ${m.load.join(' / ')}`;

/** reports/bench/<part>.json: the part's figures, with the machine at the end of the part. */
export function writeBenchRecord(part: string, figures: unknown): string {
  mkdirSync(BENCH_REPORT_DIR, { recursive: true });
  const file = join(BENCH_REPORT_DIR, `${part}.json`);
  writeFileSync(file, `${JSON.stringify({ part, takenAt: new Date().toISOString(), machine: machineRecord(), figures }, null, 2)}\n`);
  return file;
}
