import { assign, fromCallback, setup } from 'xstate';
import type { GateStatus, SessionGateContext, SessionGateEvent } from './sessionGate.types';

const to = (status: GateStatus) => ({ type: 'is' as const, params: status });

/**
 * A page that waits for the session, then does what it does for a signed-in patient or a
 * signed-out visitor (the wiring's `whenSignedIn` and `whenSignedOut`, navigation included).
 */
export const sessionGateMachine = setup({
  types: { context: {} as SessionGateContext, events: {} as SessionGateEvent },
  actors: {
    /** Reports the session's status now and at every change, as STATUS (the app's session port). */
    watchSession: fromCallback<SessionGateEvent>(() => () => {}),
  },
  actions: {
    keepStatus: assign(({ event }) => ({ status: event.status })),
    /** What this page does for a signed-in patient (the wiring's: go Home, or sign out). */
    whenSignedIn: () => {},
    /** What this page does for a signed-out visitor (the wiring's: start sign-in, or go to the entry page). */
    whenSignedOut: () => {},
  },
  guards: {
    is: ({ event }, status: GateStatus) => event.status === status,
  },
}).createMachine({
  id: 'sessionGate',
  context: { status: 'pending' },
  invoke: { id: 'watchSession', src: 'watchSession' },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'The session is being restored or completed: nothing to do yet.',
      on: {
        STATUS: [
          { guard: to('signedIn'), target: 'signedIn', actions: 'keepStatus' },
          { guard: to('signedOut'), target: 'signedOut', actions: 'keepStatus' },
        ],
      },
    },
    signedIn: {
      entry: 'whenSignedIn',
      on: {
        STATUS: [
          { guard: to('signedOut'), target: 'signedOut', actions: 'keepStatus' },
          { guard: to('pending'), target: 'waiting', actions: 'keepStatus' },
        ],
      },
    },
    signedOut: {
      entry: 'whenSignedOut',
      on: {
        STATUS: [
          { guard: to('signedIn'), target: 'signedIn', actions: 'keepStatus' },
          { guard: to('pending'), target: 'waiting', actions: 'keepStatus' },
        ],
      },
    },
  },
});

export type SessionGateMachine = typeof sessionGateMachine;
