import { useMachine } from '@xstate/react';
import type { Actor, ActorOptions, AnyStateMachine, ConditionalRequired, IsNotNever, RequiredActorOptionsKeys, StateFrom } from 'xstate';
import { useServices } from '../services';

/**
 * `useMachine` with the app's inspector: every chart a view runs is audited where it should be and
 * shows in the QA panel, with nothing to remember; its delays run on the services' clock when they
 * have one (a test's simulated clock). ESLint sends views here instead of @xstate/react.
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
  return useMachine(machine as AnyStateMachine, { ...options, inspect, ...(clock && { clock }) }) as never;
}
