import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

export type SessionStatus = 'pending' | 'signedIn' | 'signedOut';

/** What the app sees of the session: signed in or not (or still finding out), and whose token. */
export function connectSession(snapshot: SnapshotFrom<SessionMachine>) {
  const status: SessionStatus = snapshot.matches('signedIn') ? 'signedIn' : snapshot.hasTag('pending') ? 'pending' : 'signedOut';
  const { user, error, returnTo } = snapshot.context;
  return {
    status,
    /** The sign-in error page, with "try again", is what the patient sees. */
    isSignInFailed: snapshot.matches('failed'),
    /** The patient cancelled at the provider: "sign-in was cancelled", sign in again or back. */
    isSignInCancelled: snapshot.matches('cancelled'),
    /** After a cancel: the page the patient was on when that sign-in began, if known. */
    cancelledFrom: snapshot.matches('cancelled') ? snapshot.context.cancelledFrom : null,
    /** Where the patient goes once signed in. */
    returnTo,
    /** A silent renewal is under way (the patient sees nothing of it). */
    isRenewing: snapshot.hasTag('renewing'),
    subject: user?.subject ?? null,
    accessToken: user?.accessToken ?? null,
    /** When the access token expires, in epoch seconds. */
    expiresAt: user?.expiresAt ?? null,
    /** Why the last sign-in failed. */
    error,
  };
}
