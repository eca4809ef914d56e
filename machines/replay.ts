/**
 * Replaying a generated path on the real chart (toolchain.md): actor outcomes settle controllable
 * fakes, delays pass on a simulated clock by their actual values, other events are sent. Each step
 * is recorded as the oracle sees it (machines/oracle.ts). Used by the model-based tests and by the
 * flow catalogue; no DOM, no HTTP, no real time.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { Trace, TraceStep } from './oracle';

type ReplayPath = StatePath<AnyMachineSnapshot, EventObject>;

/** A promise actor whose every run the test settles by hand, oldest first, keeping what each run was asked. */
export function controllablePromise<T, Input = unknown>() {
  const runs: Array<{ input: Input; resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal; settled: boolean }> = [];
  /** What the stopped runs had asked for, in the order they were stopped. */
  const stopped: Input[] = [];
  /** The oldest run still wanted: runs whose state was left meanwhile were aborted. */
  const current = () => {
    const run = runs.find((candidate) => !candidate.settled && !candidate.signal.aborted);
    if (!run) throw new Error('no run of this actor is pending');
    run.settled = true;
    return run;
  };
  return {
    logic: fromPromise<T, Input>(
      ({ input, signal }) =>
        new Promise<T>((resolve, reject) => {
          const run = { input, resolve, reject, signal, settled: false };
          runs.push(run);
          signal.addEventListener('abort', () => {
            if (!run.settled) stopped.push(input);
          });
        }),
    ),
    resolve(value: T) {
      current().resolve(value);
    },
    reject(error: unknown) {
      current().reject(error);
    },
    /** What the chart asked for, one entry per run, in order. */
    get inputs(): Input[] {
      return runs.map((run) => run.input);
    },
    get pendingRuns() {
      return runs.filter((run) => !run.settled && !run.signal.aborted).length;
    },
    get lastSignal() {
      return runs[runs.length - 1]?.signal;
    },
    /** Runs stopped before they were settled. */
    get stoppedRuns() {
      return runs.filter((run) => !run.settled && run.signal.aborted).length;
    },
    /** What each run stopped before it was settled had asked for, in the order they were stopped. */
    get stoppedInputs(): Input[] {
      return [...stopped];
    },
  };
}
export type ControllablePromise<T, Input = unknown> = ReturnType<typeof controllablePromise<T, Input>>;
export type Fakes = Record<string, ControllablePromise<unknown>>;

/** Lets settled promises reach the chart (setImmediate where there is one: far quicker than a 1 ms timer). */
export const flush = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Collects what a running chart does, for the oracle: pass `inspect` to `createActor`. */
export function createRecorder() {
  let calls: Array<{ name: string; input: unknown }> = [];
  let effects: Array<{ name: string; params: unknown }> = [];
  const allCalls: Array<{ name: string; input: unknown }> = [];
  let root: AnyActorRef | undefined;
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor') {
      const ref = inspection.actorRef as AnyActorRef & { src?: unknown; options?: { input?: unknown } };
      root ??= ref;
      if (ref !== root && typeof ref.src === 'string') {
        calls.push({ name: ref.src, input: ref.options?.input });
        allCalls.push({ name: ref.src, input: ref.options?.input });
      }
    }
    if (inspection.type === '@xstate.action' && !inspection.action.type.startsWith('xstate.')) {
      effects.push({ name: inspection.action.type, params: inspection.action.params });
    }
  };
  return {
    inspect,
    /** The inputs of every call of this name since the start. */
    callsOf: (name: string) => allCalls.filter((call) => call.name === name).map((call) => call.input),
    /** What happened since the last call. */
    take() {
      const taken = { calls, effects };
      calls = [];
      effects = [];
      return taken;
    },
  };
}
type Recorder = ReturnType<typeof createRecorder>;

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The delay an `xstate.after.<delay>.<state>` step waits, as the running chart has it. */
function delayOf(actor: AnyActorRef, eventType: string, snapshot: AnyMachineSnapshot, cause: EventObject): number {
  const name = eventType.slice(AFTER.length).split('.')[0]!;
  const numeric = Number(name);
  if (Number.isFinite(numeric)) return numeric;
  const { logic } = actor as unknown as { logic: { implementations?: { delays?: Record<string, unknown> } } };
  const delays = logic.implementations?.delays ?? {};
  const delay = delays[name];
  const value = typeof delay === 'function' ? (delay as (args: unknown) => unknown)({ context: snapshot.context, event: cause }) : delay;
  if (typeof value !== 'number') throw new Error(`replay: no delay "${name}" in the chart`);
  return value;
}

/** The oracle's name for a step's event: `answer:<call>`, `failure:<call>`, `time`, or the event. */
function inputOf(event: EventObject & { output?: unknown; error?: unknown }, waited: number | null): TraceStep['input'] {
  if (waited !== null) return { type: 'time', ms: waited };
  if (event.type.startsWith(DONE)) return { type: `answer:${event.type.slice(DONE.length)}`, output: event.output };
  if (event.type.startsWith(ERROR)) return { type: `failure:${event.type.slice(ERROR.length)}`, error: event.error };
  return { ...event };
}

function fakeFor(fakes: Fakes, id: string) {
  const fake = fakes[id];
  if (!fake) throw new Error(`no fake for actor "${id}"`);
  return fake;
}

const sameValue = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) => JSON.stringify(a.value) === JSON.stringify(b.value);
const stateName = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));

/** The actor's clock, when it is a simulated one. */
function simulatedClockOf(actor: AnyActorRef): SimulatedClock | undefined {
  const clock = (actor as { clock?: Partial<SimulatedClock> }).clock;
  return typeof clock?.increment === 'function' ? (clock as SimulatedClock) : undefined;
}

interface ReplayOptions {
  fakes: Fakes;
  /** The recorder whose `inspect` the actor was created with; without it no trace is kept. */
  recorder?: Recorder;
  /** The view the oracle sees of a snapshot. */
  view?: (snapshot: never) => Record<string, unknown>;
  /** The oracle's own bookkeeping from the trace so far, added to each step's view (Oracle.derive). */
  derive?: (trace: Trace) => Record<string, unknown>;
  /** After each step: compare the expected snapshot (from the path) with the actual one. */
  check?: (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => void | Promise<void>;
  /** The input the actor was started with, for the trace's first step. */
  input?: unknown;
  /** When given: after the path, let time pass until the next timer, or this long if none is set. */
  quietMs?: number;
}

/** Adds the oracle's own bookkeeping (Oracle.derive) to the view of the step just recorded. */
function withDerived(trace: TraceStep[], derive: ReplayOptions['derive']) {
  const last = trace[trace.length - 1];
  if (derive && last) trace[trace.length - 1] = { ...last, view: { ...last.view, ...derive(trace) } };
}

/** When the simulated clock's next timer is due, if one is set (read from the clock's own table). */
function nextTimerDue(clock: SimulatedClock): number | null {
  const timeouts = (clock as unknown as { timeouts?: Map<unknown, { start: number; timeout: number }> }).timeouts;
  if (!(timeouts instanceof Map)) throw new Error('replay: SimulatedClock keeps its timers elsewhere now; update nextTimerDue');
  const due = [...timeouts.values()].map((t) => t.start + t.timeout);
  return due.length ? Math.min(...due) : null;
}

/**
 * Replays a path against a running actor. After each step the actor must be in the path's state.
 * A delay is waited on the simulated clock by its actual value: 1 ms short of it nothing may
 * happen, at it the transition must.
 */
export async function replayPath(path: ReplayPath, actor: AnyActorRef, options: ReplayOptions): Promise<Trace> {
  const { fakes, recorder, view, check } = options;
  const clock = simulatedClockOf(actor);
  const trace: TraceStep[] = [];
  let stopped = Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [id, fake.stoppedInputs.length]));
  /** The calls stopped since the last look, one entry per run. */
  const newStops = () => {
    const stoppedCalls = Object.entries(fakes).flatMap(([id, fake]) => fake.stoppedInputs.slice(stopped[id] ?? 0).map((input) => ({ name: id, input })));
    stopped = Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [id, fake.stoppedInputs.length]));
    return { stops: stoppedCalls.map((call) => call.name), stoppedCalls };
  };
  for (const [i, step] of path.steps.entries()) {
    let waited: number | null = null;
    if (i > 0) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type.startsWith(DONE)) fakeFor(fakes, event.type.slice(DONE.length)).resolve(event.output);
      else if (event.type.startsWith(ERROR)) fakeFor(fakes, event.type.slice(ERROR.length)).reject(event.error);
      else if (event.type.startsWith(AFTER)) {
        if (!clock) throw new Error(`replay: the path waits (${event.type}); create the actor with a SimulatedClock`);
        const before = actor.getSnapshot() as AnyMachineSnapshot;
        waited = delayOf(actor, event.type, before, path.steps[i - 1]!.event);
        if (waited > 0) {
          clock.increment(waited - 1);
          await flush();
          const early = actor.getSnapshot() as AnyMachineSnapshot;
          if (!sameValue(early, before)) {
            throw new Error(`step ${i} (${event.type}): left ${stateName(before)} for ${stateName(early)} before ${waited} ms had passed`);
          }
        }
        clock.increment(waited > 0 ? 1 : 0);
      } else actor.send(event);
      await flush();
    }
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    if (!sameValue(actual, step.state)) {
      throw new Error(`step ${i} (${step.event.type}): expected ${stateName(step.state)}, got ${stateName(actual)}`);
    }
    await check?.(step.state, actual);
    if (recorder) {
      trace.push({
        input: i === 0 ? { type: 'start', input: options.input } : inputOf(step.event, waited),
        ...recorder.take(),
        ...newStops(),
        view: view ? view(actual as never) : {},
        at: clock?.now() ?? 0,
      });
      withDerived(trace, options.derive);
    }
  }
  if (recorder && clock && options.quietMs !== undefined) {
    const due = nextTimerDue(clock);
    const waited = due === null ? options.quietMs : Math.max(0, due - clock.now());
    clock.increment(waited);
    await flush();
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    trace.push({ input: { type: 'time', ms: waited }, ...recorder.take(), ...newStops(), view: view ? view(actual as never) : {}, at: clock.now() });
    withDerived(trace, options.derive);
  }
  return trace;
}

/** A chart started for a path: its actor (with a simulated clock), the fakes it calls, its recorder. */
export interface StartedChart {
  actor: AnyActorRef;
  fakes: Fakes;
  recorder: Recorder;
}

/**
 * The real chart started for a replay: the actors named in `fake` (all, by default) are fakes the
 * path settles, time is simulated, and a recorder listens for the oracle. `provide` gives the rest
 * (spies, the app's delays) and may read the clock.
 */
export function startChart<M extends AnyStateMachine>(
  machine: M,
  options: { input?: unknown; fake?: readonly string[]; provide?: (clock: SimulatedClock) => Parameters<AnyStateMachine['provide']>[0] } = {},
) {
  const clock = new SimulatedClock();
  const fakes: Fakes = Object.fromEntries((options.fake ?? Object.keys(machine.implementations.actors)).map((id) => [id, controllablePromise<unknown>()]));
  const recorder = createRecorder();
  const provided = options.provide?.(clock) ?? {};
  const logic = (machine as AnyStateMachine).provide({
    ...provided,
    actors: { ...provided.actors, ...Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [id, fake.logic])) },
  }) as M;
  const actor = createActor(logic, { clock, input: options.input, inspect: recorder.inspect } as never).start();
  return { actor, fakes, recorder, clock };
}

