import type { SqliteDatabase } from '../db';
import type { OrderKind } from './payments';

/**
 * The sandbox's own record of every money and cancel step it performs (issue 22): written by the
 * server as it acts, never by a client, so the audit trail does not rest on the app's goodwill.
 * Append-only: the table refuses updates and deletes (migrations.ts).
 */
export const SERVER_AUDIT_STEPS = [
  /** An order was made (AI application, storage purchase). */
  'order_created',
  /** The patient asked to pay: a pending payment was started or reused, or refused. */
  'pay_requested',
  /** The payment provider told the sandbox how a payment ended (the H5 page, WeChat's callback). */
  'provider_notified',
  /** The app asked whether the order is paid, and what the sandbox answered. */
  'pay_result_answered',
  /** A cancel was asked, and what came of it. */
  'cancel',
] as const;
export type ServerAuditStep = (typeof SERVER_AUDIT_STEPS)[number];

export interface ServerAuditEntry {
  orderKind: OrderKind;
  orderNo: string;
  checkRecordId: number;
  step: ServerAuditStep;
  /** Who made the sandbox act: the patient's login name, or `provider` for the payment provider. */
  actor: string;
  /** The step's facts (pay way, payment number, state, the answer given): small, plain JSON. */
  detail: Record<string, string | number | boolean | null>;
}

export interface ServerAuditRecord extends ServerAuditEntry {
  id: number;
  /** ISO time, the server's clock. */
  at: string;
}

/** Who acts for the payment provider in the trail. */
export const PROVIDER_ACTOR = 'provider';

interface Row {
  id: number;
  at: string;
  orderKind: OrderKind;
  orderNo: string;
  checkRecordId: number;
  step: ServerAuditStep;
  actor: string;
  detail: string;
}

export function serverAuditRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, OrderKind, string, number, ServerAuditStep, string, string]>(
    'INSERT INTO server_audit (at, order_kind, order_no, check_record_id, step, actor, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const ofOrder = db.prepare<[string], Row>(`
    SELECT id, at, order_kind AS orderKind, order_no AS orderNo, check_record_id AS checkRecordId, step, actor, detail
      FROM server_audit WHERE order_no = ? ORDER BY at, id`);

  return {
    record(entry: ServerAuditEntry, now: Date = new Date()): void {
      insert.run(now.toISOString(), entry.orderKind, entry.orderNo, entry.checkRecordId, entry.step, entry.actor, JSON.stringify(entry.detail));
    },

    /** One order's steps, in the order they happened. */
    forOrder(orderNo: string): ServerAuditRecord[] {
      return ofOrder.all(orderNo).map((row) => ({ ...row, detail: JSON.parse(row.detail) as ServerAuditRecord['detail'] }));
    },
  };
}

export type ServerAuditRepository = ReturnType<typeof serverAuditRepository>;
