import { fromPromise, setup } from 'xstate';
import { SESSION_TIMING, type SessionCheck } from '../session/session.types';

/**
 * The session check (spec section 9: every 2 s while signed in), a child of the session chart.
 * It has a timer of its own, apart from the token's: in one chart the two timers would race, and
 * a path that renews "before" the next check could never happen on a real clock.
 * The app provides `checkSession`; the session chart makes `reportEnded` its SESSION_ENDED.
 */
export const sessionCheckMachine = setup({
  types: { events: {} as { type: 'never' } },
  actors: {
    checkSession: fromPromise<SessionCheck>(() => Promise.reject(new Error('sessionCheck: no checkSession actor provided'))),
  },
  actions: {
    /** The provider session is over: the session chart signs the patient out. */
    reportEnded: () => {},
  },
  delays: {
    checkInterval: SESSION_TIMING.checkIntervalMs,
  },
  guards: {
    checkFoundEnded: (_, check: SessionCheck) => check === 'ended',
  },
}).createMachine({
  id: 'sessionCheck',
  initial: 'watching',
  states: {
    watching: {
      after: { checkInterval: 'checking' },
    },
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'checkFoundEnded', params: ({ event }) => event.output },
            target: 'ended',
            description: 'The session is gone (signed out elsewhere, storage cleared): the patient is signed out.',
            actions: 'reportEnded',
          },
          { target: 'watching' },
        ],
        onError: { target: 'watching', description: 'The check could not be made: nothing is concluded; check again in 2 s.' },
      },
    },
    ended: { type: 'final' },
  },
});

export type SessionCheckMachine = typeof sessionCheckMachine;
