// @vitest-environment node
/**
 * The sandbox's own audit trail and an order's whole trail, on a database in memory: fast enough
 * for the mutation runs (vitest.mutation.config.ts), which the sandbox-starting suites in
 * tests/server/ are not.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type SqliteDatabase } from '../../server/db';
import { isEmptyTrail, orderTrail } from '../../server/orderTrail';
import { analyticsRepository } from '../../server/repositories/analytics';
import { PROVIDER_ACTOR, SERVER_AUDIT_STEPS, serverAuditRepository, type ServerAuditEntry } from '../../server/repositories/serverAudit';
import { paymentFlow } from '../server/analyticsRecords';

const ORDER = 'AI20250301101500';
const OTHER = 'ST20250301101500';

let db: SqliteDatabase | null = null;
function memory(withMigrations = true): SqliteDatabase {
  db = new Database(':memory:');
  if (withMigrations) migrate(db);
  return db;
}
afterEach(() => {
  db?.close();
  db = null;
});

const entry = (step: ServerAuditEntry['step'], fields: Partial<ServerAuditEntry> = {}): ServerAuditEntry => ({
  orderKind: 'ai',
  orderNo: ORDER,
  checkRecordId: 12,
  step,
  actor: 'patient1',
  detail: {},
  ...fields,
});

describe("the sandbox's audit store", () => {
  it('names the five money and cancel steps, and the provider as an actor', () => {
    expect(SERVER_AUDIT_STEPS).toEqual(['order_created', 'pay_requested', 'provider_notified', 'pay_result_answered', 'cancel']);
    expect(PROVIDER_ACTOR).toBe('provider');
  });

  it("gives back one order's steps as written, with their time, in the order they happened, and no other order's", () => {
    const store = serverAuditRepository(memory());
    store.record(entry('pay_requested', { detail: { payWay: 2, outcome: 'started', recordNo: 'CF1' } }), new Date('2025-03-01T02:15:02.200Z'));
    store.record(entry('order_created', { detail: { reused: false } }), new Date('2025-03-01T02:15:00.000Z'));
    store.record(entry('order_created', { orderKind: 'storage', orderNo: OTHER, checkRecordId: 7 }), new Date('2025-03-01T02:14:00.000Z'));
    store.record(entry('provider_notified', { actor: PROVIDER_ACTOR, detail: { said: 'paid', settledNow: true, orderPaid: true, note: null } }), new Date('2025-03-01T02:15:02.200Z'));

    expect(store.forOrder(ORDER)).toEqual([
      { id: 2, at: '2025-03-01T02:15:00.000Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'order_created', actor: 'patient1', detail: { reused: false } },
      { id: 1, at: '2025-03-01T02:15:02.200Z', orderKind: 'ai', orderNo: ORDER, checkRecordId: 12, step: 'pay_requested', actor: 'patient1', detail: { payWay: 2, outcome: 'started', recordNo: 'CF1' } },
      {
        id: 4,
        at: '2025-03-01T02:15:02.200Z',
        orderKind: 'ai',
        orderNo: ORDER,
        checkRecordId: 12,
        step: 'provider_notified',
        actor: 'provider',
        detail: { said: 'paid', settledNow: true, orderPaid: true, note: null },
      },
    ]);
    expect(store.forOrder(OTHER)).toEqual([
      { id: 3, at: '2025-03-01T02:14:00.000Z', orderKind: 'storage', orderNo: OTHER, checkRecordId: 7, step: 'order_created', actor: 'patient1', detail: {} },
    ]);
    expect(store.forOrder('nobody')).toEqual([]);
  });

  it("writes the server's clock when no time is given", () => {
    const store = serverAuditRepository(memory());
    const before = Date.now();
    store.record(entry('cancel'));
    const at = Date.parse(store.forOrder(ORDER)[0]!.at);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});

describe("an order's trail", () => {
  it("holds what the app recorded for the order and what the sandbox did, and nothing of other orders", () => {
    const database = memory();
    analyticsRepository(database).store(paymentFlow({ orderId: ORDER, checkRecordId: 12 }), 'patient1');
    analyticsRepository(database).store(paymentFlow({ orderId: OTHER, checkRecordId: 7, idPrefix: 'other' }), 'patient1');
    serverAuditRepository(database).record(entry('order_created'), new Date('2025-03-01T02:15:00.000Z'));
    serverAuditRepository(database).record(entry('order_created', { orderNo: OTHER }), new Date('2025-03-01T02:15:00.000Z'));

    const trail = orderTrail(database, ORDER);
    expect(trail.records.length).toBeGreaterThan(0);
    expect(trail.records.every((record) => record.orderId === ORDER || record.checkRecordId === 12)).toBe(true);
    expect(trail.server).toEqual([expect.objectContaining({ orderNo: ORDER, step: 'order_created' })]);
    expect(isEmptyTrail(trail)).toBe(false);
  });

  it('is empty for an order nobody touched', () => {
    const trail = orderTrail(memory(), 'nobody');
    expect(trail).toEqual({ records: [], server: [] });
    expect(isEmptyTrail(trail)).toBe(true);
  });

  it("is not empty when only one half holds something", () => {
    expect(isEmptyTrail({ records: [], server: [{ id: 1, at: 'x', ...entry('cancel') }] })).toBe(false);
    const database = memory();
    analyticsRepository(database).store(paymentFlow({ orderId: ORDER, checkRecordId: 12 }), 'patient1');
    expect(isEmptyTrail({ records: orderTrail(database, ORDER).records, server: [] })).toBe(false);
  });

  it("reads a store from before the sandbox kept its own trail: the app's records, no server steps", () => {
    const database = memory();
    analyticsRepository(database).store(paymentFlow({ orderId: ORDER, checkRecordId: 12 }), 'patient1');
    database.exec('DROP TRIGGER server_audit_append_only_delete; DROP TRIGGER server_audit_append_only_update; DROP TABLE server_audit');
    const trail = orderTrail(database, ORDER);
    expect(trail.server).toEqual([]);
    expect(trail.records.length).toBeGreaterThan(0);
  });
});
