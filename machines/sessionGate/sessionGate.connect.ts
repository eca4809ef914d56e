import type { SnapshotFrom } from 'xstate';
import type { SessionGateMachine } from './sessionGate.machine';

/** What a page waiting for the session shows: whether the session is known, and which way. */
export function connectSessionGate(snapshot: SnapshotFrom<SessionGateMachine>) {
  return {
    state: String(snapshot.value),
    /** The session as last reported: `pending` while it is being found out. */
    status: snapshot.context.status,
  };
}
export type SessionGateView = ReturnType<typeof connectSessionGate>;
