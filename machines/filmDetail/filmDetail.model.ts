/** The film detail opened from a study card. */
export const filmDetailInput = { collectFilmId: '12' };

const film = { studyUId: '1.2.3', modality: 'CT' };
const extras = { storage: { stored: true }, ai: { orders: [], findings: [] } };

/** The film detail's events for path generation: every answer of every call, and every tap. */
export const filmDetailEvents = [
  { type: 'xstate.done.actor.loadFilm', output: film },
  { type: 'xstate.error.actor.loadFilm', error: new Error('404') },
  { type: 'xstate.done.actor.loadReport', output: { status: 2, findings: 'clear', impression: 'normal' } },
  { type: 'xstate.done.actor.loadReport', output: { status: 0 } },
  { type: 'xstate.error.actor.loadReport', error: new Error('offline') },
  { type: 'xstate.done.actor.checkSync', output: { synced: true, lastSyncAt: '2026-11-23T10:00:00+08:00' } },
  { type: 'xstate.done.actor.checkSync', output: { synced: false, lastSyncAt: '2026-11-23T10:00:00+08:00' } },
  { type: 'xstate.error.actor.checkSync', error: new Error('offline') },
  { type: 'xstate.done.actor.loadExtras', output: extras },
  { type: 'xstate.error.actor.loadExtras', error: new Error('offline') },
  { type: 'RETRY' },
  { type: 'CHECK_AGAIN' },
  { type: 'RETRY_REPORT' },
  { type: 'RETRY_EXTRAS' },
];
