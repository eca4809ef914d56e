/**
 * The flow catalogue: every path of events from a freshly started machine to its first outcome,
 * found with xstate/graph. An outcome is a transition the chart describes (`description`).
 */
import { getInitialSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, type StatePath } from 'xstate/graph';
import { check, isTested, type Oracle, type Violation } from '../../machines/oracle';
import { replayPath, startChart } from '../../machines/replay';
import { stateName } from '../../src/shared/charts/inspection';

export type Snapshot = SnapshotFrom<AnyStateMachine>;
export type Transition = ReturnType<AnyStateMachine['getTransitionData']>[number];
export type FlowPath = StatePath<Snapshot, EventObject>;

export interface FlowSpec {
  /** The machine's name in file names and test suites: `payment`. */
  name: string;
  title: string;
  /** Flow ids are this letter and a number: P01, P02… */
  idPrefix: string;
  machine: AnyStateMachine;
  /** The chart's input, for a chart that takes one (the study or order of the screen). */
  input?: unknown;
  /**
   * The children the chart starts itself (the payment chart): not faked as calls; `messages` are
   * the chart's actions that send to them, checked by name and parameters as the model tests do.
   */
  children?: { ids: readonly string[]; messages: readonly string[] };
  /** Where the chart and the event list live, for the reader. */
  sources: { machine: string; events: string };
  /** What the real world can send in this snapshot. */
  events: (snapshot: Snapshot) => readonly EventObject[];
  /** Why `events` leaves out what it leaves out, one sentence each. */
  constraints: readonly string[];
  /** Plain words for each event type, given the event and the snapshot it is sent to. */
  wording: Readonly<Record<string, (event: EventObject, before: Snapshot) => string>>;
  /** The column that says what an outcome means for the patient's money or order. */
  consequence: { heading: string; of: (flow: Flow) => string };
  /** What an outcome's action sets off in other charts, by action name (the links between actors). */
  links: Readonly<Record<string, string>>;
  /** The chart's oracle (`machines/<chart>/<chart>.oracle.ts`): every flow is checked against it. */
  oracle: Oracle<never>;
}

export interface FlowStep {
  event: EventObject;
  from: string;
  to: string;
  text: string;
}

export interface Flow {
  id: string;
  steps: FlowStep[];
  outcome: string;
  endState: string;
  path: FlowPath;
}

export { stateName };

const serialize = (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** The charts describe exactly their outcome transitions, in words an auditor reads. */
export const isOutcome = (transition: Transition): boolean => Boolean(transition.description);

interface Walk {
  paths: Array<{ path: FlowPath; outcome: Transition }>;
  /** Transitions left out because they come back to a state the flow has already been in. */
  loops: Set<Transition>;
}

const walks = new WeakMap<FlowSpec, Walk>();

function walk(spec: FlowSpec): Walk {
  const cached = walks.get(spec);
  if (cached) return cached;
  const { machine } = spec;
  const vertices = new Map(Object.entries(getAdjacencyMap(machine, { events: spec.events, serializeState: serialize, input: spec.input })));
  const initial = getInitialSnapshot(machine, spec.input);
  const result: Walk = { paths: [], loops: new Set() };

  const visit = (key: string, path: FlowPath, seen: ReadonlySet<string>) => {
    const vertex = vertices.get(key);
    if (!vertex) throw new Error(`${spec.name}: no vertex ${key}`);
    const edges = Object.values(vertex.transitions) as Array<{ event: EventObject; state: Snapshot }>;
    for (const { event, state } of edges) {
      const taken = machine.getTransitionData(vertex.state, event);
      if (taken.length === 0) continue; // ignored: not a step
      const next: FlowPath = { state, steps: [...path.steps, { event, state }], weight: path.weight + 1 };
      const outcome = taken.find(isOutcome);
      if (outcome) {
        result.paths.push({ path: next, outcome });
        continue;
      }
      const nextKey = serialize(state);
      if (seen.has(nextKey)) taken.forEach((transition) => result.loops.add(transition));
      else visit(nextKey, next, new Set(seen).add(nextKey));
    }
  };
  const start = serialize(initial);
  visit(start, { state: initial, steps: [{ event: { type: 'xstate.init' }, state: initial }], weight: 0 }, new Set([start]));
  walks.set(spec, result);
  return result;
}

function compareTexts(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

function stepText(spec: FlowSpec, event: EventObject, before: Snapshot): string {
  const words = spec.wording[event.type];
  if (!words) throw new Error(`${spec.name} flows: no wording for ${event.type}`);
  return words(event, before);
}

/** Every flow of the machine, sorted by outcome, then by its steps' words; ids follow that order. */
export function flowsOf(spec: FlowSpec): Flow[] {
  const drafts = walk(spec).paths.map(({ path, outcome }) => {
    const steps = path.steps.slice(1).map((step, i) => {
      const before = path.steps[i]!.state;
      return { event: step.event, from: stateName(before), to: stateName(step.state), text: stepText(spec, step.event, before) };
    });
    return { steps, outcome: outcome.description!, endState: stateName(path.state), path };
  });
  drafts.sort((a, b) =>
    a.outcome === b.outcome ? compareTexts(a.steps.map((s) => s.text), b.steps.map((s) => s.text)) : a.outcome < b.outcome ? -1 : 1,
  );
  return drafts.map((draft, i) => ({ id: `${spec.idPrefix}${String(i + 1).padStart(2, '0')}`, ...draft }));
}

/** The snapshot the flow's last event is sent to, and that event. */
export function outcomeStep(flow: Flow): { before: Snapshot; event: EventObject } {
  const { steps } = flow.path;
  return { before: steps[steps.length - 2]!.state, event: steps[steps.length - 1]!.event };
}

/** The transition that ends the flow: its description is the flow's outcome. */
export function outcomeTransition(spec: FlowSpec, flow: Flow): Transition {
  const { before, event } = outcomeStep(flow);
  const transition = spec.machine.getTransitionData(before, event).find(isOutcome);
  if (!transition) throw new Error(`${flow.id}: the last step is no outcome`);
  return transition;
}

/** What the outcome sets off elsewhere: the links of the actions its transition runs. */
export function linksOf(spec: FlowSpec, flow: Flow): string[] {
  const names = outcomeTransition(spec, flow).actions.map((action: unknown) =>
    typeof action === 'string' ? action : action && typeof action === 'object' && 'type' in action ? String(action.type) : '',
  );
  return names.flatMap((name) => (spec.links[name] ? [spec.links[name]] : []));
}

export interface LeftOut {
  from: string;
  event: string;
  to: string;
  why: string;
}

/** The chart's transitions that no flow takes, and why. */
export function transitionsInNoFlow(spec: FlowSpec, flows: readonly Flow[]): LeftOut[] {
  const taken = new Set<Transition>();
  const passed = new Set<string>();
  for (const flow of flows) {
    flow.path.steps.slice(1).forEach((step, i) => {
      const before = flow.path.steps[i]!.state;
      passed.add(stateName(before));
      spec.machine.getTransitionData(before, step.event).forEach((transition) => taken.add(transition));
    });
  }
  const ends = new Set(flows.map((flow) => flow.endState));
  const { loops } = walk(spec);
  const leftOut: LeftOut[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) {
      for (const transition of list) {
        if (taken.has(transition)) continue;
        const why = loops.has(transition)
          ? transition.target
            ? 'comes back to a state (and context) the flow has already been in; what follows is the same as the first time'
            : 'stays where it is (only its actions run), so it leads to no outcome'
          : passed.has(node.key)
            ? 'never taken with the events the real world can send'
            : ends.has(node.key)
              ? 'its state is only reached by an outcome, where a flow ends'
              : 'its state is never reached';
        leftOut.push({ from: node.key, event: eventLabel(transition), to: (transition.target ?? [node]).map((t) => t.key).join(', '), why });
      }
    }
    Object.values(node.states).forEach(visit);
  };
  visit(spec.machine.root);
  return leftOut;
}

function eventLabel(transition: Transition): string {
  const guard = transition.guard;
  const name = typeof guard === 'string' ? guard : guard && typeof guard === 'object' && 'type' in guard ? String(guard.type) : undefined;
  return name ? `${transition.eventType} [${name}]` : transition.eventType;
}

/** The calls a flow's fake servers answer: every actor of the chart but the children it starts itself. */
export const callsOf = (spec: FlowSpec): string[] => Object.keys(spec.machine.implementations.actors).filter((id) => !spec.children?.ids.includes(id));

export const FLOW_TEST_FILE = 'tests/machines/flows.test.ts';
export const flowSuiteName = (spec: FlowSpec) => `${spec.name} flows`;
export const flowTestName = (flow: Flow) => `${flow.id}: ${flow.outcome}`;
/** The test that replays the flow, as the docs cite it. */
export const coveredBy = (spec: FlowSpec, flow: Flow) => `${FLOW_TEST_FILE} › ${flowSuiteName(spec)} › ${flowTestName(flow)}`;

/**
 * A flow replayed on the real chart (fakes answer as the flow says, time is simulated) and checked
 * against the chart's oracle: the promises it broke, and the ids of those it put to the test.
 */
export async function checkFlow(spec: FlowSpec, flow: Flow): Promise<{ violations: Violation[]; checkedAgainst: string[] }> {
  const messages = Object.fromEntries((spec.children?.messages ?? []).map((name) => [name, () => {}]));
  const { actor, fakes, recorder } = startChart(spec.machine, { input: spec.input, fake: callsOf(spec), provide: () => ({ actions: messages }) });
  const trace = await replayPath(flow.path, actor, { fakes, recorder, view: spec.oracle.view, derive: spec.oracle.derive });
  actor.stop();
  return {
    violations: check(spec.oracle, trace),
    checkedAgainst: spec.oracle.promises.filter((promise) => isTested(promise, trace)).map((promise) => promise.id),
  };
}
