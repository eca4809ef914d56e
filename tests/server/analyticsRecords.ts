import type { AnalyticsRecord, AuditRecord, ProductEvent } from '../../src/shared/analytics/records';

export const DEVICE_ID = '3f9a1c2b-7d4e-4f60-9a8b-0c1d2e3f4a5b';

export interface FlowOptions {
  orderId: string;
  checkRecordId: number;
  userId?: string;
  /** The first record's time; the flow takes about a minute from there. */
  start?: string;
  /** Prefix of the record ids, so two flows never share one. */
  idPrefix?: string;
}

/**
 * A patient's H5 payment as the app records it: a first attempt cancelled on the H5 page, then a
 * second one paid, confirmed by the server on the second ask. The pay-result records name only
 * the check record id, as the pay calls do.
 */
export function paymentFlow({ orderId, checkRecordId, userId = 'patient1', start = '2025-03-01T02:15:02.123Z', idPrefix = 'rec' }: FlowOptions): AnalyticsRecord[] {
  const t0 = Date.parse(start);
  let n = 0;
  const common = (afterMs: number, seq: number, refs: 'order' | 'checkRecord' = 'order') => ({
    id: `${idPrefix}-${String(++n).padStart(4, '0')}`,
    at: new Date(t0 + afterMs).toISOString(),
    seq,
    deviceId: DEVICE_ID,
    userId,
    orderId: refs === 'order' ? orderId : null,
    checkRecordId,
  });
  const audit = (afterMs: number, seq: number, event: string, from: string, to: string, answer: Partial<AuditRecord> = {}, refs?: 'checkRecord'): AuditRecord => ({
    ...common(afterMs, seq, refs),
    kind: 'audit',
    machine: 'payment',
    event,
    from,
    to,
    statusCode: null,
    result: null,
    ...answer,
  });
  const event = (afterMs: number, seq: number, name: string, data: Record<string, unknown>): ProductEvent => ({
    ...common(afterMs, seq),
    kind: 'event',
    name,
    data,
  });
  // What src/shared/audit/serverAnswer.ts records of the pay parameters: the payment, never the signature.
  const h5 = (recordNo: string) => ({ way: 2, record_no: recordNo });
  const after = 'xstate.after.requeryDelay.payment.waitingToQuery';
  return [
    audit(0, 4, 'PAY', 'idle', 'requestingParams', { result: { payWay: 2 } }),
    audit(287, 5, 'xstate.done.actor.getPayParams', 'requestingParams', 'awaitingH5', { statusCode: 200, result: h5('CF20250301101502000000001') }),
    // The page load that comes back from the H5 page counts its records from 0 again.
    audit(15_040, 0, 'RESUME_H5', 'idle', 'askingH5Result'),
    audit(17_502, 1, 'H5_NOT_PAID', 'askingH5Result', 'querying'),
    audit(17_731, 2, 'xstate.done.actor.queryPayResult', 'querying', 'idle', { statusCode: 200, result: 0 }, 'checkRecord'),
    event(17_731, 3, 'payment_cancelled', {}),
    audit(40_000, 4, 'PAY', 'idle', 'requestingParams', { result: { payWay: 2 } }),
    audit(40_215, 5, 'xstate.done.actor.getPayParams', 'requestingParams', 'awaitingH5', { statusCode: 200, result: h5('CF20250301101542000000002') }),
    audit(58_010, 0, 'RESUME_H5', 'idle', 'askingH5Result'),
    audit(59_620, 1, 'H5_PAID', 'askingH5Result', 'querying'),
    audit(59_790, 2, 'xstate.done.actor.queryPayResult', 'querying', 'waitingToQuery', { statusCode: 200, result: 0 }, 'checkRecord'),
    audit(61_790, 3, after, 'waitingToQuery', 'querying'),
    audit(61_912, 4, 'xstate.done.actor.queryPayResult', 'querying', 'idle', { statusCode: 200, result: 1 }, 'checkRecord'),
  ];
}
