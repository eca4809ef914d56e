import type { SessionStatus } from '../../../machines/session/session.connect';
import type { SessionPort } from '../api/client';
import type { SignOutTask } from './signOutTasks';

/** Whether the visitor is signed in: `pending` while the session is being restored or completed (the session chart's). */
export type { SessionStatus };

/** What screens, guards and the API client ask of the session (src/features/session/sessionService.ts). */
export interface AppSession extends SessionPort {
  status(): SessionStatus;
  /** The signed-in patient's subject at the identity provider (the audit trail's user id). */
  userId(): string | null;
  subscribe(listener: () => void): () => void;
  /** Starts sign-in and, once signed in, comes back to `returnTo` (path and query). */
  signIn(returnTo: string): void;
  /** Tries a failed sign-in again. */
  retrySignIn(): void;
  signOut(): void;
  /**
   * Registers work to finish when the patient signs out, before their tokens are revoked (what is
   * kept in their name is sent, or forgotten: signOutTasks.ts). Returns the way to take it back.
   */
  beforeSignOut(task: SignOutTask): () => void;
  /** Why the last sign-in failed, if it did. */
  lastError(): string | null;
  /** How the last sign-in ended when it did not sign the patient in: failed, or cancelled by them. */
  signInProblem(): 'failed' | 'cancelled' | null;
  /** Where the patient was going when sign-in started (path and query). */
  returnTo(): string;
  /** After a sign-in the patient cancelled: the page they were on when it began, if known. */
  cancelledFrom(): string | null;
}
