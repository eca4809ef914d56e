import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import { connectSessionGate } from '../../../machines/sessionGate/sessionGate.connect';
import { sessionGateMachine } from '../../../machines/sessionGate/sessionGate.machine';
import type { SessionGateEvent } from '../../../machines/sessionGate/sessionGate.types';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useServices } from '../../shared/services';

/** What a page waiting for the session does once it is known (navigation included). */
export interface SessionGateSteps {
  whenSignedIn: () => void;
  whenSignedOut: () => void;
}

/**
 * The session gate chart with the app's session port: it reports the session's status to the
 * chart, which runs the page's steps (`steps` must be stable: a useMemo).
 */
export function useSessionGate(steps: SessionGateSteps) {
  const { session } = useServices();
  const machine = useMemo(
    () =>
      sessionGateMachine.provide({
        actors: {
          watchSession: fromCallback<SessionGateEvent>(({ sendBack }) => {
            const report = () => sendBack({ type: 'STATUS', status: session.status() });
            report();
            return session.subscribe(report);
          }),
        },
        actions: { whenSignedIn: () => steps.whenSignedIn(), whenSignedOut: () => steps.whenSignedOut() },
      }),
    [session, steps],
  );
  const [snapshot] = useAppMachine(machine);
  return useMemo(() => connectSessionGate(snapshot), [snapshot]);
}
