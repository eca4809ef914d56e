/**
 * A page that only waits for the session and then moves on (spec §2: `/`, oidcIndex, and
 * `/logout`): while the session is being restored or completed it waits; once it is known, the
 * page does what it does for a signed-in patient or for a signed-out visitor (go Home, start
 * sign-in, sign out, go to the entry page: the wiring's), once each time the session arrives there.
 */
export type GateStatus = 'pending' | 'signedIn' | 'signedOut';

export interface SessionGateContext {
  /** What the session was last said to be. */
  status: GateStatus;
}

export type SessionGateEvent =
  /** The session's status, now and at every change (the `watchSession` actor's report). */
  { type: 'STATUS'; status: GateStatus };
