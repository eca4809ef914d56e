// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/shared/analytics/records';
import { auditTimeline, describeAuditEvent, timelineText } from '../../server/auditTimeline';
import type { StoredRecord } from '../../server/repositories/analytics';
import type { ServerAuditRecord } from '../../server/repositories/serverAudit';
import { DEVICE_ID, paymentFlow } from './analyticsRecords';

const ORDER = 'AI20250301101500';

function received(records: ReturnType<typeof paymentFlow>, receivedFor = 'patient1'): StoredRecord[] {
  return records.map((record) => ({ ...record, receivedAt: '2025-03-01T02:16:10.000Z', receivedFor }));
}

function audit(event: string, fields: Partial<AuditRecord> = {}): AuditRecord {
  return {
    kind: 'audit',
    id: 'record-0001',
    at: '2025-03-01T02:15:02.123Z',
    seq: 0,
    deviceId: DEVICE_ID,
    userId: 'patient1',
    orderId: ORDER,
    checkRecordId: 12,
    machine: 'payment',
    event,
    from: 'a',
    to: 'b',
    statusCode: null,
    result: null,
    ...fields,
  };
}

describe('the audit timeline', () => {
  it('merges the server\'s own steps in by time, in words, naming who made it act', () => {
    const server: ServerAuditRecord[] = [
      { id: 1, at: '2025-03-01T02:15:00.000Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'order_created', actor: 'patient1', detail: { reused: false } },
      { id: 2, at: '2025-03-01T02:15:02.200Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'pay_requested', actor: 'patient1', detail: { payWay: 2, outcome: 'started', recordNo: 'CF1' } },
      { id: 3, at: '2025-03-01T02:15:03.000Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'provider_notified', actor: 'provider', detail: { said: 'paid', settledNow: true, orderPaid: true } },
      { id: 4, at: '2025-03-01T02:15:04.000Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 13, step: 'pay_result_answered', actor: 'patient1', detail: { answer: 1 } },
      { id: 5, at: '2025-03-01T02:15:05.000Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'cancel', actor: 'patient1', detail: { outcome: 'notCancellable' } },
    ];
    const { header, entries } = auditTimeline(ORDER, { records: [{ ...audit('PAY'), receivedAt: '2025-03-01T02:16:10.000Z', receivedFor: 'patient1' }], server }, { timeZone: 'UTC' });
    expect(entries.map((e) => [e.kind, e.step, e.words, e.user])).toEqual([
      ['server', 'order_created', 'server created the order', 'patient1'],
      ['audit', 'a → b', 'patient tapped pay', 'patient1'],
      ['server', 'pay_requested', 'server started a payment (pay way 2)', 'patient1'],
      ['server', 'provider_notified', 'payment provider said paid: order paid', 'provider'],
      ['server', 'pay_result_answered', 'server answered pay result: paid', 'patient1'],
      ['server', 'cancel', 'server refused the cancel (notCancellable)', 'patient1'],
    ]);
    expect(header).toMatchObject({ count: 6, checkRecordIds: [12, 13], patients: ['patient1'] });
    expect(timelineText({ header, entries })[3]).toMatch(/ server +order_created +server created the order .*\(for patient1\)$/);
  });

  it('tells a cancelled then paid H5 payment in words, in China time', () => {
    const timeline = auditTimeline(ORDER, { records: received(paymentFlow({ orderId: ORDER, checkRecordId: 12 })), server: [] }, { timeZone: 'Asia/Shanghai' });
    const who = '(device 3f9a1c2b, user patient1)';
    expect(timelineText(timeline)).toEqual([
      'Order AI20250301101500 · check record 12 · patient patient1 · 13 records',
      'From 2025-03-01 10:15:02.123 to 2025-03-01 10:16:04.035 (Asia/Shanghai)',
      '',
      `2025-03-01 10:15:02.123  payment  idle → requestingParams        patient tapped pay (pay way 2) [result {"payWay":2}]  ${who}`,
      `2025-03-01 10:15:02.410  payment  requestingParams → awaitingH5  server gave the pay parameters (pay way 2) [statusCode 200, result {"way":2,"record_no":"CF20250301101502000000001"}]  ${who}`,
      `2025-03-01 10:15:17.163  payment  idle → askingH5Result          came back from the H5 pay page  ${who}`,
      `2025-03-01 10:15:19.625  payment  askingH5Result → querying      patient said not paid  ${who}`,
      `2025-03-01 10:15:19.854  payment  querying → idle                server answered pay result: not paid [statusCode 200, result 0]  ${who}`,
      `2025-03-01 10:15:19.854  event    payment_cancelled              payment cancelled, logged for analytics  ${who}`,
      `2025-03-01 10:15:42.123  payment  idle → requestingParams        patient tapped pay (pay way 2) [result {"payWay":2}]  ${who}`,
      `2025-03-01 10:15:42.338  payment  requestingParams → awaitingH5  server gave the pay parameters (pay way 2) [statusCode 200, result {"way":2,"record_no":"CF20250301101542000000002"}]  ${who}`,
      `2025-03-01 10:16:00.133  payment  idle → askingH5Result          came back from the H5 pay page  ${who}`,
      `2025-03-01 10:16:01.743  payment  askingH5Result → querying      patient said paid  ${who}`,
      `2025-03-01 10:16:01.913  payment  querying → waitingToQuery      server answered pay result: not paid [statusCode 200, result 0]  ${who}`,
      `2025-03-01 10:16:03.913  payment  waitingToQuery → querying      waited to ask again  ${who}`,
      `2025-03-01 10:16:04.035  payment  querying → idle                server answered pay result: paid [statusCode 200, result 1]  ${who}`,
    ]);
  });

  it('shows times in the zone asked for', () => {
    const [record] = received([audit('PAY')]);
    expect(auditTimeline(ORDER, { records: [record!], server: [] }, { timeZone: 'UTC' }).entries[0]!.time).toBe('2025-03-01 02:15:02.123');
    expect(auditTimeline(ORDER, { records: [record!], server: [] }, { timeZone: 'America/New_York' }).header).toMatchObject({
      first: '2025-02-28 21:15:02.123',
      timeZone: 'America/New_York',
    });
  });

  it.each([
    ['PAY', {}, 'patient tapped pay'],
    ['PAY', { result: { payWay: 1 } }, 'patient tapped pay (pay way 1)'],
    ['PAY', { result: { payWay: 'wechatNotReady' } }, 'patient tapped pay (inside WeChat, WeChat pay not ready yet)'],
    ['xstate.error.actor.prepareWechatPay', { result: { failure: 'malformed' } }, 'WeChat pay was not ready (the JS-SDK could not be configured)'],
    ['RETRY_WECHAT', {}, 'patient tapped try again (WeChat pay was not ready)'],
    ['xstate.done.actor.prepareWechatPay', {}, 'WeChat pay became ready'],
    ['DISMISS', { from: 'wechatNotReady' }, 'patient chose not now (WeChat pay was not ready; nothing paid)'],
    ['DISMISS', { from: 'queryFailed' }, 'patient left the unknown result for later'],
    ['xstate.done.actor.getPayParams', { statusCode: 200, result: { way: 1, package: 'prepay_id=wx1' } }, 'server gave the pay parameters (pay way 1)'],
    ['xstate.done.actor.payInApp', { result: { wechat: 'cancel' } }, 'WeChat pay answered "cancel"'],
    ['xstate.error.actor.queryPayResult', { result: { failure: 'network' } }, 'asking for the pay result failed (network)'],
    ['xstate.error.actor.queryPayResult', {}, 'asking for the pay result failed'],
    ['xstate.done.actor.cancelOrder', { statusCode: 200 }, 'server accepted the cancel'],
    ['xstate.done.actor.cancelOrder', { statusCode: 4001, result: { msg: '订单状态已变化，无法取消' } }, 'server refused the cancel'],
    ['xstate.done.actor.lookUpResult', { statusCode: 200, result: { kind: 'external' } }, 'result lookup answered: external'],
    ['xstate.after.requeryDelay.payment.waitingToQuery', {}, 'waited to ask again'],
    ['xstate.after.1500.payment.somewhere', {}, 'waited (1500)'],
    ['xstate.done.actor.newCall', {}, 'newCall answered'],
    ['xstate.error.actor.newCall', { result: { failure: 'http', httpStatus: 502 } }, 'newCall failed (http)'],
    ['SOMETHING_NEW', {}, 'something new (SOMETHING_NEW)'],
    ['xstate.init', {}, 'event xstate.init'],
  ])('says %s as "%s"', (event, fields, words) => {
    expect(describeAuditEvent(audit(event, fields))).toBe(words);
  });

  it('cuts a long result short', () => {
    const [record] = received([audit('xstate.done.actor.somethingLong', { statusCode: 200, result: { text: 'x'.repeat(200) } })]);
    const { details } = auditTimeline(ORDER, { records: [record!], server: [] }, { timeZone: 'UTC' }).entries[0]!;
    expect(details).toBe(`statusCode 200, result {"text":"${'x'.repeat(70)}…`);
  });

  it('names the token\'s patient when the client named someone else, and a product event it does not know', () => {
    const [stored] = received([audit('PAY', { userId: 'patient2' })], 'patient1');
    const unknown: StoredRecord = {
      kind: 'event',
      id: 'record-0002',
      at: '2025-03-01T02:15:03.000Z',
      seq: 1,
      deviceId: 'short',
      userId: null,
      orderId: ORDER,
      checkRecordId: null,
      name: 'coupon_shown',
      data: {},
      receivedAt: '2025-03-01T02:16:10.000Z',
      receivedFor: 'patient1',
    };
    const { header, entries } = auditTimeline(ORDER, { records: [stored!, unknown], server: [] }, { timeZone: 'UTC' });
    expect(entries.map((e) => [e.words, e.details, e.device, e.user])).toEqual([
      ['patient tapped pay', '', '3f9a1c2b', "patient2 (sent with patient1's token)"],
      ['product event coupon_shown', '', 'short', "signed out (sent with patient1's token)"],
    ]);
    expect(header).toEqual({
      orderId: ORDER,
      checkRecordIds: [12],
      patients: ['patient1'],
      count: 2,
      first: '2025-03-01 02:15:02.123',
      last: '2025-03-01 02:15:03.000',
      timeZone: 'UTC',
    });
  });
});
