/**
 * A machine as a Mermaid `stateDiagram-v2`, for reading in a pull request. Mermaid cannot draw an
 * edge between a composite state and its own children, so a container's own transitions (and the
 * root's) start at a pseudo-state "(any X state)" inside it, which also carries its invokes.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  allTransitionsOf,
  childrenOf,
  commonAncestor,
  formatTransition,
  initialChildOf,
  isContainer,
  isWithin,
  stateDetails,
  stateNodesOf,
  transitionText,
  type ChartTransition,
} from './chart';

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classdef', 'style', 'as', 'left', 'right', 'of', 'hide', 'scale', 'click', 'default']);

/**
 * Mermaid 11 does not decode entity codes (`#59;`) in state diagrams, so the characters it
 * cannot show are replaced: `;` ends a statement, `"` ends a quoted label, `<>` are taken as HTML.
 */
export function mermaidText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/;/g, ',').replace(/"/g, "'").replace(/</g, '‹').replace(/>/g, '›');
}

const isPlainId = (text: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !RESERVED.has(text.toLowerCase());

/** Mermaid ids are global to a diagram: a key is its own id only when it is unique and plain. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = stateNodesOf(machine).slice(1);
  const keyCount = new Map<string, number>();
  for (const node of nodes) keyCount.set(node.key, (keyCount.get(node.key) ?? 0) + 1);
  const ids = new Map<AnyStateNode, string>();
  for (const node of nodes) {
    const plain = isPlainId(node.key) && keyCount.get(node.key) === 1 && node.key !== machine.id;
    ids.set(node, plain ? node.key : `s_${node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_')}`);
  }
  return ids;
}

/** Where a diagram line about `node` can go: the root or a compound state, never a parallel one (regions). */
function blockFor(node: AnyStateNode): AnyStateNode {
  let n: AnyStateNode = node;
  while (n.parent && n.type !== 'compound') n = n.parent;
  return n;
}

export function toMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const transitions = allTransitionsOf(machine);
  const startsInside = (t: ChartTransition) => isContainer(t.source) && (t.targets.length === 0 || t.targets.some((target) => isWithin(target, t.source)));
  const endsOutside = (t: ChartTransition, target: AnyStateNode) => target !== t.source && isContainer(target) && isWithin(t.source, target);
  const anyNodes = new Set<AnyStateNode>(
    stateNodesOf(machine).filter(
      (node) =>
        isContainer(node) &&
        (stateDetails(node).length > 0 ||
          transitions.some((t) => (t.source === node && startsInside(t)) || t.targets.some((target) => target === node && endsOutside(t, target)))),
    ),
  );
  const anyId = (node: AnyStateNode) => (node.parent ? `${ids.get(node)}__any` : 'machine__any');
  const anyBlock = (node: AnyStateNode) => (node.type === 'parallel' && node.parent ? blockFor(node.parent) : node);

  const edgesByBlock = new Map<AnyStateNode, string[]>();
  const addEdge = (block: AnyStateNode, line: string) => edgesByBlock.set(block, [...(edgesByBlock.get(block) ?? []), line]);
  for (const t of transitions) {
    const label = mermaidText(formatTransition(transitionText(t)));
    const fromAny = anyNodes.has(t.source) && startsInside(t);
    const from = fromAny ? anyId(t.source) : ids.get(t.source)!;
    const targets = t.targets.length ? t.targets : [t.source];
    for (const target of targets) {
      const selfLoop = target === t.source;
      // Into a state's own ancestor: Mermaid cannot draw a child-to-composite edge either.
      const intoAny = endsOutside(t, target);
      const to = selfLoop ? from : intoAny ? anyId(target) : ids.get(target)!;
      const block = fromAny ? anyBlock(t.source) : intoAny ? anyBlock(target) : blockFor(selfLoop ? t.source.parent! : commonAncestor(t.source, target));
      addEdge(block, `${from} --> ${to} : ${label}`);
    }
  }

  const lines = ['stateDiagram-v2'];
  const emitBlock = (container: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const initial = initialChildOf(container);
    if (initial) lines.push(`${pad}[*] --> ${ids.get(initial)}`);
    const children = childrenOf(container);
    children.forEach((child, i) => {
      // A parallel root has no frame to hold regions: its regions stand side by side.
      if (container.type === 'parallel' && container.parent && i > 0) lines.push(`${pad}--`);
      emitState(child, depth);
    });
    for (const node of anyNodes) if (anyBlock(node) === container) emitAnyNode(node, depth);
    for (const line of edgesByBlock.get(container) ?? []) lines.push(`${pad}${line}`);
    for (const child of children) if (child.type === 'final') lines.push(`${pad}${ids.get(child)} --> [*]`);
  };
  const emitState = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const id = ids.get(node)!;
    const label = node.type === 'history' ? `${node.key} (history${node.history === 'deep' ? ', deep' : ''})` : node.key;
    const declaration = label === id ? `state ${id}` : `state "${mermaidText(label)}" as ${id}`;
    if (isContainer(node)) {
      lines.push(`${pad}${declaration} {`);
      emitBlock(node, depth + 1);
      lines.push(`${pad}}`);
      return;
    }
    lines.push(`${pad}${declaration}`);
    describe(id, label === id ? label : undefined, stateDetails(node), pad);
  };
  const emitAnyNode = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const label = `(any ${node.key} state)`;
    lines.push(`${pad}state "${mermaidText(label)}" as ${anyId(node)}`);
    describe(anyId(node), undefined, stateDetails(node), pad);
  };
  // Mermaid takes the first description line as the title: a state declared without a quoted
  // label repeats its name first (a quoted label already is that first line).
  const describe = (id: string, title: string | undefined, details: string[], pad: string) => {
    if (details.length === 0) return;
    for (const line of title === undefined ? details : [title, ...details]) lines.push(`${pad}${id} : ${mermaidText(line)}`);
  };

  emitBlock(machine.root, 1);
  return `${lines.join('\n')}\n`;
}
