/** A resource asked for by a film id. */
export const resourceInput = { request: { collectFilmId: '12' } };

/** The resource's events for path generation: its answer, its failure, "try again", and "load again". */
export const resourceEvents = [
  { type: 'xstate.done.actor.load', output: { films: [] } },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'RETRY' },
  { type: 'RELOAD' },
];
