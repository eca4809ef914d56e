import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { connectSession } from '../../../machines/session/session.connect';
import { reportingToSession, sessionMachine } from '../../../machines/session/session.machine';
import { sessionCheckMachine } from '../../../machines/sessionCheck/sessionCheck.machine';
import {
  SessionEndedError,
  untilExpiringMs,
  type CallbackResult,
  type SessionContext,
  type RestoreResult,
  type SessionEvent,
  type SessionUser,
} from '../../../machines/session/session.types';
import { ROUTE } from '../../shared/navigation/routes';
import { SIGN_IN_DEFAULTS } from '../../shared/rules/constants';
import type { ClientStateStore } from '../../shared/state/clientState';
import { clearSessionKeepingDrafts, forgetDraftDatabases } from '../../shared/state/drafts';
import { safeStorage, type SafeStorage } from '../../shared/state/safeStorage';
import type { AppSession } from '../../shared/session/appSession';
import { createSignOutTasks, type SignOutTasks } from '../../shared/session/signOutTasks';
import type { ChartClock, Inspector } from '../../shared/charts/inspection';
import { browserHistoryPort, createSignInHistory, type BrowserHistoryPort } from './signInHistory';
import type { TabChannel } from '../../shared/platform/tabChannel';
import { withRefreshTokenLock } from './refreshTokenLock';
import { AFTER_SIGN_OUT_PATH, CALLBACK_PATH, oidcLibrary, toSessionUser, type SessionUserManager } from './userManager';

/** Where the last sign-in was headed; kept, so a replayed callback can go there again. */
const RETURN_TO_KEY = 'cf.returnTo';
/**
 * How long signing out waits for what is done in the patient's name while their tokens still
 * work (the analytics outbox sends what waits of theirs): briefly, then it is forgotten.
 */
export const SIGN_OUT_TASKS_MS = 2_000;
/** Errors with which the provider says the session is over, not that the network hiccupped. */
const SESSION_OVER = new Set(['invalid_grant', 'login_required', 'interaction_required', 'consent_required']);

export interface SessionDeps {
  userManager: SessionUserManager;
  store: ClientStateStore;
  sessionStorage: SafeStorage;
  rawSessionStorage: () => Storage | null;
  tabs: TabChannel;
  currentPath: () => string;
  goTo: (path: string) => void;
  /** The tab's history, for leaving the provider's pages out of it (the window's by default). */
  browser?: BrowserHistoryPort;
  /** localStorage, where a callback hands its address back to the start page (the window's by default). */
  localStorage?: SafeStorage;
  now?: () => number;
  /** Runs the chart's delays (renew notice, renew timeout and retry, session check); real timers by default, a test's SimulatedClock. */
  clock?: ChartClock;
  /** The QA panel's inspector, when it is on. */
  inspect?: Inspector;
  /** What is done at sign-out before the tokens are revoked (the port's `beforeSignOut` registers it). */
  signOutTasks?: SignOutTasks;
  /** Where drafts too large for session storage are kept (the window's IndexedDB by default). */
  indexedDb?: () => IDBFactory | undefined;
  /** Loads another page in this tab in place of this one (the window's `location.replace` by default). */
  leave?: (path: string) => void;
}

/** The delay the app gives the session chart: the expiry notice, read from the clock (the others are the chart's own). */
export function sessionDelays(now: () => number) {
  return {
    untilExpiring: ({ context }: { context: SessionContext }) => untilExpiringMs(context.user?.expiresAt ?? 0, now()),
  };
}

/** The session statechart with the real OpenID Connect library, storage, tabs and navigation. */
export function createSessionActor(deps: SessionDeps) {
  const { userManager: um } = deps;
  const now = deps.now ?? Date.now;
  const signOutTasks = deps.signOutTasks ?? createSignOutTasks();
  const indexedDb = deps.indexedDb ?? (() => globalThis.indexedDB);
  const leave = deps.leave ?? ((path: string) => window.location.replace(path));
  /** Signed out: this tab's health data and session storage, drafts included, are gone. */
  const forgetThisTab = () => {
    deps.store.clearHealthData();
    deps.rawSessionStorage()?.clear();
  };
  /**
   * The patient signed out in another tab and this one is leaving for the entry page: it starts
   * no sign-in meanwhile (its return address, and the library's state, would name the screen it
   * was on: an order, a study).
   */
  let leaving = false;
  const signInHistory = createSignInHistory(deps.browser ?? browserHistoryPort(window), {
    session: deps.sessionStorage,
    local: deps.localStorage ?? safeStorage(() => window.localStorage),
    now,
  });
  /** The provider's answer to complete: this page's address, or the one a callback handed back. */
  let callbackUrl: string | undefined;

  const restoreSession = fromPromise<RestoreResult>(async () => {
    // First: the start page of a sign-in may itself be a callback address (a stale one, restarted).
    const handedBack = signInHistory.takeHandedBack();
    if (handedBack && isCallbackAddress(handedBack)) {
      callbackUrl = handedBack;
      return { kind: 'callback' };
    }
    const here = deps.currentPath();
    if (isCallbackAddress(here)) {
      // The start page completes the sign-in, so the provider's pages stay out of reach of back.
      if (signInHistory.handBack(here)) await new Promise<never>(() => {});
      return { kind: 'callback' };
    }
    await um.clearStaleState().catch(() => {});
    const user = await um.getUser();
    // An expired token with a refresh token is still a session: the machine renews at once.
    if (user && (!user.expired || user.refresh_token)) return { kind: 'user', user: toSessionUser(user) };
    if (user) await um.removeUser();
    return { kind: 'none' };
  });

  const completeSignIn = fromPromise<CallbackResult>(async () => {
    const saved = deps.sessionStorage.get(RETURN_TO_KEY) ?? ROUTE.Home.path;
    try {
      const user = await um.signinCallback(callbackUrl);
      if (!user) throw new Error('no user in the sign-in answer');
      return { kind: 'signedIn', user: toSessionUser(user), returnTo: returnToOf(user.state, saved) };
    } catch (error) {
      const { ErrorResponse } = await oidcLibrary();
      // The patient cancelled at the provider: nothing failed; a calm page, back where they were going.
      if (error instanceof ErrorResponse && error.error === 'access_denied') return { kind: 'cancelled', returnTo: returnToOf(error.state, saved), from: fromOf(error.state) };
      // The provider refused (the client is misconfigured): say so.
      if (error instanceof ErrorResponse) throw error;
      // A reload or the back button replayed a used callback: recover instead of failing.
      const user = await um.getUser();
      if (user && !user.expired) return { kind: 'signedIn', user: toSessionUser(user), returnTo: saved };
      return { kind: 'restart', returnTo: saved };
    }
  });

  const startSignIn = fromPromise<void, { returnTo: string }>(async ({ input }) => {
    if (leaving) await new Promise<never>(() => {});
    deps.sessionStorage.set(RETURN_TO_KEY, input.returnTo);
    // Reach the provider before touching the history, so a sign-in that cannot start leaves it be.
    await um.metadataService.getMetadata();
    const redirectMethod = signInHistory.markStart();
    // `from`: the page the patient is on, where "back" leads if they cancel at the provider.
    await um.signinRedirect({ state: { returnTo: input.returnTo, from: deps.currentPath() }, redirectMethod });
    // The page is leaving for the provider; nothing more happens here.
    await new Promise<never>(() => {});
  });

  const renewSilently = fromPromise<SessionUser>(async ({ signal }) => {
    const refreshToken = (await um.getUser())?.refresh_token;
    // One use of a refresh token across the tabs (refreshTokenLock.ts); waiting is abandoned when
    // the chart stops waiting (another tab's tokens arrived, or the renew timeout).
    return withRefreshTokenLock(
      refreshToken,
      async () => {
        const current = await um.getUser();
        // Another tab may have renewed while this one waited for the lock.
        if (current && (current.expires_in ?? 0) > SIGN_IN_DEFAULTS.accessTokenExpiringNotificationSeconds) {
          return { result: toSessionUser(current), spent: false };
        }
        // Tokens changed while this tab waited, under another lock: the chart tries again.
        if (current?.refresh_token !== refreshToken) throw new Error('the tokens changed while waiting to renew');
        try {
          const user = await um.signinSilent();
          if (!user) throw new SessionEndedError('no user after renewal');
          deps.tabs.post({ type: 'renewed', user: user.toStorageString() });
          return { result: toSessionUser(user), spent: true };
        } catch (error) {
          const { ErrorResponse } = await oidcLibrary();
          if (error instanceof ErrorResponse && SESSION_OVER.has(error.error ?? '')) {
            await um.removeUser();
            throw new SessionEndedError(error.error ?? 'session over');
          }
          throw error;
        }
      },
      { signal },
    );
  });

  const checkSession = fromPromise(async () => ((await um.getUser()) ? 'active' : 'ended') as 'active' | 'ended');

  /**
   * An explicit sign-out leaves nothing of the patient in this browser (issue 22): what is kept in
   * their name is sent or forgotten while their tokens still work, then the tokens are revoked and
   * forgotten, and every tab forgets the health data, its session storage and the drafts (a 401
   * keeps drafts for the sign-in round trip; a sign-out does not).
   */
  const signOut = fromPromise<void>(async () => {
    const user = await um.getUser();
    if (user) await signOutTasks.run(user.profile.sub, SIGN_OUT_TASKS_MS);
    deps.tabs.post({ type: 'signedOut' });
    await um.revokeTokens().catch(() => {});
    await um.removeUser();
    forgetThisTab();
    await forgetDraftDatabases(indexedDb());
    await um.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    await new Promise<never>(() => {});
  });

  const watchOtherTabs = fromCallback<SessionEvent>(({ sendBack }) =>
    deps.tabs.listen((message) => {
      if (message.type === 'signedOut') {
        // The patient signed out in another tab: this one forgets what it keeps of them as well, and
        // shows the entry page as that tab does (a page load: nothing of the screen it was on stays).
        leaving = true;
        void um.removeUser().finally(() => {
          forgetThisTab();
          sendBack({ type: 'USER_REMOVED' });
          leave(AFTER_SIGN_OUT_PATH);
        });
        return;
      }
      void um.getUser().then(async (mine) => {
        const { User } = await oidcLibrary();
        const theirs = User.fromStorageString(message.user);
        if (mine && mine.profile.sub !== theirs.profile.sub) return;
        await um.storeUser(theirs);
        sendBack({ type: 'USER_UPDATED', user: toSessionUser(theirs) });
      });
    }),
  );

  const machine = sessionMachine.provide({
    actors: {
      restoreSession,
      completeSignIn,
      startSignIn,
      renewSilently,
      sessionCheck: reportingToSession(sessionCheckMachine.provide({ actors: { checkSession } })),
      signOut,
      watchOtherTabs,
    },
    actions: {
      goTo: (_, { path }) => deps.goTo(path),
      showSignInError: () => deps.goTo(ROUTE['oidc-error'].path),
      // The same page, which the chart tells to be calm (connectSession's isSignInCancelled).
      showSignInCancelled: () => deps.goTo(ROUTE['oidc-error'].path),
      clearSessionStorage: () => {
        deps.store.clearHealthData();
        clearSessionKeepingDrafts(deps.rawSessionStorage());
      },
    },
    delays: sessionDelays(now),
  });
  // An explicit `clock: undefined` would replace xstate's real-timer clock: pass it only when given.
  return createActor(machine, { input: { homePath: ROUTE.Home.path }, inspect: deps.inspect, ...(deps.clock && { clock: deps.clock }) });
}

export type SessionActor = ReturnType<typeof createSessionActor>;

/** Where the sign-in was headed: the state it carried to the provider and back, else what was kept. */
function returnToOf(state: unknown, saved: string): string {
  const returnTo = (state as { returnTo?: unknown } | undefined)?.returnTo;
  return typeof returnTo === 'string' ? returnTo : saved;
}

/** The page a sign-in began on, as its state carried it to the provider and back. */
function fromOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | undefined)?.from;
  return typeof from === 'string' ? from : null;
}

/** Whether a path, or an address of this app, is the provider's callback. */
function isCallbackAddress(pathOrUrl: string): boolean {
  return new URL(pathOrUrl, 'http://x').pathname === CALLBACK_PATH;
}

/**
 * The port the API client, guards and screens use; the actor stays the one source of truth.
 * `signOutTasks` is the actor's (SessionDeps), where `beforeSignOut` registers.
 */
export function sessionPort(actor: SessionActor, currentPath: () => string, signOutTasks: SignOutTasks = createSignOutTasks()): AppSession {
  return {
    status: () => connectSession(actor.getSnapshot()).status,
    userId: () => actor.getSnapshot().context.user?.subject ?? null,
    subscribe: (listener) => {
      const subscription = actor.subscribe(() => listener());
      return () => subscription.unsubscribe();
    },
    async accessToken() {
      const settled = await waitFor(actor, (s) => !s.matches('restoring') && !s.matches('handlingCallback'));
      return settled.context.user?.accessToken ?? null;
    },
    signIn: (returnTo) => actor.send({ type: 'SIGN_IN', returnTo }),
    retrySignIn: () => actor.send({ type: 'RETRY' }),
    signOut: () => actor.send({ type: 'SIGN_OUT' }),
    beforeSignOut: (task) => signOutTasks.add(task),
    unauthorized: () => actor.send({ type: 'UNAUTHORIZED', returnTo: currentPath() }),
    lastError: () => actor.getSnapshot().context.error,
    signInProblem: () => {
      const view = connectSession(actor.getSnapshot());
      return view.isSignInCancelled ? 'cancelled' : view.isSignInFailed ? 'failed' : null;
    },
    returnTo: () => actor.getSnapshot().context.returnTo,
    cancelledFrom: () => connectSession(actor.getSnapshot()).cancelledFrom,
  };
}
