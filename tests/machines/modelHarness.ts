/**
 * Model-based testing for the real machines (toolchain.md): paths are generated from the chart
 * itself with xstate/graph, actor outcomes and delays arrive as events, and every path is replayed
 * against the real machine with controllable fakes. Coverage counts every transition of the chart.
 */
import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { stateName } from '../../src/shared/charts/inspection';

type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number];
type Snapshot = SnapshotFrom<AnyStateMachine>;
export type ModelPath = StatePath<Snapshot, EventObject>;

/** Reads as `loading -> xstate.done.actor.load -> loaded`. */
export function describePath(path: ModelPath): string {
  return path.steps
    .map((step, i) => (i === 0 ? stateName(step.state) : `${step.event.type} -> ${stateName(step.state)}`))
    .join(' -> ');
}

export { stateName };

const serialize = (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * One path per transition of the state graph: the shortest way to its source state, then that
 * transition. Together they take every transition the given events can reach.
 */
export function transitionPaths(
  machine: AnyStateMachine,
  options: {
    events: readonly EventObject[] | ((snapshot: Snapshot) => readonly EventObject[]);
    input?: unknown;
    /** `value`: one path per state-and-event pair, for slower runs through rendered views. */
    distinguish?: 'valueAndContext' | 'value';
  },
): ModelPath[] {
  const key = options.distinguish === 'value' ? (snapshot: Snapshot) => JSON.stringify(snapshot.value) : serialize;
  const traversal = { events: options.events, serializeState: key, input: options.input } as const;
  const shortest = new Map(getShortestPaths(machine, traversal).map((path) => [key(path.state), path]));
  const adjacency = getAdjacencyMap(machine, traversal);
  const paths: ModelPath[] = [];
  for (const [key, vertex] of Object.entries(adjacency)) {
    const prefix = shortest.get(key);
    if (!prefix) continue;
    const edges = Object.values(vertex.transitions) as Array<{ event: EventObject; state: Snapshot }>;
    for (const { event, state } of edges) {
      // An event the state ignores is no transition: replaying it would prove nothing.
      if (machine.getTransitionData(vertex.state, event).length === 0) continue;
      paths.push({ ...prefix, state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
    }
  }
  return paths;
}

/** Every transition the chart declares, by a stable id (`source | event | index`). */
export function allTransitions(machine: AnyStateMachine): Map<AnyTransition, string> {
  const ids = new Map<AnyTransition, string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const [eventType, list] of node.transitions) {
      list.forEach((transition, i) => ids.set(transition, `${node.id} | ${eventType} | ${i}`));
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return ids;
}

/** Which declared transitions the paths take, and which none does. */
export function transitionCoverage(machine: AnyStateMachine, paths: readonly ModelPath[]) {
  const all = allTransitions(machine);
  const covered = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const before = path.steps[i - 1]?.state;
      if (!before) return;
      for (const transition of machine.getTransitionData(before, step.event)) {
        const id = all.get(transition);
        if (id) covered.add(id);
      }
    });
  }
  const missing = [...all.values()].filter((id) => !covered.has(id));
  return { covered: covered.size, total: all.size, missing };
}

/** A promise actor whose every run the test settles by hand. */
export function controllablePromise<T>() {
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }> = [];
  /** The oldest run still wanted: runs whose state was left meanwhile were aborted. */
  const current = () => {
    while (pending[0]?.signal.aborted) pending.shift();
    const run = pending.shift();
    if (!run) throw new Error('no run of this actor is pending');
    return run;
  };
  return {
    logic: fromPromise<T, unknown>(({ signal }) => new Promise<T>((resolve, reject) => pending.push({ resolve, reject, signal }))),
    resolve(value: T) {
      current().resolve(value);
    },
    reject(error: unknown) {
      current().reject(error);
    },
    get pendingRuns() {
      return pending.length;
    },
    get lastSignal() {
      return pending[pending.length - 1]?.signal;
    },
  };
}
export type ControllablePromise<T> = ReturnType<typeof controllablePromise<T>>;

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/**
 * Replays a generated path against a running actor: actor outcomes settle the fake of the invoke
 * with that id, other events are sent. After each step the actor must be in the path's state.
 */
export async function replayPath(
  path: ModelPath,
  actor: AnyActorRef,
  fakes: Record<string, ControllablePromise<unknown>>,
  check?: (expected: Snapshot, actual: Snapshot) => void | Promise<void>,
): Promise<void> {
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type.startsWith(DONE)) fakeFor(fakes, event.type.slice(DONE.length)).resolve(event.output);
      else if (event.type.startsWith(ERROR)) fakeFor(fakes, event.type.slice(ERROR.length)).reject(event.error);
      else actor.send(event);
      await flush();
    }
    const actual = actor.getSnapshot() as Snapshot;
    if (JSON.stringify(actual.value) !== JSON.stringify(step.state.value)) {
      throw new Error(`step ${i} (${step.event.type}): expected ${stateName(step.state)}, got ${stateName(actual)}`);
    }
    await check?.(step.state, actual);
  }
}

function fakeFor(fakes: Record<string, ControllablePromise<unknown>>, id: string) {
  const fake = fakes[id];
  if (!fake) throw new Error(`no fake for actor "${id}"`);
  return fake;
}

export { createActor };

/**
 * The model-based suite every machine gets: paths generated from the chart, their number pinned
 * (a changed chart shows up as a failing test), every transition covered, and each path run by
 * `run` against the real machine.
 */
export function describeModel(options: {
  name: string;
  machine: AnyStateMachine;
  events: readonly EventObject[];
  input?: unknown;
  pinnedPaths: number;
  run: (path: ModelPath) => Promise<void>;
}) {
  const paths = transitionPaths(options.machine, { events: options.events, input: options.input });
  describe(`${options.name} machine, paths generated from the chart`, () => {
    it('has a pinned number of paths', () => {
      expect(paths).toHaveLength(options.pinnedPaths);
    });

    it('covers every transition', () => {
      const coverage = transitionCoverage(options.machine, paths);
      console.log(`${options.name}: covered ${coverage.covered}/${coverage.total} transitions`);
      expect(coverage.missing).toEqual([]);
    });

    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      await options.run(path);
    });
  });
  return paths;
}
