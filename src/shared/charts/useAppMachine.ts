import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyStateMachine, ConditionalRequired, IsNotNever, RequiredActorOptionsKeys, StateFrom } from 'xstate';
import { useServices } from '../services';
import { useChartSnapshot } from './useChartSnapshot';

/**
 * `useMachine` with the app's inspector: every chart a view runs is audited where it should be and
 * shows in the QA panel, with nothing to remember; its delays run on the services' clock when they
 * have one (a test's simulated clock). Its view renders the chart's own steps as transitions
 * (`useChartSnapshot`). ESLint sends views here instead of @xstate/react.
 */
export function useAppMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[options]: ConditionalRequired<
    [options?: ActorOptions<TMachine> & { [K in RequiredActorOptionsKeys<TMachine>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<TMachine>>
  >
): [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>] {
  const { inspect, clock } = useServices();
  // The public signature above keeps the caller's input checked; here it only gains `inspect` (and the clock, when given).
  const actor = useActorRef(machine as AnyStateMachine, { ...options, inspect, ...(clock && { clock }) });
  return [useChartSnapshot(actor), actor.send, actor] as never;
}
