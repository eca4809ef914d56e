// @vitest-environment node
import type { AnyStateMachine, EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  callsOf,
  checkFlow,
  flowsOf,
  flowSuiteName,
  flowTestName,
  isOutcome,
  outcomeStep,
  outcomeTransition,
  type Flow,
  type FlowSpec,
  type Snapshot,
  type Transition,
} from '../../scripts/flows/flowCatalogue';
import { flowSpecs } from '../../scripts/flows/flowDocs';
import { paymentFlowSpec } from '../../scripts/flows/paymentFlows';
import { replayPath, startChart } from './modelHarness';

/** A changed chart changes these numbers: regenerate the catalogue (`npm run flows`) and look. */
const PINNED_FLOWS: Record<string, number> = { purchase: 77, payment: 79, aiOrder: 9, aiStatus: 64 };

type NamedAction = { type: string; params?: unknown };
const isNamed = (action: unknown): action is NamedAction =>
  typeof action === 'object' && action !== null && typeof (action as NamedAction).type === 'string';

/** The named actions a transition runs, with the parameters it gives them; inline ones (assign) are left out. */
function namedActions(transition: Transition, before: Snapshot, event: EventObject) {
  return transition.actions.flatMap((action) => {
    if (typeof action === 'string') return [{ name: action, params: undefined as unknown }];
    if (!isNamed(action)) return [];
    const { params } = action;
    return [{ name: action.type, params: typeof params === 'function' ? params({ context: before.context, event }) : params }];
  });
}

const actionNames = (transition: Transition) =>
  transition.actions.flatMap((action) => (typeof action === 'string' ? [action] : isNamed(action) ? [action.type] : []));

/** XState's own actions (assign, sendTo…) carry a type of `xstate.…`; the app's effects do not. */
const isBuiltIn = (action: unknown) => String((action as { type?: unknown } | undefined)?.type ?? '').startsWith('xstate.');

/**
 * Every effect some outcome of the chart runs (its own actions, and its messages to its children,
 * not its context updates): none of them may run before a flow's outcome.
 */
function outcomeEffectNames(spec: FlowSpec): string[] {
  const { machine } = spec;
  const implementations = machine.implementations.actions as Record<string, unknown>;
  const isEffect = (name: string) => !isBuiltIn(implementations[name]) || Boolean(spec.children?.messages.includes(name));
  const names = new Set<string>();
  const visit = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) {
      list.filter(isOutcome).forEach((transition) => actionNames(transition).filter(isEffect).forEach((name) => names.add(name)));
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return [...names].sort();
}

/** The real machine with a fake for every call it makes and a spy for every outcome effect. */
function start(spec: FlowSpec) {
  const actions = Object.fromEntries(outcomeEffectNames(spec).map((name) => [name, vi.fn()]));
  // Messages to the children that are no outcome (PAY on the way to the server's answer) go nowhere, as in checkFlow.
  const messages = Object.fromEntries((spec.children?.messages ?? []).filter((name) => !(name in actions)).map((name) => [name, vi.fn()]));
  const { actor, fakes } = startChart(spec.machine, { input: spec.input, fake: callsOf(spec), provide: () => ({ actions: { ...messages, ...actions } }) });
  return { actor, fakes, actions };
}

async function replayFlow(spec: FlowSpec, flow: Flow) {
  const { actor, fakes, actions } = start(spec);
  const outcomeIndex = flow.path.steps.length - 1;
  let step = 0;
  await replayPath(flow.path, actor, fakes, (expected, actual) => {
    expect(actual.context).toEqual(expected.context);
    if (step++ === outcomeIndex) return;
    for (const [name, spy] of Object.entries(actions)) expect(spy, `${name} ran before the outcome`).not.toHaveBeenCalled();
  });
  const { before, event } = outcomeStep(flow);
  const effects = namedActions(outcomeTransition(spec, flow), before, event).filter((effect) => effect.name in actions);
  for (const { name, params } of effects) expect(actions[name], name).toHaveBeenCalledExactlyOnceWith(expect.anything(), params);
  for (const [name, spy] of Object.entries(actions)) {
    if (!effects.some((effect) => effect.name === name)) expect(spy, `${name} is no effect of this outcome`).not.toHaveBeenCalled();
  }
  actor.stop();
}

for (const spec of flowSpecs) {
  const flows = flowsOf(spec);
  describe(flowSuiteName(spec), () => {
    it('has a pinned number of flows', () => {
      expect(flows).toHaveLength(PINNED_FLOWS[spec.name]!);
    });

    it.each(flows.map((flow) => [flowTestName(flow), flow] as const))('%s', async (name, flow) => {
      // The docs cite this test by this name (coveredBy): keep the two in step.
      expect(expect.getState().currentTestName).toBe(`${flowSuiteName(spec)} > ${name}`);
      await replayFlow(spec, flow);
      const { violations } = await checkFlow(spec, flow);
      expect(violations.map((violation) => `${violation.promise.id}: ${violation.promise.says}`)).toEqual([]);
    });
  });
}

describe('payment flows, money', () => {
  it('tell the patient "paid" exactly where the server\'s pay result is above 0', () => {
    for (const flow of flowsOf(paymentFlowSpec)) {
      const { before, event } = outcomeStep(flow) as { before: Snapshot; event: EventObject & { output?: unknown } };
      const saysPaid = namedActions(outcomeTransition(paymentFlowSpec, flow), before, event).some(
        ({ name, params }) => name === 'showOutcome' && (params as { message: string }).message === 'succeeded',
      );
      const serverSaysPaid = event.type === 'xstate.done.actor.queryPayResult' && Number(event.output) > 0;
      expect(saysPaid, flow.id).toBe(serverSaysPaid);
    }
  });
});
