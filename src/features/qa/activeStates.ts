import type { AnyStateMachine, StateValue } from 'xstate';

type Node = AnyStateMachine['root'];

/** The ids of every active state node (compound, parallel and atomic) for a state value. */
export function activeStateIds(machine: AnyStateMachine, value: StateValue): string[] {
  const ids: string[] = [];
  const walk = (node: Node, inner: StateValue) => {
    const entries: Array<[string, StateValue | null | undefined]> = typeof inner === 'string' ? [[inner, null]] : Object.entries(inner);
    for (const [key, below] of entries) {
      const child = node.states[key];
      if (!child) continue;
      ids.push(child.id);
      if (below !== null && below !== undefined) walk(child, below);
    }
  };
  walk(machine.root, value);
  return ids;
}
