import { assign, fromCallback, fromPromise, sendParent, setup, type ErrorActorEvent } from 'xstate';
import { sessionCheckMachine, type SessionCheckMachine } from '../sessionCheck/sessionCheck.machine';
import {
  SESSION_TIMING,
  SessionEndedError,
  type CallbackResult,
  type RestoreResult,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SessionUser,
} from './session.types';

/** The session check as this chart runs it: a session found gone is SESSION_ENDED here. */
export function reportingToSession(check: SessionCheckMachine): SessionCheckMachine {
  return check.provide({ actions: { reportEnded: sendParent({ type: 'SESSION_ENDED' }) } });
}

/** Where a cancelled sign-in began: read only in the branch whose guard (`callbackCancelled`) recognised a cancel. */
const cancelledAt = (result: CallbackResult) => (result as Extract<CallbackResult, { kind: 'cancelled' }>).from;

const notProvided = (name: string) => () => Promise.reject(new Error(`session: no ${name} actor provided`));

/**
 * The session statechart, the source of truth for every screen and for the API client.
 * Delays are named so the app can give real ones (sign-in library defaults, spec section 9)
 * and tests simulated ones.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    restoreSession: fromPromise<RestoreResult>(notProvided('restoreSession')),
    completeSignIn: fromPromise<CallbackResult>(notProvided('completeSignIn')),
    startSignIn: fromPromise<void, { returnTo: string }>(notProvided('startSignIn')),
    renewSilently: fromPromise<SessionUser>(notProvided('renewSilently')),
    /** The 2 s session check; the app provides its `checkSession` call. */
    sessionCheck: reportingToSession(sessionCheckMachine),
    signOut: fromPromise<void>(notProvided('signOut')),
    /** Listens to the other tabs (renewed tokens, sign-out) and reports them as events. */
    watchOtherTabs: fromCallback<SessionEvent>(() => () => {}),
  },
  actions: {
    /** Goes to the address the patient asked for (replacing the callback page). */
    goTo: (_, _params: { path: string }) => {},
    /** Shows the sign-in error page with a way to try again. */
    showSignInError: () => {},
    /** Shows the calm "sign-in was cancelled" page: sign in again, or back to `returnTo`. */
    showSignInCancelled: (_, _params: { returnTo: string }) => {},
    /** Spec section 8: a 401 clears session storage when a token exists. */
    clearSessionStorage: () => {},
    adoptUser: assign({ user: ({ event }) => (event.type === 'USER_UPDATED' ? event.user : null) }),
  },
  delays: {
    /** Until the token-expiring notice; the app gives it the clock (`untilExpiringMs`). */
    untilExpiring: 0,
    renewTimeout: SESSION_TIMING.renewTimeoutMs,
    renewRetry: SESSION_TIMING.renewRetryMs,
  },
  guards: {
    isCallbackPage: (_, restored: RestoreResult) => restored.kind === 'callback',
    restoredUser: (_, restored: RestoreResult) => restored.kind === 'user',
    callbackSignedIn: (_, result: CallbackResult) => result.kind === 'signedIn',
    callbackCancelled: (_, result: CallbackResult) => result.kind === 'cancelled',
    sessionEnded: (_, error: unknown) => error instanceof SessionEndedError,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: null, returnTo: input.homePath, error: null, cancelledFrom: null }),
  invoke: { id: 'otherTabs', src: 'watchOtherTabs' },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['pending'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: { type: 'isCallbackPage', params: ({ event }) => event.output }, target: 'handlingCallback' },
          {
            guard: { type: 'restoredUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => (event.output.kind === 'user' ? event.output.user : null) }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    handlingCallback: {
      tags: ['pending'],
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        onDone: [
          {
            guard: { type: 'callbackSignedIn', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              assign({
                user: ({ event }) => (event.output.kind === 'signedIn' ? event.output.user : null),
                returnTo: ({ event }) => event.output.returnTo,
                error: null,
              }),
              { type: 'goTo', params: ({ event }) => ({ path: event.output.returnTo }) },
            ],
          },
          {
            guard: { type: 'callbackCancelled', params: ({ event }) => event.output },
            target: 'cancelled',
            description: 'The patient cancelled at the provider: a calm page, not an error.',
            actions: [
              assign({ returnTo: ({ event }) => event.output.returnTo, error: null, cancelledFrom: ({ event }) => cancelledAt(event.output) }),
              { type: 'showSignInCancelled', params: ({ event }) => ({ returnTo: event.output.returnTo }) },
            ],
          },
          { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.output.returnTo }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    signedOut: {
      on: {
        SIGN_IN: { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
        UNAUTHORIZED: { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
      },
    },
    redirecting: {
      tags: ['pending'],
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    cancelled: {
      description: 'Signed out, by the patient\'s choice: sign in again (to the same page) or go back.',
      on: {
        RETRY: 'redirecting',
        SIGN_IN: { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
        UNAUTHORIZED: { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
      },
    },
    failed: {
      entry: 'showSignInError',
      on: {
        RETRY: 'redirecting',
        SIGN_IN: { target: 'redirecting', actions: assign({ returnTo: ({ event }) => event.returnTo }) },
      },
    },
    signedIn: {
      initial: 'valid',
      // The 2 s session check runs beside the token's timers, as a chart of its own.
      invoke: { id: 'sessionCheck', src: 'sessionCheck' },
      on: {
        SIGN_OUT: 'signingOut',
        UNAUTHORIZED: {
          target: 'redirecting',
          actions: [
            { type: 'clearSessionStorage' },
            assign({ user: null, returnTo: ({ event }) => event.returnTo }),
          ],
        },
        USER_REMOVED: { target: 'signedOut', actions: assign({ user: null }) },
        SESSION_ENDED: { target: 'signedOut', actions: assign({ user: null }) },
      },
      states: {
        valid: {
          after: { untilExpiring: 'renewing' },
          // Restart the expiry timer from the other tab's fresh token.
          on: { USER_UPDATED: { target: 'valid', reenter: true, actions: 'adoptUser' } },
        },
        renewing: {
          tags: ['renewing'],
          invoke: {
            id: 'renewSilently',
            src: 'renewSilently',
            onDone: { target: 'valid', actions: assign({ user: ({ event }) => event.output }) },
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: '#session.signedOut',
                actions: assign({ user: null }),
              },
              { target: 'retryWaiting' },
            ],
          },
          after: { renewTimeout: 'retryWaiting' },
          on: { USER_UPDATED: { target: 'valid', actions: 'adoptUser' } },
        },
        retryWaiting: {
          after: { renewRetry: 'renewing' },
          on: { USER_UPDATED: { target: 'valid', actions: 'adoptUser' } },
        },
      },
    },
    signingOut: {
      tags: ['pending'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: assign({ user: null }) },
        onError: { target: 'signedOut', actions: assign({ user: null }) },
      },
    },
  },
});

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type SessionMachine = typeof sessionMachine;
