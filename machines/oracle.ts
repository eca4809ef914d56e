/**
 * Oracles: what a chart must do, written from the specification and decisions.md, not from the
 * chart. A chart's oracle is a list of promises in plain data (`<chart>.oracle.ts` beside it);
 * every path the model-based tests generate is replayed on the real chart, recorded as a trace
 * of what could be seen from outside (calls, effects, the view, the clock), and checked here.
 * Nothing in this file knows a chart's states: a promise speaks of inputs and observations only.
 */

/** What happened in one step of a replay. */
export interface TraceStep {
  /**
   * What the world did: `start`, a patient's tap or another event by its type, a call's answer
   * (`answer:<call>` with `output`), its failure (`failure:<call>` with `error`), or `time` (`ms`).
   */
  input: { type: string } & Record<string, unknown>;
  /** Calls the chart made in this step, with what each asked for. */
  calls: ReadonlyArray<{ name: string; input: unknown }>;
  /** Calls the chart stopped before they were answered (their answer will be ignored). */
  stops: readonly string[];
  /** The same stopped calls with what each had asked for (when the replay knows it). */
  stoppedCalls?: ReadonlyArray<{ name: string; input: unknown }>;
  /** Effects the chart ran (its named actions), with their parameters. */
  effects: ReadonlyArray<{ name: string; params: unknown }>;
  /** What the patient sees after the step: the chart's view in plain data. */
  view: Readonly<Record<string, unknown>>;
  /** The clock after the step, in ms since the start. */
  at: number;
}
export type Trace = readonly TraceStep[];

/**
 * A value to match. Objects match partially and deeply; `{ above: n }`, `{ below: n }`,
 * `{ oneOf: [...] }`, `{ not: shape }` and `{ present: boolean }` test a value;
 * `{ sameAs: 'input.returnTo', plus?: n }` compares with a field of this step's input (`input.`),
 * of the view before it (`saw.`) or after it (`sees.`), of what the chart was started with
 * (`start.request`), or of what the latest answered call of a name had asked for (`answered.load.page`).
 */
export type Shape =
  | string
  | number
  | boolean
  | null
  | { above: number }
  | { below: number }
  | { oneOf: readonly unknown[] }
  | { not: Shape }
  | { present: boolean }
  | { sameAs: string; plus?: number }
  | { readonly [key: string]: Shape };

/** A statement about one step. */
export type Pattern =
  /** The step's input is of this type (or one of these), with these fields. */
  | { input: string | readonly string[]; with?: Shape }
  /** The chart made this call in the step, asking for this. */
  | { call: string; with?: Shape }
  /** The chart stopped this call in the step. */
  | { stop: string }
  /** The chart ran this effect in the step, with these parameters. */
  | { effect: string; with?: Shape }
  /** The view after the step. */
  | { sees: Shape }
  /** The view before the step. */
  | { saw: Shape }
  /** Before the step, this call had been made and was neither answered, failed nor stopped. */
  | { pending: string }
  /** In some step before this one, this held (`{ earlier: { input: 'START' } }`: not the first START). */
  | { earlier: Pattern }
  /** The latest call of this name whose answer has come (up to this step) had asked for this. */
  | { answered: string; with?: Shape }
  | { all: readonly Pattern[] }
  | { any: readonly Pattern[] }
  | { not: Pattern };

export type Rule =
  /** In every step where `if` holds, `then` holds. */
  | { kind: 'always'; if: Pattern; then: Pattern }
  /** Up to every step, `what` has happened no more often than `each` (each `what` needs an `each` of its own). */
  | { kind: 'needs'; what: Pattern; each: Pattern }
  /** `what` happens at most `times` times from one `per` to the next. */
  | { kind: 'atMost'; what: Pattern; times: number; per: Pattern }
  /**
   * When `what` happens because time passed, it is exactly one of these moments: `ms` after the
   * latest step where `since` held; `ms` before the expiry the view showed (`beforeExpiry`, in
   * epoch seconds); or halfway from the latest step where `halfwayFrom` held to that expiry.
   */
  | {
      kind: 'timing';
      what: Pattern;
      when: ReadonlyArray<{ since: Pattern; ms: number } | { beforeExpiry: string; ms: number } | { halfwayFrom: Pattern; toExpiry: string }>;
    };

export interface ChartPromise {
  /** Short and stable: cited by tests, failures and docs/flows. */
  id: string;
  /** The promise, as a patient or an auditor would say it. */
  says: string;
  /** Where it comes from: the specification's section or decisions.md. */
  source: string;
  rule: Rule;
}

export interface Oracle<Snapshot = never> {
  chart: string;
  /**
   * After every path the replay lets time pass until the chart's next timer, or this long when it
   * has none (the longest wait the specification knows for the chart), so that promises about what
   * time must bring (a renewal, a check) are put to the test even when a chart forgot its timer.
   */
  quietMs?: number;
  /** What the patient sees of a snapshot, in plain data (usually the chart's connect object). */
  view: (snapshot: Snapshot) => Record<string, unknown>;
  /**
   * The oracle's own bookkeeping, from the trace alone (the calls, stops, effects and inputs up to
   * and including the last step): added to that step's view, for what the view does not show but
   * an onlooker could count (the images in flight, the bytes the app was told to keep).
   */
  derive?: (trace: Trace) => Record<string, unknown>;
  promises: readonly ChartPromise[];
}

export interface Violation {
  promise: ChartPromise;
  /** The step where it broke. */
  step: number;
  detail: string;
}

/** Objects and arrays: both have fields a shape can look into (`rows: { length: 0 }`). */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function lookUp(path: string, trace: Trace, i: number): unknown {
  const [where, ...rest] = path.split('.');
  // `answered.<call>.<field>`: what the latest answered call of that name had asked for.
  const fields = where === 'answered' ? rest.slice(1) : rest;
  const root =
    where === 'input'
      ? trace[i]!.input
      : where === 'saw'
        ? (trace[i - 1]?.view ?? {})
        : where === 'sees'
          ? trace[i]!.view
          : where === 'answered'
            ? (answeredInput(rest[0] ?? '', trace, i) ?? {})
            : where === 'start'
              ? (trace[0]?.input.input ?? {})
              : undefined;
  if (root === undefined) throw new Error(`oracle: "${path}" must start with input., saw., sees., start. or answered.<call>.`);
  return fields.reduce<unknown>((value, field) => (isObject(value) ? value[field] : undefined), root);
}

function fits(value: unknown, shape: Shape, trace: Trace, i: number): boolean {
  if (!isObject(shape)) return Object.is(value, shape);
  if ('above' in shape && typeof shape.above === 'number') return typeof value === 'number' && value > shape.above;
  if ('below' in shape && typeof shape.below === 'number') return typeof value === 'number' && value < shape.below;
  if ('oneOf' in shape && Array.isArray(shape.oneOf)) return shape.oneOf.some((option) => Object.is(option, value));
  if ('not' in shape && Object.keys(shape).length === 1) return !fits(value, shape.not as Shape, trace, i);
  if ('present' in shape && typeof shape.present === 'boolean') return (value !== null && value !== undefined) === shape.present;
  if ('sameAs' in shape && typeof shape.sameAs === 'string') {
    const other = lookUp(shape.sameAs, trace, i);
    const plus = typeof shape.plus === 'number' ? shape.plus : undefined;
    return plus === undefined ? JSON.stringify(value) === JSON.stringify(other) : typeof other === 'number' && value === other + plus;
  }
  if (!isObject(value)) return false;
  return Object.entries(shape).every(([key, inner]) => fits(value[key], inner as Shape, trace, i));
}

/** Whether `pattern` holds in step `i` of the trace. */
export function holds(pattern: Pattern, trace: Trace, i: number): boolean {
  const step = trace[i]!;
  const fitsWith = (value: unknown, shape: Shape | undefined) => shape === undefined || fits(value, shape, trace, i);
  if ('input' in pattern) {
    const types: readonly string[] = typeof pattern.input === 'string' ? [pattern.input] : pattern.input;
    return types.includes(step.input.type) && fitsWith(step.input, pattern.with);
  }
  if ('call' in pattern) return step.calls.some((call) => call.name === pattern.call && fitsWith(call.input, pattern.with));
  if ('stop' in pattern) return step.stops.includes(pattern.stop);
  if ('effect' in pattern) return step.effects.some((effect) => effect.name === pattern.effect && fitsWith(effect.params, pattern.with));
  if ('sees' in pattern) return fits(step.view, pattern.sees, trace, i);
  if ('saw' in pattern) return i > 0 && fits(trace[i - 1]!.view, pattern.saw, trace, i);
  if ('pending' in pattern) return isPending(pattern.pending, trace, i);
  if ('earlier' in pattern) return trace.slice(0, i).some((_, j) => holds(pattern.earlier, trace, j));
  if ('answered' in pattern) {
    const asked = answeredInput(pattern.answered, trace, i);
    return asked !== undefined && fitsWith(asked, pattern.with);
  }
  if ('all' in pattern) return pattern.all.every((inner) => holds(inner, trace, i));
  if ('any' in pattern) return pattern.any.some((inner) => holds(inner, trace, i));
  return !holds(pattern.not, trace, i);
}

/** What the latest call of this name whose answer has come (up to step i) had asked for. */
function answeredInput(call: string, trace: Trace, i: number): unknown {
  const answer = trace.findLastIndex((step, j) => j <= i && step.input.type === `answer:${call}`);
  if (answer < 0) return undefined;
  const made = trace.slice(0, answer).flatMap((step) => step.calls.filter((c) => c.name === call));
  return made[made.length - 1]?.input;
}

function isPending(call: string, trace: Trace, i: number): boolean {
  let open = 0;
  for (const step of trace.slice(0, i)) {
    if (step.input.type === `answer:${call}` || step.input.type === `failure:${call}`) open--;
    open -= step.stops.filter((name) => name === call).length;
    open += step.calls.filter((made) => made.name === call).length;
  }
  return open > 0;
}

/** The pattern that must match for a promise to say anything about a trace. */
function trigger(rule: Rule): Pattern {
  return rule.kind === 'always' ? rule.if : rule.what;
}

/** Whether the trace puts the promise to the test at all (some step matches what it speaks of). */
export function isTested(promise: ChartPromise, trace: Trace): boolean {
  const pattern = trigger(promise.rule);
  return trace.some((step, i) => holds(pattern, trace, i) && (promise.rule.kind !== 'timing' || step.input.type === 'time'));
}

function violationsOf(promise: ChartPromise, trace: Trace): Violation[] {
  const { rule } = promise;
  const found: Violation[] = [];
  const broke = (step: number, detail: string) => found.push({ promise, step, detail });
  switch (rule.kind) {
    case 'always':
      trace.forEach((_, i) => {
        if (holds(rule.if, trace, i) && !holds(rule.then, trace, i)) broke(i, 'the condition held, the consequence did not');
      });
      break;
    case 'needs': {
      let what = 0;
      let each = 0;
      trace.forEach((_, i) => {
        if (holds(rule.each, trace, i)) each++;
        if (holds(rule.what, trace, i)) what++;
        if (what > each) broke(i, `happened ${what} times with only ${each} to allow it`);
      });
      break;
    }
    case 'atMost': {
      let count = 0;
      trace.forEach((_, i) => {
        if (holds(rule.per, trace, i)) count = 0;
        if (holds(rule.what, trace, i) && ++count > rule.times) broke(i, `happened ${count} times, at most ${rule.times} allowed`);
      });
      break;
    }
    case 'timing':
      trace.forEach((step, i) => {
        if (step.input.type !== 'time' || !holds(rule.what, trace, i)) return;
        const on = rule.when.some((moment) => {
          if ('beforeExpiry' in moment) {
            const expiresAt = lookUp(`saw.${moment.beforeExpiry}`, trace, i);
            return typeof expiresAt === 'number' && step.at === expiresAt * 1000 - moment.ms;
          }
          if ('halfwayFrom' in moment) {
            const expiresAt = lookUp(`saw.${moment.toExpiry}`, trace, i);
            const from = trace.findLastIndex((_, j) => j < i && holds(moment.halfwayFrom, trace, j));
            return typeof expiresAt === 'number' && from >= 0 && step.at === trace[from]!.at + (expiresAt * 1000 - trace[from]!.at) / 2;
          }
          const latest = trace.findLastIndex((_, j) => j < i && holds(moment.since, trace, j));
          return latest >= 0 && step.at - trace[latest]!.at === moment.ms;
        });
        if (!on) broke(i, `came at ${step.at} ms, which is none of the promised moments`);
      });
      break;
  }
  return found;
}

/** Every broken promise of the oracle in the trace. */
export function check(oracle: Pick<Oracle<unknown>, 'promises'>, trace: Trace): Violation[] {
  return oracle.promises.flatMap((promise) => violationsOf(promise, trace));
}

/** A violation as a test failure should read it. */
export function describeViolation(violation: Violation, trace: Trace): string {
  const step = trace[violation.step]!;
  return `broke promise ${violation.promise.id} ("${violation.promise.says}") at step ${violation.step} (${step.input.type}): ${violation.detail}`;
}
