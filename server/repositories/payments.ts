import { randomBytes, randomInt } from 'node:crypto';
import { chinaStamp } from '../chinaTime';
import type { SqliteDatabase } from '../db';

/** 1: WeChat in-app pay; 2: the H5 pay page (spec section 9). */
export type { PayWay } from '../../machines/payment/payment.types';
import { PAY_RESULT, TO_BE_PAID } from '../../machines/payment/payment.types';
import type { PayWay } from '../../machines/payment/payment.types';
export type PaymentState = 'pending' | 'paid' | 'cancelled' | 'failed';
export type SettledState = Exclude<PaymentState, 'pending'>;

/** Which table a payment's check record id names: ai_orders or storage_orders. */
export type OrderKind = 'ai' | 'storage';

/** What a payment needs of an order, of either kind. Both kinds wait for their money in status 2. */
export interface PayableOrder {
  kind: OrderKind;
  /** The check record id. */
  id: number;
  orderNo: string;
  patientId: number;
  chargeFen: number;
  status: number;
}

/**
 * How one kind of order moves on once paid. Both calls run inside the payment's transaction, so
 * an order cannot change between the check and the move.
 */
export interface OrderSettlement {
  /** Moves a to-be-paid order on (AI: 2 → 1; storage: 2 → 3, extending the study's storage); false when it was no longer to be paid. */
  markPaid(orderId: number, now: Date): boolean;
}

export interface Payment {
  id: number;
  recordNo: string;
  /** WeChat's prepay id; pay way 1 only. */
  prepayId: string | null;
  orderKind: OrderKind;
  checkRecordId: number;
  orderNo: string;
  patientId: number;
  way: PayWay;
  amountFen: number;
  state: PaymentState;
  createdAt: string;
  settledAt: string | null;
}

/** A payment with what its pay page shows: the AI item, or "影像存储 <plan> · <study>". */
export interface PaymentWithItem extends Payment {
  item: string;
}

export type StartResult = { kind: 'pending'; payment: Payment; reused: boolean } | { kind: 'notPayable' };

export interface SettleResult {
  payment: Payment;
  /** False when the payment had settled already: a payment settles once. */
  settled: boolean;
  /** True when this settlement paid the order (AI 2 → 1, storage 2 → 3). */
  orderPaid: boolean;
}

const PAYMENT_COLUMNS = `
  pay.id, pay.record_no AS recordNo, pay.prepay_id AS prepayId, pay.order_kind AS orderKind,
  pay.check_record_id AS checkRecordId, pay.order_id AS orderNo, pay.patient_id AS patientId, pay.way,
  pay.amount_fen AS amountFen, pay.state, pay.created_at AS createdAt, pay.settled_at AS settledAt`;

/** The status of the order a payment names, whichever table holds it. */
const ORDER_STATUS_SQL = `
  SELECT status FROM ai_orders WHERE 'ai' = @kind AND id = @id
  UNION ALL
  SELECT status FROM storage_orders WHERE 'storage' = @kind AND id = @id`;

function recordNo(now: Date): string {
  return `CF${chinaStamp(now)}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

/** WeChat's form, 36 characters: "wx", the time, then 20 more. */
function prepayId(now: Date): string {
  return `wx${chinaStamp(now)}${randomBytes(10).toString('hex')}`;
}

/**
 * Cancels the payment under way for an order, if any: for an order repository's own cancel and
 * close, inside its transaction. Answers how many it cancelled (0 or 1).
 */
export function pendingPaymentCanceller(db: SqliteDatabase, kind: OrderKind): (orderId: number, now: Date) => number {
  const cancel = db.prepare<[string, OrderKind, number]>(
    "UPDATE payments SET state = 'cancelled', settled_at = ? WHERE order_kind = ? AND check_record_id = ? AND state = 'pending'",
  );
  return (orderId, now) => cancel.run(now.toISOString(), kind, orderId).changes;
}

export function paymentRepository(db: SqliteDatabase, settlements: Readonly<Record<OrderKind, OrderSettlement>>) {
  const byId = db.prepare<[number], Payment>(`SELECT ${PAYMENT_COLUMNS} FROM payments pay WHERE pay.id = ?`);
  const withItem = (where: string) =>
    db.prepare<[string], PaymentWithItem>(`
      SELECT ${PAYMENT_COLUMNS},
             CASE pay.order_kind
               WHEN 'ai' THEN ai.item
               ELSE '影像存储 ' || so.plan_name || ' · ' || s.study_description
             END AS item
        FROM payments pay
        LEFT JOIN ai_orders ai ON pay.order_kind = 'ai' AND ai.id = pay.check_record_id
        LEFT JOIN storage_orders so ON pay.order_kind = 'storage' AND so.id = pay.check_record_id
        LEFT JOIN studies s ON s.id = so.study_id
       WHERE ${where}`);
  const byRecordNo = withItem('pay.record_no = ?');
  const byPrepayId = withItem('pay.prepay_id = ?');
  const pendingOf = db.prepare<[OrderKind, number], Payment>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments pay WHERE pay.order_kind = ? AND pay.check_record_id = ? AND pay.state = 'pending'`,
  );
  const paidOf = db.prepare<[OrderKind, number], { one: number }>(
    "SELECT 1 AS one FROM payments WHERE order_kind = ? AND check_record_id = ? AND state = 'paid' LIMIT 1",
  );
  const latestStateOf = db.prepare<[OrderKind, number], { state: PaymentState }>(
    'SELECT state FROM payments WHERE order_kind = ? AND check_record_id = ? ORDER BY id DESC LIMIT 1',
  );
  const paidAtOf = db.prepare<[OrderKind, number], { settledAt: string }>(
    "SELECT settled_at AS settledAt FROM payments WHERE order_kind = ? AND check_record_id = ? AND state = 'paid' ORDER BY id LIMIT 1",
  );
  const orderStatus = db.prepare<[{ kind: OrderKind; id: number }], { status: number }>(ORDER_STATUS_SQL);
  const insert = db.prepare(`
    INSERT INTO payments (record_no, prepay_id, order_kind, check_record_id, order_id, patient_id, way, amount_fen, state, created_at)
    VALUES (@recordNo, @prepayId, @orderKind, @checkRecordId, @orderNo, @patientId, @way, @amountFen, 'pending', @createdAt)`);
  const settlePending = db.prepare<[SettledState, string, number]>(
    "UPDATE payments SET state = ?, settled_at = ? WHERE id = ? AND state = 'pending'",
  );

  function isToBePaid(kind: OrderKind, id: number): boolean {
    return orderStatus.get({ kind, id })?.status === TO_BE_PAID;
  }

  function settleInTransaction(payment: Payment, requested: SettledState, now: Date): SettleResult {
    if (payment.state !== 'pending') return { payment, settled: false, orderPaid: false };
    // Money for an order that is no longer to be paid is refused, never taken.
    const payable = isToBePaid(payment.orderKind, payment.checkRecordId);
    const state = requested === 'paid' && !payable ? 'failed' : requested;
    settlePending.run(state, now.toISOString(), payment.id);
    const orderPaid = state === 'paid' && settlements[payment.orderKind].markPaid(payment.checkRecordId, now);
    return { payment: byId.get(payment.id)!, settled: true, orderPaid };
  }

  return {
    /**
     * The payment to make for an order to be paid: the one under way when it uses the same pay way
     * (no double charge), otherwise a new one, which replaces one under way with the other way.
     */
    start(order: PayableOrder, way: PayWay, now: Date): StartResult {
      return db
        .transaction((): StartResult => {
          if (!isToBePaid(order.kind, order.id)) return { kind: 'notPayable' };
          const pending = pendingOf.get(order.kind, order.id);
          if (pending?.way === way) return { kind: 'pending', payment: pending, reused: true };
          if (pending) settleInTransaction(pending, 'cancelled', now);
          const id = Number(
            insert.run({
              recordNo: recordNo(now),
              prepayId: way === 1 ? prepayId(now) : null,
              orderKind: order.kind,
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

    /** Settles a pending payment once; paying it moves its order on (see OrderSettlement). */
    settle(paymentId: number, requested: SettledState, now: Date): SettleResult | undefined {
      return db
        .transaction(() => {
          const payment = byId.get(paymentId);
          return payment && settleInTransaction(payment, requested, now);
        })
        .immediate();
    },

    isPaid(kind: OrderKind, checkRecordId: number): boolean {
      return paidOf.get(kind, checkRecordId) !== undefined;
    },

    /**
     * The pay result call's answer (PAY_RESULT): 1 once paid; else what the provider said of the
     * latest payment (-1 cancelled, -2 failed), or 0 while it has said nothing.
     */
    payResult(kind: OrderKind, checkRecordId: number): number {
      if (paidOf.get(kind, checkRecordId)) return PAY_RESULT.paid;
      const latest = latestStateOf.get(kind, checkRecordId)?.state;
      return latest === 'cancelled' ? PAY_RESULT.cancelled : latest === 'failed' ? PAY_RESULT.failed : PAY_RESULT.notHeard;
    },

    /** When the order was paid (the paid payment's settlement), or undefined. */
    paidAt(kind: OrderKind, checkRecordId: number): string | undefined {
      return paidAtOf.get(kind, checkRecordId)?.settledAt;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
