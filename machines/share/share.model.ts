import type { ShareInput } from './share.types';

/** The share chart's events for path generation. */
export const shareInput: ShareInput = { collectFilmId: '8' };

const share = { shareId: '1', url: 'http://127.0.0.1:8080/shareCode?code=K7WPQ2MX', code: 'K7WPQ2MX', accessCode: '4821' };

export const shareEvents = [
  { type: 'CHOOSE_DAYS', days: 30 },
  { type: 'CREATE' },
  { type: 'COPY' },
  { type: 'AGAIN' },
  { type: 'xstate.done.actor.createShare', output: { ok: true, share } },
  { type: 'xstate.done.actor.createShare', output: { ok: false } },
  { type: 'xstate.error.actor.createShare', error: new Error('offline') },
  { type: 'xstate.done.actor.prepareCard', output: 'ready' },
  { type: 'xstate.done.actor.prepareCard', output: 'unavailable' },
  { type: 'xstate.error.actor.prepareCard', error: new Error('wx refused') },
];
