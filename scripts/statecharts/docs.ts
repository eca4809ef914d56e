/**
 * The one place that decides what docs/statecharts holds: `npm run diagrams` writes it and the
 * freshness test compares it with the files on disk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverMachines } from './discover';
import { toDot } from './dot';
import { indexPage, machinePage } from './markdown';
import { toMermaid } from './mermaid';
import { renderSvg } from './render';

export const STATECHART_DIR = 'docs/statecharts';

/** Repo-relative path -> contents, for every file of docs/statecharts. */
export async function generateStatechartDocs(repoRoot: string): Promise<Map<string, string>> {
  const machines = await discoverMachines(repoRoot);
  const files = new Map<string, string>();
  for (const discovered of machines) {
    if (!/^[A-Za-z0-9_-]+$/.test(discovered.id) || discovered.id.toLowerCase() === 'readme') {
      throw new Error(`${discovered.file}: the machine id "${discovered.id}" cannot name a diagram file (letters, digits, _ and -; not README)`);
    }
    files.set(`${STATECHART_DIR}/${discovered.id}.md`, machinePage(discovered, toMermaid(discovered.machine)));
    files.set(`${STATECHART_DIR}/${discovered.id}.svg`, await renderSvg(toDot(discovered.machine)));
  }
  files.set(`${STATECHART_DIR}/README.md`, indexPage(machines));
  return files;
}

export interface StatechartDocsDrift {
  missing: string[];
  stale: string[];
  orphaned: string[];
}

/** How docs/statecharts on disk differs from what would be generated. */
export function compareWithDisk(repoRoot: string, files: Map<string, string>): StatechartDocsDrift {
  const dir = join(repoRoot, STATECHART_DIR);
  const onDisk = existsSync(dir) ? readdirSync(dir).map((name) => `${STATECHART_DIR}/${name}`) : [];
  const drift: StatechartDocsDrift = { missing: [], stale: [], orphaned: onDisk.filter((path) => !files.has(path)).sort() };
  for (const [path, contents] of files) {
    if (!onDisk.includes(path)) drift.missing.push(path);
    else if (readFileSync(join(repoRoot, path), 'utf8') !== contents) drift.stale.push(path);
  }
  return drift;
}
