/** The session check's events for path generation: the 2 s wait and every answer of the check. */
export const sessionCheckEvents = [
  { type: 'xstate.after.checkInterval.sessionCheck.watching' },
  { type: 'xstate.done.actor.checkSession', output: 'active' },
  { type: 'xstate.done.actor.checkSession', output: 'ended' },
  { type: 'xstate.error.actor.checkSession', error: new Error('storage unavailable') },
];
