/**
 * The purchase chart's events for path generation (the model-based tests and the flow catalogue):
 * a storage plan or AI channel chosen by id, its order to be paid, free, or refused; an existing
 * order paid from a list; confirmations and taps outside WeChat, inside it, and inside it before
 * WeChat pay is ready; the payment child's endings.
 */
const order = (status: number, amount: number) => ({ kind: 'aiOrder', orderId: 'AI2026112300001', checkRecordId: 41, amount, status });
const toBePaid = order(2, 19.9);
const returnUrl = 'http://127.0.0.1:8080/aiApply?id=8';
const settled = (outcome: string, payResult: number) => ({ type: 'SETTLED', outcome, purchase: toBePaid, payResult });

export const purchaseEvents = [
  { type: 'CHOOSE', choice: 'lung' },
  { type: 'BUY', choice: 'lung' },
  { type: 'CONFIRM', payWay: 2, returnUrl },
  { type: 'CONFIRM', payWay: 'wechatNotReady', returnUrl },
  { type: 'DISMISS' },
  { type: 'PAY', purchase: toBePaid, payWay: 1, returnUrl },
  { type: 'PAY', purchase: toBePaid, payWay: 'wechatNotReady', returnUrl },
  { type: 'PAY', purchase: order(3, 19.9), payWay: 1, returnUrl },
  { type: 'RESUME_H5', purchase: toBePaid },
  settled('succeeded', 1),
  settled('unconfirmed', 0),
  settled('cancelled', 0),
  settled('failed', 0),
  { type: 'UNSETTLED' },
  { type: 'xstate.done.actor.submitOrder', output: { ok: true, purchase: toBePaid } },
  { type: 'xstate.done.actor.submitOrder', output: { ok: true, purchase: order(0, 0) } },
  { type: 'xstate.done.actor.submitOrder', output: { ok: false, problem: 'notForSale' } },
  { type: 'xstate.error.actor.submitOrder', error: new Error('offline') },
];
