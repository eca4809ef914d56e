/**
 * Reads a machine's structure for the diagrams: its state nodes, its transitions and the names
 * shown for events, guards, actions and invoked actors. Mermaid, DOT and the tables all label
 * things through this module, so they never disagree.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface ChartTransition {
  source: AnyStateNode;
  /** XState's event type: `''` for eventless (always) transitions. */
  eventType: string;
  /** Position in the source's list for that event type (or in `always`). */
  index: number;
  targets: AnyStateNode[];
  definition: AnyTransitionDefinition;
}

/** The root first, then every state node in document order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    childrenOf(node).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

export function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).sort((a, b) => a.order - b.order);
}

export const isContainer = (node: AnyStateNode) => node.type === 'compound' || node.type === 'parallel';

export function initialChildOf(node: AnyStateNode): AnyStateNode | undefined {
  return node.type === 'compound' ? node.initial.target[0] : undefined;
}

export function transitionsOf(node: AnyStateNode): ChartTransition[] {
  const lists: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
  if (node.always?.length) lists.push(['', node.always]);
  return lists.flatMap(([eventType, list]) =>
    list.map((definition, index) => ({ source: node, eventType, index, targets: [...(definition.target ?? [])], definition })),
  );
}

export function allTransitionsOf(machine: AnyStateMachine): ChartTransition[] {
  return stateNodesOf(machine).flatMap(transitionsOf);
}

/** The id the SVG gives a transition edge: `transition:<source id>:<event type>:<index>`. */
export const transitionId = (t: ChartTransition) => `transition:${t.source.id}:${t.eventType}:${t.index}`;

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const SNAPSHOT = 'xstate.snapshot.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

/** `done: load`, `error: load`, `after requeryDelay`, `always`, or the event type itself. */
export function eventLabel(eventType: string, source: AnyStateNode): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${eventType.slice(DONE_ACTOR.length)}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
  if (eventType.startsWith(SNAPSHOT)) return `snapshot: ${eventType.slice(SNAPSHOT.length)}`;
  if (eventType.startsWith(DONE_STATE)) return 'onDone';
  if (eventType.startsWith(AFTER)) return `after ${delayLabel(delayOf(eventType, source))}`;
  return eventType;
}

/** The delay of an `xstate.after.<delay>.<state id>` event: a name from `delays` or milliseconds. */
export function delayOf(eventType: string, source: AnyStateNode): string | number {
  const delayed = source.after.find((t) => t.eventType === eventType);
  if (delayed && (typeof delayed.delay === 'string' || typeof delayed.delay === 'number')) return delayed.delay;
  return eventType.slice(AFTER.length, eventType.length - source.id.length - 1);
}

export const delayLabel = (delay: string | number) => (typeof delay === 'number' ? `${delay}ms` : delay);

type Named = { type?: unknown; name?: unknown; guards?: unknown; stateValue?: unknown };

/** A guard's name: `isInApp`, `!isInApp` for not(), `and(a, b)`, `or(a, b)`, `in(state)`, `(inline)`. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && typeof (guard as Named).type === 'string') return (guard as Named).type as string;
  if (typeof guard === 'function') {
    const { name, guards, stateValue } = guard as Named;
    const inner = Array.isArray(guards) ? guards.map(guardLabel) : [];
    if (name === 'not' && inner.length === 1) return `!${inner[0]}`;
    if ((name === 'and' || name === 'or') && inner.length > 0) return `${name}(${inner.join(', ')})`;
    if (name === 'stateIn' && stateValue !== undefined) return `in(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
  }
  return '(inline)';
}

/** An action's name: its `type`; built-in actions (assign, raise, ...) without the `xstate.` prefix. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  const type = (action as Named | null)?.type;
  if (typeof type === 'string') return type.startsWith('xstate.') ? type.slice('xstate.'.length) : type;
  return '(inline)';
}

/** The actor an invoke runs: its `src` name, or `(inline)` for logic given in place. */
export function invokeLabel(invoke: AnyStateNode['invoke'][number]): string {
  const src = typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : '(inline)';
  return src === invoke.id || /^\d+\./.test(invoke.id) ? src : `${src} as ${invoke.id}`;
}

/** XState adds a raise on entry and a cancel on exit for each `after` timer: not the chart's own actions. */
function isTimerAction(action: unknown): boolean {
  const { id, sendId } = (action ?? {}) as { id?: unknown; sendId?: unknown };
  return [id, sendId].some((value) => typeof value === 'string' && value.startsWith(AFTER));
}

export const entryActionsOf = (node: AnyStateNode) => node.entry.filter((action) => !isTimerAction(action));
export const exitActionsOf = (node: AnyStateNode) => node.exit.filter((action) => !isTimerAction(action));

/** The lines a state shows under its name: tags, entry and exit actions, invoked actors. */
export function stateDetails(node: AnyStateNode): string[] {
  const lines: string[] = [];
  const entry = entryActionsOf(node);
  const exit = exitActionsOf(node);
  if (node.tags.length) lines.push(`tags: ${node.tags.join(', ')}`);
  if (entry.length) lines.push(`entry / ${entry.map(actionLabel).join(', ')}`);
  if (exit.length) lines.push(`exit / ${exit.map(actionLabel).join(', ')}`);
  for (const invoke of node.invoke) lines.push(`invoke ${invokeLabel(invoke)}`);
  return lines;
}

export interface TransitionText {
  event: string;
  guard?: string;
  actions: string[];
}

export function transitionText(t: ChartTransition): TransitionText {
  const guard = t.definition.guard === undefined ? undefined : guardLabel(t.definition.guard);
  return { event: eventLabel(t.eventType, t.source), ...(guard ? { guard } : {}), actions: t.definition.actions.map(actionLabel) };
}

/** `EVENT [guard] / action1, action2` */
export function formatTransition({ event, guard, actions }: TransitionText): string {
  return `${event}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

/** Whether `node` is `ancestor` or lies inside it. */
export function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** The innermost state node that contains both (a node contains itself). */
export function commonAncestor(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  for (let n: AnyStateNode | undefined = a; n; n = n.parent) if (isWithin(b, n)) return n;
  return a.machine.root;
}
