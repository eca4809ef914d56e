import { randomBytes, randomInt } from 'node:crypto';
import { chinaStamp } from '../chinaTime';
import type { SqliteDatabase } from '../db';
import { AI_ORDER_STATUS } from './aiOrders';
import type { AiOrder } from './aiOrders';

/** 1: WeChat in-app pay; 2: the H5 pay page (spec section 9). */
export type { PayWay } from '../../machines/payment/payment.types';
import type { PayWay } from '../../machines/payment/payment.types';
export type PaymentState = 'pending' | 'paid' | 'cancelled' | 'failed';
export type SettledState = Exclude<PaymentState, 'pending'>;

export interface Payment {
  id: number;
  recordNo: string;
  /** WeChat's prepay id; pay way 1 only. */
  prepayId: string | null;
  checkRecordId: number;
  orderNo: string;
  patientId: number;
  way: PayWay;
  amountFen: number;
  state: PaymentState;
  createdAt: string;
  settledAt: string | null;
}

/** A payment with what its pay page shows. */
export interface PaymentWithItem extends Payment {
  item: string;
}

export type StartResult = { kind: 'pending'; payment: Payment; reused: boolean } | { kind: 'notPayable' };

export interface SettleResult {
  payment: Payment;
  /** False when the payment had settled already: a payment settles once. */
  settled: boolean;
  /** True when this settlement paid the order (2 → 1). */
  orderPaid: boolean;
}

const PAYMENT_COLUMNS = `
  pay.id, pay.record_no AS recordNo, pay.prepay_id AS prepayId, pay.check_record_id AS checkRecordId,
  pay.order_id AS orderNo, pay.patient_id AS patientId, pay.way, pay.amount_fen AS amountFen, pay.state,
  pay.created_at AS createdAt, pay.settled_at AS settledAt`;

function recordNo(now: Date): string {
  return `CF${chinaStamp(now)}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

/** WeChat's form, 36 characters: "wx", the time, then 20 more. */
function prepayId(now: Date): string {
  return `wx${chinaStamp(now)}${randomBytes(10).toString('hex')}`;
}

export function paymentRepository(db: SqliteDatabase) {
  const byId = db.prepare<[number], Payment>(`SELECT ${PAYMENT_COLUMNS} FROM payments pay WHERE pay.id = ?`);
  const withItem = (where: string) =>
    db.prepare<[string], PaymentWithItem>(
      `SELECT ${PAYMENT_COLUMNS}, o.item FROM payments pay JOIN ai_orders o ON o.id = pay.check_record_id WHERE ${where}`,
    );
  const byRecordNo = withItem('pay.record_no = ?');
  const byPrepayId = withItem('pay.prepay_id = ?');
  const pendingOf = db.prepare<[number], Payment>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments pay WHERE pay.order_kind = 'ai' AND pay.check_record_id = ? AND pay.state = 'pending'`,
  );
  const paidOf = db.prepare<[number], { one: number }>(
    "SELECT 1 AS one FROM payments WHERE order_kind = 'ai' AND check_record_id = ? AND state = 'paid' LIMIT 1",
  );
  const orderStatus = db.prepare<[number], { status: number }>('SELECT status FROM ai_orders WHERE id = ?');
  const insert = db.prepare(`
    INSERT INTO payments (record_no, prepay_id, order_kind, check_record_id, order_id, patient_id, way, amount_fen, state, created_at)
    VALUES (@recordNo, @prepayId, 'ai', @checkRecordId, @orderNo, @patientId, @way, @amountFen, 'pending', @createdAt)`);
  const settlePending = db.prepare<[SettledState, string, number]>(
    "UPDATE payments SET state = ?, settled_at = ? WHERE id = ? AND state = 'pending'",
  );
  const markOrderPaid = db.prepare<[string, number]>(
    `UPDATE ai_orders SET status = ${AI_ORDER_STATUS.analysing}, updated_at = ?
      WHERE id = ? AND status = ${AI_ORDER_STATUS.toBePaid}`,
  );

  function settleInTransaction(payment: Payment, requested: SettledState, now: Date): SettleResult {
    if (payment.state !== 'pending') return { payment, settled: false, orderPaid: false };
    const at = now.toISOString();
    // Money for an order that is no longer to be paid is refused, never taken.
    const payable = orderStatus.get(payment.checkRecordId)?.status === AI_ORDER_STATUS.toBePaid;
    const state = requested === 'paid' && !payable ? 'failed' : requested;
    settlePending.run(state, at, payment.id);
    const orderPaid = state === 'paid' && markOrderPaid.run(at, payment.checkRecordId).changes === 1;
    return { payment: byId.get(payment.id)!, settled: true, orderPaid };
  }

  return {
    /**
     * The payment to make for an order to be paid: the one under way when it uses the same pay way
     * (no double charge), otherwise a new one, which replaces one under way with the other way.
     */
    start(order: AiOrder, way: PayWay, now: Date): StartResult {
      return db
        .transaction((): StartResult => {
          if (orderStatus.get(order.id)?.status !== AI_ORDER_STATUS.toBePaid) return { kind: 'notPayable' };
          const pending = pendingOf.get(order.id);
          if (pending?.way === way) return { kind: 'pending', payment: pending, reused: true };
          if (pending) settleInTransaction(pending, 'cancelled', now);
          const id = Number(
            insert.run({
              recordNo: recordNo(now),
              prepayId: way === 1 ? prepayId(now) : null,
              checkRecordId: order.id,
              orderNo: order.orderNo,
              patientId: order.patientId,
              way,
              amountFen: order.chargeFen,
              createdAt: now.toISOString(),
            }).lastInsertRowid,
          );
          return { kind: 'pending', payment: byId.get(id)!, reused: false };
        })
        .immediate();
    },

    findByRecordNo(recordNo: string): PaymentWithItem | undefined {
      return byRecordNo.get(recordNo);
    },

    findByPrepayId(prepayId: string): PaymentWithItem | undefined {
      return byPrepayId.get(prepayId);
    },

    /** Settles a pending payment once; paying it moves its order from 2 (to be paid) to 1 (analysing). */
    settle(paymentId: number, requested: SettledState, now: Date): SettleResult | undefined {
      return db
        .transaction(() => {
          const payment = byId.get(paymentId);
          return payment && settleInTransaction(payment, requested, now);
        })
        .immediate();
    },

    isPaid(checkRecordId: number): boolean {
      return paidOf.get(checkRecordId) !== undefined;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
