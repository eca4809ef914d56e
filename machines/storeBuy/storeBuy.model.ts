/** The storage purchase chart's events for path generation. */
const purchase = { kind: 'storageOrder', orderId: 'ST2026112300001', checkRecordId: 1, amount: 68, status: 2 };

export const storeBuyEvents = [
  { type: 'CHOOSE', planId: 'y3' },
  { type: 'BUY', planId: 'y3' },
  { type: 'CONFIRM' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.submitOrder', output: { ok: true, purchase } },
  { type: 'xstate.done.actor.submitOrder', output: { ok: false, problem: 'notForSale' } },
  { type: 'xstate.error.actor.submitOrder', error: new Error('offline') },
];
