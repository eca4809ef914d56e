/** The events for path generation: asking about an item, both answers of the question, every answer of the call. */
export const confirmedActionEvents = [
  { type: 'ASK', item: { id: 'c-1' } },
  { type: 'CONFIRM' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.act', output: { ok: true } },
  { type: 'xstate.done.actor.act', output: { ok: false, message: '该影像已被移出' } },
  { type: 'xstate.error.actor.act', error: new Error('offline') },
];
