import type { AnalyticsRecord } from '../../src/shared/analytics/records';
import type { SqliteDatabase } from '../db';

/** A record as the app sent it, with what the sandbox itself knows of its arrival. */
export type StoredRecord = AnalyticsRecord & {
  receivedAt: string;
  /** The login name of the patient whose bearer token sent it. */
  receivedFor: string;
};

export interface StoreResult {
  /** Ids stored by this call. */
  stored: string[];
  /** Ids held already (sent before, or earlier in the same batch). */
  duplicates: string[];
}

interface Row {
  body: string;
  receivedAt: string;
  receivedFor: string;
}

function columnsOf(record: AnalyticsRecord, receivedAt: string, receivedFor: string) {
  const audit = record.kind === 'audit' ? record : null;
  return {
    id: record.id,
    kind: record.kind,
    at: new Date(record.at).toISOString(),
    seq: record.seq,
    deviceId: record.deviceId,
    userId: record.userId,
    orderId: record.orderId,
    checkRecordId: record.checkRecordId,
    machine: audit?.machine ?? null,
    event: audit?.event ?? null,
    fromState: audit?.from ?? null,
    toState: audit?.to ?? null,
    statusCode: audit?.statusCode ?? null,
    name: record.kind === 'event' ? record.name : null,
    body: JSON.stringify(record),
    receivedAt,
    receivedFor,
  };
}

export function analyticsRepository(db: SqliteDatabase) {
  const insert = db.prepare(`
    INSERT OR IGNORE INTO analytics_records
      (id, kind, at, seq, device_id, user_id, order_id, check_record_id, machine, event, from_state, to_state,
       status_code, name, body, received_at, received_for)
    VALUES (@id, @kind, @at, @seq, @deviceId, @userId, @orderId, @checkRecordId, @machine, @event, @fromState, @toState,
       @statusCode, @name, @body, @receivedAt, @receivedFor)`);
  // An order's records, and those that name no order but only its check record id (the pay calls
  // know no order number): the check record ids come from the order's own records and from the
  // order tables. A record naming another order is that order's, even with the same check record id:
  // AI and storage orders number their check records apart.
  const ofOrder = db.prepare<{ orderId: string }, Row>(`
    SELECT body, received_at AS receivedAt, received_for AS receivedFor
      FROM analytics_records
     WHERE order_id = @orderId
        OR (order_id IS NULL AND check_record_id IN (
             SELECT check_record_id FROM analytics_records WHERE order_id = @orderId AND check_record_id IS NOT NULL
             UNION
             SELECT id FROM ai_orders WHERE order_no = @orderId
             UNION
             SELECT id FROM storage_orders WHERE order_no = @orderId))
     ORDER BY at, seq, rowid`);

  return {
    /** All or nothing; a record whose id is held already is left as it was. */
    store(records: readonly AnalyticsRecord[], receivedFor: string, now = new Date()): StoreResult {
      return db
        .transaction((): StoreResult => {
          const receivedAt = now.toISOString();
          const result: StoreResult = { stored: [], duplicates: [] };
          const answered = new Set<string>();
          for (const record of records) {
            const isNew = insert.run(columnsOf(record, receivedAt, receivedFor)).changes === 1;
            if (answered.has(record.id)) continue;
            answered.add(record.id);
            (isNew ? result.stored : result.duplicates).push(record.id);
          }
          return result;
        })
        .immediate();
    },

    /** In the order things happened: device time, then the page load's sequence, then arrival. */
    forOrder(orderId: string): StoredRecord[] {
      return ofOrder
        .all({ orderId })
        .map((row) => ({ ...(JSON.parse(row.body) as AnalyticsRecord), receivedAt: row.receivedAt, receivedFor: row.receivedFor }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
