import type { AiStatusInput, InfoLike } from './aiStatus.types';

/** The AI progress chart's events for path generation: one order, in every status the server can answer. */
export const aiStatusInput: AiStatusInput = { orderId: 'AI2026112300001' };

const info = (status: number, progress: number | null, failureReason: string | null = null): InfoLike => ({
  orderId: 'AI2026112300001',
  id: 41,
  collectFilmId: '8',
  status,
  charge: 19.9,
  progress,
  secondsLeft: progress === null ? null : 100 - progress,
  failureReason,
});

export const aiStatusEvents = [
  { type: 'PAY', payWay: 2, returnUrl: 'http://127.0.0.1:8080/aiStatus?orderId=AI2026112300001' },
  { type: 'RETRY' },
  { type: 'PAUSE' },
  { type: 'RESUME' },
  { type: 'PAID', orderId: 'AI2026112300001' },
  { type: 'xstate.done.actor.loadInfo', output: { found: false } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(0, 0) } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(1, 40) } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(2, null) } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(3, 100) } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(4, null, '图像层厚不符合要求') } },
  { type: 'xstate.done.actor.loadInfo', output: { found: true, info: info(5, null) } },
  { type: 'xstate.error.actor.loadInfo', error: new Error('offline') },
  { type: 'xstate.after.pollDelay.aiStatus.following.waiting' },
];
