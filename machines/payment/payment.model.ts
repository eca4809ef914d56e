import type { PaymentIntent } from './payment.types';

/** The payment chart's events for path generation; the intent is order 2 of the MSW fixtures. */
const intent: PaymentIntent = { checkRecordId: 5002, orderId: 'AI20261120000002' };
const inApp = { way: 1, params: { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=wx1', signType: 'RSA', paySign: 's' } };
const h5 = { way: 2, params: { h5_url: 'http://127.0.0.1:8080/sandbox/h5pay/R1', record_no: 'R1' } };

export const paymentEvents = [
  { type: 'PAY', intent, payWay: 1 },
  { type: 'PAY', intent, payWay: 2 },
  { type: 'RESUME_H5', intent },
  { type: 'H5_PAID' },
  { type: 'H5_NOT_PAID' },
  { type: 'QUERY_AGAIN' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.getPayParams', output: inApp },
  { type: 'xstate.done.actor.getPayParams', output: h5 },
  { type: 'xstate.error.actor.getPayParams', error: new Error('offline') },
  { type: 'xstate.done.actor.payInApp', output: 'ok' },
  { type: 'xstate.done.actor.payInApp', output: 'cancel' },
  { type: 'xstate.done.actor.payInApp', output: 'fail' },
  { type: 'xstate.error.actor.payInApp', error: new Error('bridge gone') },
  { type: 'xstate.done.actor.queryPayResult', output: 1 },
  { type: 'xstate.done.actor.queryPayResult', output: 0 },
  { type: 'xstate.error.actor.queryPayResult', error: new Error('offline') },
  { type: 'xstate.after.requeryDelay.payment.waitingToQuery' },
];

export const paymentFixtures = { intent, inApp, h5 };
