/**
 * A machine as Graphviz DOT. The SVG rendered from it is read by the QA panel, which finds live
 * states by id: every atomic state is a node `id="<state id>" class="state"`, every compound or
 * parallel state (the root too) a cluster `id="<state id>" class="state compound"`, and every
 * transition an edge `id="transition:<source id>:<event type>:<index>" class="transition"`
 * (a second target of the same transition adds `:<n>`). Graphviz adds its own `node`, `cluster`
 * and `edge` classes in front. Start dots are `start:<id>`, cluster anchors `anchor:<id>`.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  allTransitionsOf,
  childrenOf,
  initialChildOf,
  isContainer,
  isWithin,
  stateDetails,
  stateNodesOf,
  transitionId,
  transitionText,
  type ChartTransition,
} from './chart';

const FONT = 'Helvetica';
const INK = '#1e293b';
const MUTED = '#64748b';
const LINE = '#94a3b8';
const GUARD = '#7c3aed';
const CLUSTER_FILLS = ['#ffffff', '#f8fafc', '#f1f5f9', '#e9eef5'];

/** A DOT double-quoted string. */
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const small = (text: string, color = MUTED) => `<font point-size="9" color="${color}">${html(text)}</font>`;

const clusterName = (node: AnyStateNode) => `cluster_${node.id}`;
const startName = (node: AnyStateNode) => `start:${node.id}`;
const anchorName = (node: AnyStateNode) => `anchor:${node.id}`;

/** An HTML-like label, written between `<` and `>` instead of quotes. */
type Html = { html: string };
const asHtml = (text: string): Html => ({ html: text });

/** A transition as one line of a state's label: `EVENT [guard] / actions`. */
function transitionLine(t: ChartTransition): string {
  const { event, guard, actions } = transitionText(t);
  return [small(event, INK), guard ? small(`[${guard}]`, GUARD) : '', actions.length ? small(`/ ${actions.join(', ')}`) : ''].filter(Boolean).join(' ');
}

/**
 * A state's name, its details and, under a rule, its targetless (internal) transitions: Graphviz
 * piles up the labels of several self-loops, so those loops are drawn bare and read here.
 */
function stateLabel(node: AnyStateNode, extra: string[], internal: ChartTransition[]): Html {
  const rows = [`<b>${html(node.key)}</b>`, ...[...extra, ...stateDetails(node)].map((line) => small(line))].map((cell) => `<tr><td>${cell}</td></tr>`);
  if (internal.length) rows.push('<hr/>', ...internal.map((t) => `<tr><td align="left">${transitionLine(t)}</td></tr>`));
  return asHtml(`<table border="0" cellborder="0" cellspacing="0" cellpadding="1" color="#cbd5e1">${rows.join('')}</table>`);
}

/** A cluster's title sits top left, its details and internal transitions aligned under it. */
function clusterLabel(node: AnyStateNode, internal: ChartTransition[]): Html {
  const title = `<b>${html(node.key)}</b>${node.type === 'parallel' ? ` ${small('(parallel)')}` : ''}`;
  const lines = [title, ...stateDetails(node).map((line) => small(line)), ...internal.map(transitionLine)];
  return asHtml(lines.map((line) => `${line}<br align="left"/>`).join(''));
}

/** Actions wrap after a few names so a label never outgrows the chart. */
function edgeLabel(t: ChartTransition): Html {
  const { event, guard, actions } = transitionText(t);
  const head = html(event) + (guard ? ` ${small(`[${guard}]`, GUARD)}` : '');
  const rows: string[] = [];
  for (const action of actions) {
    const last = rows[rows.length - 1];
    if (last !== undefined && `${last}, ${action}`.length <= 34) rows[rows.length - 1] = `${last}, ${action}`;
    else rows.push(action);
  }
  const tail = rows.map((row, i) => small(`${i === 0 ? '/ ' : ''}${row}${i < rows.length - 1 ? ',' : ''}`));
  return asHtml([head, ...tail].join('<br/>'));
}

type Attributes = Record<string, string | number | Html>;
const attrs = (entries: Attributes) =>
  Object.entries(entries)
    .map(([key, value]) => `${key}=${typeof value === 'number' ? value : typeof value === 'string' ? quote(value) : `<${value.html}>`}`)
    .join(', ');

const stateClasses = (node: AnyStateNode, base: string) =>
  [base, node.type === 'final' ? 'final' : '', node.parent && initialChildOf(node.parent) === node ? 'initial' : ''].filter(Boolean).join(' ');

export function toDot(machine: AnyStateMachine): string {
  const transitions = allTransitionsOf(machine);
  const internalOf = (node: AnyStateNode) => transitions.filter((t) => t.source === node && t.targets.length === 0);
  const edgesOf = (container: AnyStateNode) =>
    transitions.flatMap((t) => (t.targets.length ? t.targets : [t.source]).map((target) => ({ t, target }))).filter(({ t, target }) => t.source === container || target === container);
  // An edge between a cluster and a state inside it cannot be clipped at the cluster's border,
  // so such a cluster gets a small visible "any state" node instead of an invisible anchor.
  const anchorVisible = (container: AnyStateNode) => edgesOf(container).some(({ t, target }) => isWithin(target, t.source) || isWithin(t.source, target));
  const needsAnchor = (container: AnyStateNode) =>
    edgesOf(container).length > 0 || (container.parent !== undefined && initialChildOf(container.parent) === container);

  const out: string[] = [
    `digraph ${quote(machine.id)} {`,
    `  graph [${attrs({ id: `statechart:${machine.id}`, class: 'statechart', rankdir: 'LR', compound: 'true', fontname: FONT, fontsize: 11, fontcolor: INK, nodesep: 0.3, ranksep: 0.45, pad: 0.2, labeljust: 'l', labelloc: 't' })}]`,
    `  node [${attrs({ shape: 'box', style: 'rounded,filled', fillcolor: '#ffffff', color: LINE, fontname: FONT, fontsize: 11, fontcolor: INK, margin: '0.14,0.06', penwidth: 1 })}]`,
    `  edge [${attrs({ fontname: FONT, fontsize: 9, fontcolor: INK, color: LINE, arrowsize: 0.7, penwidth: 1 })}]`,
  ];

  const emitContainer = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth + 1);
    const isRegion = node.parent?.type === 'parallel';
    out.push(`${pad}subgraph ${quote(clusterName(node))} {`);
    out.push(
      `${pad}  graph [${attrs({
        id: node.id,
        class: `${stateClasses(node, 'state compound')}${node.type === 'parallel' ? ' parallel' : ''}`,
        label: clusterLabel(node, internalOf(node)),
        style: isRegion ? 'rounded,dashed,filled' : 'rounded,filled',
        fillcolor: CLUSTER_FILLS[Math.min(depth, CLUSTER_FILLS.length - 1)]!,
        color: depth === 0 ? '#e2e8f0' : '#cbd5e1',
        margin: 10,
      })}]`,
    );
    const initial = initialChildOf(node);
    if (initial) {
      out.push(`${pad}  ${quote(startName(node))} [${attrs({ id: startName(node), class: 'start', shape: 'point', width: 0.11, color: INK, fillcolor: INK, label: '' })}]`);
    }
    if (needsAnchor(node)) {
      const visible = anchorVisible(node);
      const look: Attributes = visible
        ? { shape: 'box', style: 'rounded,dashed', label: `(any ${node.key} state)`, fontsize: 9, fontcolor: MUTED, color: LINE, margin: '0.06,0.02', height: 0.2 }
        : { shape: 'point', style: 'invis', width: 0.01, height: 0.01, label: '' };
      out.push(`${pad}  ${quote(anchorName(node))} [${attrs({ id: anchorName(node), class: 'anchor', ...look })}]`);
    }
    for (const child of childrenOf(node)) {
      if (isContainer(child)) emitContainer(child, depth + 1);
      else out.push(`${pad}  ${quote(child.id)} [${attrs(atomicAttrs(child))}]`);
    }
    out.push(`${pad}}`);
  };

  const atomicAttrs = (node: AnyStateNode): Attributes => ({
    id: node.id,
    class: stateClasses(node, node.type === 'history' ? 'state history' : 'state'),
    label: stateLabel(node, node.type === 'history' ? [node.history === 'deep' ? 'history (deep)' : 'history'] : [], internalOf(node)),
    ...(node.type === 'final' ? { peripheries: 2 } : {}),
  });

  emitContainer(machine.root, 0);

  /** A state as an edge end: a container is reached through its anchor, clipped at its border. */
  const end = (node: AnyStateNode, other: AnyStateNode, side: 'ltail' | 'lhead') =>
    isContainer(node) ? { name: anchorName(node), clip: isWithin(other, node) ? {} : { [side]: clusterName(node) } } : { name: node.id, clip: {} };

  for (const container of stateNodesOf(machine)) {
    const initial = initialChildOf(container);
    if (!initial) continue;
    const head = end(initial, container, 'lhead');
    out.push(`  ${quote(startName(container))} -> ${quote(head.name)} [${attrs({ id: `${startName(container)}:edge`, class: 'start', arrowsize: 0.6, ...head.clip })}]`);
  }
  for (const t of transitions) {
    const targets = t.targets.length ? t.targets : [t.source];
    targets.forEach((target, k) => {
      const tail = end(t.source, target, 'ltail');
      const head = end(target, t.source, 'lhead');
      const id = k === 0 ? transitionId(t) : `${transitionId(t)}:${k}`;
      const look: Attributes = t.targets.length ? { class: 'transition', label: edgeLabel(t) } : { class: 'transition internal', arrowsize: 0.5 };
      out.push(`  ${quote(tail.name)} -> ${quote(head.name)} [${attrs({ id, ...look, ...tail.clip, ...head.clip })}]`);
    });
  }
  return `${out.join('\n')}\n}\n`;
}
