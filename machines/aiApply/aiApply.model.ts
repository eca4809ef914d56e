import type { AiApplyInput } from './aiApply.types';

/** The AI application chart's events for path generation. */
export const aiApplyInput: AiApplyInput = { collectFilmId: '8' };

const purchase = (status: number, amount: number) => ({ kind: 'aiOrder', orderId: 'AI2026112300001', checkRecordId: 41, amount, status });

export const aiApplyEvents = [
  { type: 'CHOOSE', channelId: 'lung' },
  { type: 'APPLY', channelId: 'lung' },
  { type: 'CONFIRM', payWay: 2, returnUrl: 'http://127.0.0.1:8080/aiApply?id=8' },
  { type: 'DISMISS' },
  { type: 'PAID', orderId: 'AI2026112300001' },
  { type: 'xstate.done.actor.submitOrder', output: { ok: true, purchase: purchase(2, 19.9) } },
  { type: 'xstate.done.actor.submitOrder', output: { ok: true, purchase: purchase(0, 0) } },
  { type: 'xstate.done.actor.submitOrder', output: { ok: false, problem: 'channelUnavailable' } },
  { type: 'xstate.error.actor.submitOrder', error: new Error('offline') },
];
