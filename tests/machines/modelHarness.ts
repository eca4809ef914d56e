/**
 * Model-based testing for the real machines (toolchain.md): paths are generated from the chart
 * itself with xstate/graph and replayed against the real machine (machines/replay.ts: fakes the
 * path settles, delays waited on a simulated clock), and what each replay showed is checked
 * against the chart's oracle (machines/oracle.ts). Coverage counts every transition of the chart.
 */
import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { check, describeViolation, isTested, type Oracle, type Trace } from '../../machines/oracle';
import {
  controllablePromise,
  flush,
  replayPath as replay,
  startChart,
  type ControllablePromise,
  type Fakes,
  type StartedChart,
} from '../../machines/replay';
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

/**
 * One path per state (by value) and event it ignores: the shortest way there, then that event,
 * which must change nothing. Promises about taps that must do nothing (a second pay tap while
 * paying) are put to the test by these.
 */
export function ignoredEventPaths(machine: AnyStateMachine, options: { events: readonly EventObject[]; input?: unknown }): ModelPath[] {
  const traversal = { events: options.events, serializeState: serialize, input: options.input } as const;
  const paths: ModelPath[] = [];
  const seen = new Set<string>();
  for (const prefix of getShortestPaths(machine, traversal)) {
    for (const event of options.events) {
      const key = `${JSON.stringify(prefix.state.value)} ${JSON.stringify(event)}`;
      if (seen.has(key) || machine.getTransitionData(prefix.state, event).length > 0) continue;
      // Actor outcomes and delays of actors the state does not run cannot happen there.
      if (/^xstate\.(done|error|after)\./.test(event.type)) continue;
      seen.add(key);
      paths.push({ ...prefix, steps: [...prefix.steps, { event, state: prefix.state }], weight: prefix.weight + 1 });
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

/** Old callers' shape: replay with fakes, and a check of each step. */
export function replayPath(
  path: ModelPath,
  actor: AnyActorRef,
  fakes: Fakes,
  check?: (expected: Snapshot, actual: Snapshot) => void | Promise<void>,
) {
  return replay(path, actor, { fakes, check });
}

export { controllablePromise, createActor, flush, startChart, type ControllablePromise, type StartedChart };

/**
 * The model-based suite every machine gets: paths generated from the chart, their number pinned
 * (a changed chart shows up as a failing test), every transition covered, and each path run
 * against the real machine, its snapshots compared with the chart's and its trace checked
 * against the chart's oracle (written from the specification). Every promise of the oracle must
 * be put to the test by some path, or the oracle proves nothing about it.
 */
export function describeModel<Started extends StartedChart>(options: {
  name: string;
  machine: AnyStateMachine;
  events: readonly EventObject[];
  input?: unknown;
  /**
   * Other inputs the chart is started with (a token in the address or not, inside WeChat or not):
   * their paths are generated, replayed and checked too, and count for coverage and the pin.
   */
  otherInputs?: readonly unknown[];
  pinnedPaths: number;
  oracle: Oracle<never>;
  /** Starts the chart for a path, with the input the path was generated from. */
  start: (input: unknown) => Started;
  /** Further checks of a replayed path. */
  run?: (path: ModelPath, started: Started, trace: Trace) => void | Promise<void>;
}) {
  const inputs = [options.input, ...(options.otherInputs ?? [])];
  const inputOf = new Map<ModelPath, unknown>();
  const generate = (make: (input: unknown) => ModelPath[]) =>
    inputs.flatMap((input) => make(input).map((path) => (inputOf.set(path, input), path)));
  const paths = generate((input) => transitionPaths(options.machine, { events: options.events, input }));
  const ignoring = generate((input) => ignoredEventPaths(options.machine, { events: options.events, input }));
  const traces = new Map<ModelPath, Trace>();
  /** Names a path by its input too, when there are several. */
  const nameOf = (path: ModelPath) => (inputs.length > 1 ? `${JSON.stringify(inputOf.get(path))}: ${describePath(path)}` : describePath(path));
  const replayAndCheck = async (path: ModelPath) => {
    const input = inputOf.get(path);
    const started = options.start(input);
    const trace = await replay(path, started.actor, {
      fakes: started.fakes,
      recorder: started.recorder,
      view: options.oracle.view,
      derive: options.oracle.derive,
      input,
      quietMs: options.oracle.quietMs,
      check: (expected, actual) => {
        expect(actual.context).toEqual(expected.context);
      },
    });
    traces.set(path, trace);
    expect(check(options.oracle, trace).map((violation) => describeViolation(violation, trace))).toEqual([]);
    await options.run?.(path, started, trace);
    started.actor.stop();
  };
  describe(`${options.name} machine, paths generated from the chart`, () => {
    it('has a pinned number of paths', () => {
      expect(paths).toHaveLength(options.pinnedPaths);
    });

    it('covers every transition', () => {
      const coverage = transitionCoverage(options.machine, paths);
      console.log(`${options.name}: covered ${coverage.covered}/${coverage.total} transitions`);
      expect(coverage.missing).toEqual([]);
    });

    it.each(paths.map((path) => [nameOf(path), path] as const))('%s', async (_name, path) => {
      await replayAndCheck(path);
    });

    it.each(ignoring.map((path) => [nameOf(path), path] as const))('ignored: %s', async (_name, path) => {
      await replayAndCheck(path);
    });

    it(`puts every promise of the ${options.name} oracle to the test`, async () => {
      for (const path of [...paths, ...ignoring]) if (!traces.has(path)) await replayAndCheck(path);
      const untested = options.oracle.promises.filter((promise) => ![...traces.values()].some((trace) => isTested(promise, trace)));
      expect(untested.map((promise) => promise.id)).toEqual([]);
    });
  });
  return paths;
}
