/**
 * Finds every statechart in `machines/<dir>/*.machine.ts`: exported machines, and exported
 * `create…Machine()` factories called without arguments (a generic chart such as the paged list).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

export interface DiscoveredMachine {
  id: string;
  /** Repo-relative, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

const FACTORY = /^create\w*Machine$/;

/** Duck-typed: `instanceof StateMachine` fails when the module and xstate are loaded twice. */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  const candidate = value as { getTransitionData?: unknown; root?: unknown } | null;
  return typeof candidate?.getTransitionData === 'function' && typeof candidate.root === 'object' && candidate.root !== null;
}

export function machineFiles(repoRoot: string): string[] {
  const machinesDir = join(repoRoot, 'machines');
  return readdirSync(machinesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(machinesDir, dir.name), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.machine.ts'))
        .map((entry) => `machines/${dir.name}/${entry.name}`),
    )
    .sort();
}

export async function discoverMachines(repoRoot: string): Promise<DiscoveredMachine[]> {
  const found: DiscoveredMachine[] = [];
  for (const file of machineFiles(repoRoot)) {
    const exports = (await import(pathToFileURL(join(repoRoot, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      const machine = isStateMachine(value)
        ? value
        : typeof value === 'function' && FACTORY.test(exportName) && value.length === 0
          ? (value as () => unknown)()
          : undefined;
      if (machine === undefined) continue;
      if (!isStateMachine(machine)) throw new Error(`${file}: ${exportName}() did not return a state machine`);
      if (machine.id === '(machine)') {
        throw new Error(`${file}: ${exportName} has no id; give createMachine({ id: '…' }) one, it names the diagram files`);
      }
      found.push({ id: machine.id, file, exportName, machine });
    }
  }
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 1; i < found.length; i++) {
    const [a, b] = [found[i - 1]!, found[i]!];
    if (a.id === b.id) throw new Error(`two machines have the id "${a.id}": ${a.file} (${a.exportName}) and ${b.file} (${b.exportName})`);
  }
  return found;
}
