import type { Purchase } from './payment.types';

/**
 * The payment chart's events for path generation (the model-based tests and the flow catalogue):
 * the purchase is order 2 of the MSW fixtures; one that is already paid, whose PAY the chart refuses;
 * taps outside WeChat, inside it with WeChat pay ready, and inside it before WeChat pay is ready.
 */
const purchase: Purchase = { kind: 'aiOrder', orderId: 'AI20261120000002', checkRecordId: 5002, amount: 39.9, status: 2 };
const alreadyPaid: Purchase = { ...purchase, status: 3 };
const returnUrl = 'http://localhost/aiOrder?tab=all';
const inApp = { way: 1, params: { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=wx1', signType: 'RSA', paySign: 's' } };
const h5 = { way: 2, params: { h5_url: 'http://127.0.0.1:8080/sandbox/h5pay/R1', record_no: 'R1' } };

export const paymentEvents = [
  { type: 'PAY', purchase, payWay: 1, returnUrl },
  { type: 'PAY', purchase, payWay: 2, returnUrl },
  { type: 'PAY', purchase: alreadyPaid, payWay: 2, returnUrl },
  { type: 'PAY', purchase, payWay: 'wechatNotReady', returnUrl },
  { type: 'PAY', purchase: alreadyPaid, payWay: 'wechatNotReady', returnUrl },
  { type: 'RESUME_H5', purchase },
  { type: 'H5_PAID' },
  { type: 'H5_NOT_PAID' },
  { type: 'QUERY_AGAIN' },
  { type: 'RETRY_WECHAT' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.prepareWechatPay' },
  { type: 'xstate.error.actor.prepareWechatPay', error: new Error('wx.config failed: invalid signature') },
  { type: 'xstate.done.actor.getPayParams', output: inApp },
  { type: 'xstate.done.actor.getPayParams', output: h5 },
  { type: 'xstate.error.actor.getPayParams', error: new Error('offline') },
  { type: 'xstate.done.actor.payInApp', output: 'ok' },
  { type: 'xstate.done.actor.payInApp', output: 'cancel' },
  { type: 'xstate.done.actor.payInApp', output: 'fail' },
  { type: 'xstate.error.actor.payInApp', error: new Error('bridge gone') },
  { type: 'xstate.done.actor.queryPayResult', output: 1 },
  { type: 'xstate.done.actor.queryPayResult', output: 0 },
  { type: 'xstate.done.actor.queryPayResult', output: -1 },
  { type: 'xstate.done.actor.queryPayResult', output: -2 },
  { type: 'xstate.error.actor.queryPayResult', error: new Error('offline') },
  { type: 'xstate.after.requeryDelay.payment.waitingToQuery' },
];

export const paymentFixtures = { purchase, alreadyPaid, returnUrl, inApp, h5 };
