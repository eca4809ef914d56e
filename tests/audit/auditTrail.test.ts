// @vitest-environment node
import { createActor, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { aiOrderMachine } from '../../machines/aiOrder/aiOrder.machine';
import { paymentMachine } from '../../machines/payment/payment.machine';
import { createAnalytics } from '../../src/shared/analytics/analytics';
import type { AnalyticsRecord, AuditRecord } from '../../src/shared/analytics/records';
import { auditRecordSchema } from '../../src/shared/analytics/records';
import { ApiFailure } from '../../src/shared/api/failure';
import { createAuditInspector } from '../../src/shared/audit/auditInspector';
import { serverAnswer } from '../../src/shared/audit/serverAnswer';
import { aiOrderEvents } from '../../machines/aiOrder/aiOrder.model';
import { paymentEvents } from '../../machines/payment/payment.model';
import { controllablePromise, describePath, replayPath, stateName, transitionPaths, type ControllablePromise } from '../machines/modelHarness';

/** The real chart with every actor a fake the path settles, and the audit trail listening. */
function startAudited(machine: AnyStateMachine) {
  const fakes: Record<string, ControllablePromise<unknown>> = {};
  for (const id of Object.keys(machine.implementations.actors)) fakes[id] = controllablePromise<unknown>();
  const records: AnalyticsRecord[] = [];
  let n = 0;
  const analytics = createAnalytics({
    deliver: (record) => records.push(record),
    deviceId: () => 'device-uuid',
    userId: () => 'patient1',
    newId: () => `audit-record-${n++}`,
    now: () => new Date('2026-11-22T10:00:00.000Z'),
  });
  const logic = machine.provide({ actors: Object.fromEntries(Object.entries(fakes).map(([id, fake]) => [id, fake.logic])) as never });
  const actor = createActor(logic, { clock: new SimulatedClock(), inspect: createAuditInspector(analytics) }).start();
  return { actor, fakes, audit: () => records.filter((r): r is AuditRecord => r.kind === 'audit') };
}

const subjectOf = (event: EventObject) => (event as { purchase?: { orderId: string }; order?: { orderId: string } });

describe.each([
  ['payment', paymentMachine, paymentEvents],
  ['aiOrder', aiOrderMachine, aiOrderEvents],
] as const)('%s audit trail, over every generated path', (name, machine, events) => {
  const paths = transitionPaths(machine, { events: events as unknown as EventObject[] });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const { actor, fakes, audit } = startAudited(machine);
    await replayPath(path, actor, fakes);
    const steps = path.steps.slice(1);
    // One record per transition taken, each with its event, its states and its order.
    expect(audit().map((r) => [r.event, r.from, r.to])).toEqual(steps.map((step, i) => [step.event.type, stateName(path.steps[i]!.state), stateName(step.state)]));
    // Each record is about the order of the last tap that named one.
    let orderId: string | undefined;
    audit().forEach((record, i) => {
      const named = subjectOf(steps[i]!.event);
      orderId = named.purchase?.orderId ?? named.order?.orderId ?? orderId;
      expect(auditRecordSchema.safeParse(record).success).toBe(true);
      expect(record).toMatchObject({ machine: name, deviceId: 'device-uuid', userId: 'patient1', orderId });
    });
    actor.stop();
  });
});

describe('audit trail, details', () => {
  it('writes nothing for an event the state ignores (a second tap while paying)', async () => {
    const { actor, audit } = startAudited(paymentMachine);
    const purchase = { kind: 'aiOrder', checkRecordId: 7, orderId: 'AI7', amount: 9.9, status: 2 } as const;
    actor.send({ type: 'PAY', purchase, payWay: 2, returnUrl: 'http://localhost/aiOrder' });
    actor.send({ type: 'PAY', purchase, payWay: 2, returnUrl: 'http://localhost/aiOrder' });
    expect(audit().map((r) => r.event)).toEqual(['PAY']);
    expect(audit()[0]).toMatchObject({ from: 'idle', to: 'requestingParams', orderId: 'AI7', checkRecordId: 7, result: { payWay: 2 } });
  });

  it('keeps the order on the record of a cancel that ends in idle, where the chart forgets it', async () => {
    const { actor, fakes, audit } = startAudited(aiOrderMachine);
    const order = { orderId: 'AI2', id: 502, collectFilmId: 'f', status: 2 };
    actor.send({ type: 'CANCEL', order });
    actor.send({ type: 'CONFIRM_CANCEL' });
    fakes.cancelOrder!.resolve({ ok: false, statusCode: 409, message: '订单状态已变化' });
    await new Promise((r) => setTimeout(r, 0));
    expect(audit().at(-1)).toMatchObject({ event: 'xstate.done.actor.cancelOrder', to: 'idle', orderId: 'AI2', checkRecordId: 502, statusCode: 409, result: { msg: '订单状态已变化' } });
  });
});

describe('what a record says the server answered', () => {
  const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output });
  it.each([
    [done('queryPayResult', 1), { statusCode: 200, result: 1 }],
    [done('getPayParams', { way: 1, params: { package: 'prepay_id=wx9', paySign: 'secret' } }), { statusCode: 200, result: { way: 1, package: 'prepay_id=wx9' } }],
    [done('getPayParams', { way: 2, params: { h5_url: 'http://x', record_no: 'R9' } }), { statusCode: 200, result: { way: 2, record_no: 'R9' } }],
    [done('payInApp', 'cancel'), { statusCode: null, result: { wechat: 'cancel' } }],
    [done('cancelOrder', { ok: true }), { statusCode: 200, result: null }],
    [done('lookUpResult', { kind: 'missing' }), { statusCode: null, result: { kind: 'missing' } }],
    [{ type: 'xstate.error.actor.queryPayResult', error: new ApiFailure({ kind: 'business', statusCode: 500, message: '系统繁忙' }) }, { statusCode: 500, result: { failure: 'business', message: '系统繁忙' } }],
    [{ type: 'xstate.error.actor.getPayParams', error: new ApiFailure({ kind: 'http', status: 502 }) }, { statusCode: null, result: { failure: 'http', httpStatus: 502 } }],
    [{ type: 'xstate.error.actor.payInApp', error: new Error('bridge gone') }, { statusCode: null, result: { failure: 'malformed' } }],
    [{ type: 'H5_PAID' }, { statusCode: null, result: null }],
  ])('%j', (event, expected) => {
    expect(serverAnswer(event)).toEqual(expected);
  });

  it('never carries the pay signature', () => {
    expect(JSON.stringify(serverAnswer(done('getPayParams', { way: 1, params: { package: 'p', paySign: 'SIGNATURE' } })))).not.toContain('SIGNATURE');
  });
});
