// @vitest-environment node
/**
 * The import graph of the code: no cycles among src/ and machines/, and no script or sandbox
 * module that reaches into tests/. The layer rules themselves are an ESLint rule
 * (eslint/layers.js, checked in layers.test.ts); cycles are a property of the whole graph, so they
 * are checked here.
 *
 * Edges are every relative module specifier TypeScript's own pre-parser finds: static imports
 * (type-only too), `export … from`, `import()` (in code or in a type), and `require()`. Comments
 * and strings that only look like imports are not edges.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/** Every source file under `dir` (absolute paths), node_modules aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file a relative specifier names, as the bundler resolves it, or null (an asset, or missing). */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  // `./x.js` may name x.ts (TypeScript's ESM convention).
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'), base.replace(/\.[cm]?js$/, '.tsx'));
  return candidates.find((file) => SOURCE.test(file) && isFile(file)) ?? null;
}

/** The relative specifiers of one file. */
function specifiers(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith('.'));
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The graph of src/ and machines/: file -> the files of those folders it imports. */
function importGraph(): Map<string, string[]> {
  const files = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'machines'))].map(rel).sort();
  const inGraph = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = specifiers(path.join(root, file)).map((spec) => resolve(path.join(root, file), spec));
      const edges = targets.filter((target): target is string => target !== null).map(rel);
      return [file, [...new Set(edges.filter((target) => inGraph.has(target)))].sort()];
    }),
  );
}

/** The strongly connected components with a cycle (Tarjan), each sorted. */
function cyclicComponents(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The elementary cycles of one component, each written from its smallest file and closed
 * ("a -> b -> a"); at most `limit` of them, as a tangle can hold very many.
 */
function cyclesIn(component: string[], graph: Map<string, string[]>, limit = 50): string[] {
  const cycles: string[] = [];
  const members = new Set(component);
  for (const start of component) {
    // Only cycles whose smallest file is `start`, so each is found once.
    const walk = (node: string, trail: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (cycles.length >= limit || !members.has(next) || next < start) continue;
        if (next === start) cycles.push([...trail, start].join(' -> '));
        else if (!trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

describe('the import graph of src/ and machines/', () => {
  const graph = importGraph();

  it('is read from the real tree', () => {
    // A guard against a broken walk or resolver passing the cycle test vacuously.
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('src/main.tsx')?.length ?? 0).toBeGreaterThan(0);
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(edges).toBeGreaterThan(graph.size);
  });

  it('finds cycles, type-only and dynamic edges included (the checker itself)', () => {
    const sample = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'b.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(cyclicComponents(sample)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(cyclesIn(['a.ts', 'b.ts', 'c.ts'], sample)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts', 'b.ts -> c.ts -> b.ts']);
    const found = ts.preProcessFile(
      "import type { A } from './a';\nexport * from './b';\nconst c = () => import('./c');\ntype D = typeof import('./d');\n// import './e';",
      true,
      true,
    );
    expect(found.importedFiles.map((imported) => imported.fileName)).toEqual(['./a', './b', './c', './d']);
  });

  it('has no import cycles', () => {
    const report = cyclicComponents(graph).map((component) => {
      const cycles = cyclesIn(component, graph);
      return [`${component.length} files import each other: ${component.join(', ')}`, ...cycles.map((cycle) => `  ${cycle}`)].join('\n');
    });
    expect(report, `import cycles:\n${report.join('\n')}`).toEqual([]);
  });
});

describe('scripts/ and server/', () => {
  it('import nothing from tests/', () => {
    const tests = path.join(root, 'tests');
    const offending = ['scripts', 'server'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).flatMap((file) =>
        specifiers(file)
          .filter((spec) => {
            const target = path.resolve(path.dirname(file), spec);
            return target === tests || target.startsWith(tests + path.sep);
          })
          .map((spec) => `${rel(file)} imports ${spec}`),
      ),
    );
    expect(offending).toEqual([]);
  });
});
