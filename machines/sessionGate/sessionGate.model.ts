/** The session gate's events for path generation: every status the session can report, in any order. */
export const sessionGateEvents = [
  { type: 'STATUS', status: 'pending' },
  { type: 'STATUS', status: 'signedIn' },
  { type: 'STATUS', status: 'signedOut' },
];
