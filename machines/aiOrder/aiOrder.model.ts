import type { OrderRef } from './aiOrder.types';

/** The AI order chart's events for path generation: every tap on orders of every status, every answer. */
const order = (status: number): OrderRef => ({ orderId: `AI-${status}`, id: 100 + status, collectFilmId: `film-${status}`, status });
export const STATUSES = [0, 1, 2, 3, 4, 5];
const TAPS = ['OPEN_FILM', 'OPEN_PROGRESS', 'VIEW_REASON', 'OPEN_RESULT', 'CANCEL'] as const;
const viewer = { kind: 'viewer', viewer: { checkWay: '2', wadourl: 'http://x/wado', studyuid: '1.2.3', hospid: 'DEMO001' } };

export const aiOrderEvents = [
  ...TAPS.flatMap((type) => STATUSES.map((status) => ({ type, order: order(status) }))),
  { type: 'CONFIRM_CANCEL' },
  { type: 'THINK_AGAIN' },
  { type: 'xstate.done.actor.cancelOrder', output: { ok: true } },
  { type: 'xstate.done.actor.cancelOrder', output: { ok: false, statusCode: 409, message: '订单状态已变化，无法取消' } },
  { type: 'xstate.error.actor.cancelOrder', error: new Error('offline') },
  { type: 'xstate.done.actor.lookUpResult', output: { kind: 'external', url: 'https://ai.example.org/r/1' } },
  { type: 'xstate.done.actor.lookUpResult', output: viewer },
  { type: 'xstate.done.actor.lookUpResult', output: { kind: 'refused' } },
  { type: 'xstate.done.actor.lookUpResult', output: { kind: 'missing' } },
  { type: 'xstate.error.actor.lookUpResult', error: new Error('offline') },
];

