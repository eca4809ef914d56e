import type { ActorOptions, ActorRefLike, AnyActorLogic, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';

/** The statechart an actor runs, or null for promise and callback actors. */
export function machineOf(actorRef: ActorRefLike): AnyStateMachine | null {
  // Inspection hands out actor refs; the running actor behind one knows its logic.
  const logic = (actorRef as { logic?: Partial<AnyStateMachine> }).logic;
  return logic && typeof logic.getTransitionData === 'function' && logic.root ? (logic as AnyStateMachine) : null;
}

/** A state value as one line: `idle`, or `{"signedIn":"idle"}` for nested states. */
export function stateName(snapshot: Pick<AnyMachineSnapshot, 'value'>): string {
  const value: unknown = snapshot.value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type Inspector = (inspection: InspectionEvent) => void;

/** What times a chart's delays (XState names the type but does not export it): real timers, or a test's SimulatedClock. */
export type ChartClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/** One inspector from several; absent ones are skipped. */
export function combineInspectors(...inspectors: Array<Inspector | null | undefined>): Inspector | undefined {
  const present = inspectors.filter((inspector): inspector is Inspector => Boolean(inspector));
  if (present.length === 0) return undefined;
  return (inspection) => present.forEach((inspector) => inspector(inspection));
}
