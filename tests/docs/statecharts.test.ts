// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assign, fromPromise, not, setup } from 'xstate';
import { allTransitionsOf, isContainer, stateNodesOf, transitionId } from '../../scripts/statecharts/chart';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { compareWithDisk, generateStatechartDocs, STATECHART_DIR } from '../../scripts/statecharts/docs';
import { toDot } from '../../scripts/statecharts/dot';
import { mermaidText, toMermaid } from '../../scripts/statecharts/mermaid';

const repoRoot = join(import.meta.dirname, '..', '..');
const generated = generateStatechartDocs(repoRoot);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('docs/statecharts', () => {
  it('finds a machine in every folder of machines/', async () => {
    const discovered = await discoverMachines(repoRoot);
    const folders = readdirSync(join(repoRoot, 'machines'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) {
      expect(discovered.some((m) => m.file.startsWith(`machines/${folder.name}/`)), `no machine found in machines/${folder.name}`).toBe(true);
    }
    expect(discovered.find((m) => m.id === 'pagedList')?.exportName).toBe('createPagedListMachine');
  });

  it('is up to date with the machines (run `npm run diagrams` when this fails)', async () => {
    expect(compareWithDisk(repoRoot, await generated)).toEqual({ missing: [], stale: [], orphaned: [] });
  });

  it('gives every state and transition its id in the SVG, for the QA panel', async () => {
    const files = await generated;
    for (const { id, machine } of await discoverMachines(repoRoot)) {
      // Graphviz writes `-` in ids and classes as `&#45;`, which a browser reads back as `-`.
      const svg = files.get(`${STATECHART_DIR}/${id}.svg`)!.replace(/&#45;/g, '-');
      for (const node of stateNodesOf(machine)) {
        const cls = isContainer(node) ? 'cluster state compound' : 'node state';
        expect(svg, `${node.id} in ${id}.svg`).toMatch(new RegExp(`<g id="${escapeRegExp(xml(node.id))}" class="${cls}[ "]`));
      }
      for (const t of allTransitionsOf(machine)) {
        expect(svg, `${transitionId(t)} in ${id}.svg`).toMatch(new RegExp(`<g id="${escapeRegExp(xml(transitionId(t)))}" class="edge transition[ "]`));
      }
    }
  });
});

const fakeMachine = setup({
  actors: { fetcher: fromPromise(async () => 1) },
  actions: { record: () => {}, notify: () => {}, greet: () => {} },
  guards: { isReady: () => true, 'odd;guard': () => false },
  delays: { tick: 500 },
}).createMachine({
  id: 'fake',
  initial: 'idle',
  on: { RESET: { target: '.idle', actions: 'notify' } },
  states: {
    idle: { entry: 'greet', on: { START: { guard: 'isReady', target: 'working', actions: ['record', 'notify'] }, PING: { actions: 'notify' } } },
    working: {
      type: 'parallel',
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: {
              tags: ['busy'],
              invoke: { id: 'fetcher', src: 'fetcher', onDone: 'loaded', onError: { target: 'loaded', actions: assign({}) } },
              after: { tick: { target: 'loaded', guard: not('isReady') } },
            },
            loaded: { always: { target: 'done', guard: 'odd;guard' } },
            done: { type: 'final' },
          },
        },
        clock: { initial: 'ticking', states: { ticking: { on: { 'weird "event"': 'ticking' } } } },
      },
      onDone: 'idle',
    },
  },
});

describe('diagram generators', () => {
  it('draw nested and parallel states, guards, actions, delays and invokes in Mermaid', () => {
    const mermaid = toMermaid(fakeMachine);
    expect(mermaid).toMatch(/^stateDiagram-v2\n {2}\[\*\] --> idle\n/);
    for (const line of [
      'state working {',
      'state fetch {',
      '[*] --> loading',
      '--',
      'done --> [*]',
      'idle : entry / greet',
      'loading : tags: busy',
      'loading : invoke fetcher',
      'idle --> working : START [isReady] / record, notify',
      'idle --> idle : PING / notify',
      'loading --> loaded : done: fetcher',
      'loading --> loaded : error: fetcher / assign',
      'loading --> loaded : after tick [!isReady]',
      'loaded --> done : always [odd,guard]',
      "ticking --> ticking : weird 'event'",
      'working --> idle : onDone',
      'machine__any --> idle : RESET / notify',
    ]) {
      expect(mermaid).toContain(line);
    }
  });

  it('draw the same in DOT, with the ids the QA panel looks for', () => {
    const dot = toDot(fakeMachine);
    for (const fragment of [
      'subgraph "cluster_fake.working" {',
      'id="fake.working", class="state compound parallel"',
      'id="fake.working.fetch", class="state compound"',
      '"fake.idle" [id="fake.idle", class="state initial"',
      '"fake.working.fetch.done" [id="fake.working.fetch.done", class="state final"',
      'id="transition:fake.idle:START:0", class="transition"',
      '"fake.idle" -> "fake.idle" [id="transition:fake.idle:PING:0", class="transition internal"',
      '<font point-size="9" color="#1e293b">PING</font> <font point-size="9" color="#64748b">/ notify</font>',
      'id="transition:fake.working.fetch.loading:xstate.after.tick.fake.working.fetch.loading:0"',
      'id="transition:fake.working.fetch.loaded::0"',
      'lhead="cluster_fake.working"',
      'START <font point-size="9" color="#7c3aed">[isReady]</font>',
      '/ record, notify',
      'after tick',
      '[!isReady]',
      'invoke fetcher',
      'entry / greet',
      'tags: busy',
      'weird \\"event\\"',
    ]) {
      expect(dot).toContain(fragment);
    }
  });

  it('escapes what Mermaid cannot show in a label', () => {
    expect(mermaidText('a;b "c" <d> e: {f} #g\nh')).toBe("a,b 'c' ‹d› e: {f} #g h");
    const odd = setup({}).createMachine({ id: 'odd', initial: 'wait: 1', states: { 'wait: 1': { on: { 'GO;"now"': 'end' } }, end: {} } });
    const mermaid = toMermaid(odd);
    expect(mermaid).toContain('state "wait: 1" as s_wait__1');
    expect(mermaid).toContain("state \"end\" as s_end");
    expect(mermaid).toContain("s_wait__1 --> s_end : GO,'now'");
    expect(mermaid).not.toMatch(/;/);
  });
});

describe('freshness check', () => {
  const temp = mkdtempSync(join(tmpdir(), 'statecharts-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  /** A repo root with one machine file, sharing this repo's node_modules for xstate. */
  function fakeRepo(name: string, files: Record<string, string>): string {
    const root = join(temp, name);
    for (const [path, contents] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), contents);
    }
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    return root;
  }
  const machineSource = (states: string) =>
    `import { setup } from 'xstate';\nexport const toyMachine = setup({}).createMachine({ id: 'toy', initial: 'a', states: ${states} });\n`;

  it('reports a changed machine as stale, a new one as missing and a removed one as orphaned', async () => {
    const before = fakeRepo('before', { 'machines/toy/toy.machine.ts': machineSource("{ a: { on: { GO: 'b' } }, b: {} }") });
    const after = fakeRepo('after', {
      'machines/toy/toy.machine.ts': machineSource("{ a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' } } }"),
      'machines/other/other.machine.ts': "import { createMachine } from 'xstate';\nexport const otherMachine = createMachine({ id: 'other' });\n",
    });
    const old = await generateStatechartDocs(before);
    for (const root of [before, after]) {
      for (const [path, contents] of old) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), contents);
      }
    }
    writeFileSync(join(after, STATECHART_DIR, 'gone.md'), 'a machine that no longer exists\n');
    expect(compareWithDisk(before, old)).toEqual({ missing: [], stale: [], orphaned: [] });
    expect(compareWithDisk(after, await generateStatechartDocs(after))).toEqual({
      missing: [`${STATECHART_DIR}/other.md`, `${STATECHART_DIR}/other.svg`],
      stale: [`${STATECHART_DIR}/toy.md`, `${STATECHART_DIR}/toy.svg`, `${STATECHART_DIR}/README.md`],
      orphaned: [`${STATECHART_DIR}/gone.md`],
    });
  });

  it('refuses a machine without an id', async () => {
    const root = fakeRepo('noId', { 'machines/anon/anon.machine.ts': "import { createMachine } from 'xstate';\nexport const anonMachine = createMachine({});\n" });
    await expect(discoverMachines(root)).rejects.toThrow(/anonMachine has no id/);
  });
});
