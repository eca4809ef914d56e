import type { OrderTrail } from './auditTimeline';
import type { SqliteDatabase } from './db';
import { analyticsRepository } from './repositories/analytics';
import { serverAuditRepository } from './repositories/serverAudit';

/**
 * One order's audit trail: what the app recorded and what the sandbox did itself. For the audit
 * routes and for `npm run trace`, which opens the store read-only (a store from before the
 * server's own trail has none of it).
 */
export function orderTrail(db: SqliteDatabase, orderId: string): OrderTrail {
  const hasServerTrail = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'server_audit'").get() !== undefined;
  return {
    records: analyticsRepository(db).forOrder(orderId),
    server: hasServerTrail ? serverAuditRepository(db).forOrder(orderId) : [],
  };
}

/** Whether a trail holds anything at all. */
export function isEmptyTrail(trail: OrderTrail): boolean {
  return trail.records.length === 0 && trail.server.length === 0;
}
