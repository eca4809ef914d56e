import { fenToYuan } from '../money';
import { toChinaWallClock } from '../chinaTime';
import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';
import { randomCode, withFreshCode } from '../randomCode';
import { pendingPaymentCanceller } from './payments';
import type { OrderSettlement, PayableOrder } from './payments';

import { AI_ORDER_STATUS, type AiOrderStatus } from '../../machines/aiOrder/aiOrder.types';

/**
 * Spec section 4, the app's own definition (the sandbox speaks exactly what the app reads). Free
 * orders queue at 0; a paid one is analysed (1) as soon as it is paid.
 */
export { AI_ORDER_STATUS, type AiOrderStatus };

/** 1: the result is an external page; 2: the app's own viewer. */
export type CheckWay = 1 | 2;

export type AnalysisOutcome = 'succeeded' | 'failed';

/** Why an analysis failed when nothing more particular is known (and for orders failed before reasons were kept). */
export const DEFAULT_FAILURE_REASON = '影像层厚不满足AI分析要求，请咨询医院放射科';

/** The AI order list row of spec section 3. */
export interface AiOrderListRow {
  orderId: string;
  /** The check record id the pay calls name. */
  id: number;
  collectFilmId: string;
  /** China wall-clock time, "YYYY-MM-DD HH:mm:ss". */
  time: string;
  name: string;
  item: string;
  status: AiOrderStatus;
  /** Yuan. */
  charge: number;
  sex: string;
  /** DICOM AS at the study, e.g. "045Y". */
  age: string;
}

export interface AiOrder {
  id: number;
  orderNo: string;
  patientId: number;
  studyId: number;
  item: string;
  chargeFen: number;
  checkWay: CheckWay;
  status: AiOrderStatus;
  orderedAt: string;
  /** When it last changed status: for an order queued or analysing, when it entered that status. */
  updatedAt: string;
  /** The AI service it was placed with (V1.0/AI/channelList); null for orders from before channels. */
  channelId: string | null;
  /** Status 4 only: why the analysis failed, in the hospital's words. */
  failureReason: string | null;
}

/** What a new order is for. */
export interface NewAiOrder {
  patientId: number;
  studyId: number;
  channelId: string;
  item: string;
  chargeFen: number;
  checkWay: CheckWay;
}

/** What the sandbox's AI report page shows. */
export interface AiReport extends AiOrder {
  patientName: string;
  sex: string;
  age: string;
  studyDescription: string;
  studyDate: string;
  finishedAt: string;
}

export type CancelResult = 'cancelled' | 'notCancellable' | 'notFound';

// DEFAULT_FAILURE_REASON is a constant without quotes, so it can stand in the SQL as a literal.
const ORDER_COLUMNS = `
  o.id, o.order_no AS orderNo, o.patient_id AS patientId, o.study_id AS studyId, o.item,
  o.charge_fen AS chargeFen, o.check_way AS checkWay, o.status, o.ordered_at AS orderedAt,
  o.updated_at AS updatedAt, o.channel_id AS channelId,
  CASE WHEN o.status = ${AI_ORDER_STATUS.failed} THEN COALESCE(o.failure_reason, '${DEFAULT_FAILURE_REASON}') END AS failureReason`;

type ListRecord = Omit<AiOrderListRow, 'collectFilmId' | 'time' | 'charge'> & {
  studyId: number;
  orderedAt: string;
  chargeFen: number;
};

/** The payment side's view of an AI order. */
export function payableAiOrder(order: AiOrder): PayableOrder {
  return { kind: 'ai', id: order.id, orderNo: order.orderNo, patientId: order.patientId, chargeFen: order.chargeFen, status: order.status };
}

/** AI order numbers: "AI", the China date, then the record id, six digits at least (the seed's numbers stay below new ids). */
/** Random characters in an order number. */
export const ORDER_NO_RANDOM_CHARS = 10;

/** `AI`, the day in China, then 10 random characters (50 bits): another patient cannot guess the next one. */
function newOrderNo(now: Date): string {
  return `AI${toChinaWallClock(now).slice(0, 10).replaceAll('-', '')}${randomCode(ORDER_NO_RANDOM_CHARS)}`;
}

export function aiOrderRepository(db: SqliteDatabase) {
  // statuses: a JSON array of the statuses to list, or null for all.
  const pageOfPatient = db.prepare<[number, string | null, string | null, number, number], ListRecord>(`
    SELECT o.order_no AS orderId, o.id, o.study_id AS studyId, o.ordered_at AS orderedAt, p.name, o.item,
           o.status, o.charge_fen AS chargeFen, p.sex, s.patient_age AS age
      FROM ai_orders o
      JOIN patients p ON p.id = o.patient_id
      JOIN studies s ON s.id = o.study_id
     WHERE o.patient_id = ? AND (? IS NULL OR o.status IN (SELECT value FROM json_each(?)))
     ORDER BY o.ordered_at DESC, o.id DESC
     LIMIT ? OFFSET ?`);
  const countOfPatient = db.prepare<[number, string | null, string | null], { totals: number }>(`
    SELECT COUNT(*) AS totals FROM ai_orders
     WHERE patient_id = ? AND (? IS NULL OR status IN (SELECT value FROM json_each(?)))`);
  const byOrderNo = db.prepare<[string], AiOrder>(`SELECT ${ORDER_COLUMNS} FROM ai_orders o WHERE o.order_no = ?`);
  const byId = db.prepare<[number], AiOrder>(`SELECT ${ORDER_COLUMNS} FROM ai_orders o WHERE o.id = ?`);
  const report = db.prepare<[string], AiReport>(`
    SELECT ${ORDER_COLUMNS}, p.name AS patientName, p.sex, s.patient_age AS age,
           s.study_description AS studyDescription, s.study_date AS studyDate, o.updated_at AS finishedAt
      FROM ai_orders o
      JOIN patients p ON p.id = o.patient_id
      JOIN studies s ON s.id = o.study_id
     WHERE o.order_no = ?`);
  const closeIfToBePaid = db.prepare<[string, number]>(
    `UPDATE ai_orders SET status = ${AI_ORDER_STATUS.closed}, updated_at = ? WHERE id = ? AND status = ${AI_ORDER_STATUS.toBePaid}`,
  );
  const cancelPendingPayment = pendingPaymentCanceller(db, 'ai');
  const finishIfInProgress = db.prepare<[number, string | null, string, number]>(`
    UPDATE ai_orders SET status = ?, failure_reason = ?, updated_at = ?
     WHERE id = ? AND status IN (${AI_ORDER_STATUS.queued}, ${AI_ORDER_STATUS.analysing})`);
  const markPaid = db.prepare<[string, number]>(
    `UPDATE ai_orders SET status = ${AI_ORDER_STATUS.analysing}, updated_at = ?
      WHERE id = ? AND status = ${AI_ORDER_STATUS.toBePaid}`,
  );
  const nextId = db.prepare<[], { id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ai_orders');
  const insert = db.prepare(`
    INSERT INTO ai_orders (id, order_no, patient_id, study_id, item, charge_fen, check_way, status, ordered_at, updated_at, channel_id)
    VALUES (@id, @orderNo, @patientId, @studyId, @item, @chargeFen, @checkWay, @status, @at, @at, @channelId)`);
  // Orders from before channels name no channel: their item says which analysis they are.
  const liveOfStudyChannel = db.prepare<[number, string, string], AiOrder>(`
    SELECT ${ORDER_COLUMNS} FROM ai_orders o
     WHERE o.study_id = ? AND (o.channel_id = ? OR (o.channel_id IS NULL AND o.item = ?))
       AND o.status IN (${AI_ORDER_STATUS.queued}, ${AI_ORDER_STATUS.analysing}, ${AI_ORDER_STATUS.toBePaid}, ${AI_ORDER_STATUS.succeeded})
     ORDER BY o.ordered_at DESC, o.id DESC LIMIT 1`);
  const latestOfStudy = db.prepare<[number], AiOrder>(
    `SELECT ${ORDER_COLUMNS} FROM ai_orders o WHERE o.study_id = ? ORDER BY o.ordered_at DESC, o.id DESC LIMIT 1`,
  );

  function ownedBy<T extends AiOrder>(order: T | undefined, patientId: number): T | undefined {
    return order?.patientId === patientId ? order : undefined;
  }

  return {
    /** Newest first; `statuses` null lists them all. */
    pageForPatient(patientId: number, statuses: readonly AiOrderStatus[] | null, window: PageWindow): Page<AiOrderListRow> {
      const filter = statuses && JSON.stringify(statuses);
      const rows = pageOfPatient
        .all(patientId, filter, filter, window.limit, window.offset)
        .map((row) => ({
          orderId: row.orderId,
          id: row.id,
          collectFilmId: String(row.studyId),
          time: toChinaWallClock(row.orderedAt),
          name: row.name,
          item: row.item,
          status: row.status,
          charge: fenToYuan(row.chargeFen),
          sex: row.sex,
          age: row.age,
        }));
      return { rows, totals: countOfPatient.get(patientId, filter, filter)?.totals ?? 0 };
    },

    /** Another patient's order is not found, exactly like one that does not exist. */
    findForPatient(patientId: number, orderNo: string): AiOrder | undefined {
      return ownedBy(byOrderNo.get(orderNo), patientId);
    },

    findByIdForPatient(patientId: number, id: number): AiOrder | undefined {
      return ownedBy(byId.get(id), patientId);
    },

    /** Any patient's: for the sandbox's own pages and test hooks. */
    findByOrderNo(orderNo: string): AiOrder | undefined {
      return byOrderNo.get(orderNo);
    },

    reportOf(orderNo: string): AiReport | undefined {
      return report.get(orderNo);
    },

    /** Only an order to be paid can be cancelled; a payment under way for it is cancelled with it. */
    cancel(patientId: number, orderNo: string, now: Date): CancelResult {
      return db
        .transaction((): CancelResult => {
          const order = ownedBy(byOrderNo.get(orderNo), patientId);
          if (!order) return 'notFound';
          const at = now.toISOString();
          if (closeIfToBePaid.run(at, order.id).changes === 0) return 'notCancellable';
          cancelPendingPayment(order.id, now);
          return 'cancelled';
        })
        .immediate();
    },

    /** Places a new order: a free one queues (0) at once, any other waits for its money (2). Its number is random. */
    create(order: NewAiOrder, now: Date): AiOrder {
      return db
        .transaction((): AiOrder => {
          const { id } = nextId.get()!;
          const status = order.chargeFen === 0 ? AI_ORDER_STATUS.queued : AI_ORDER_STATUS.toBePaid;
          withFreshCode(() => newOrderNo(now), (orderNo) => insert.run({ ...order, id, orderNo, status, at: now.toISOString() }));
          return byId.get(id)!;
        })
        .immediate();
    },

    /** The study's order of that channel that is not closed or failed, if any: the one intent it stands for. */
    liveForStudyChannel(studyId: number, channelId: string, item: string): AiOrder | undefined {
      return liveOfStudyChannel.get(studyId, channelId, item);
    },

    latestOfStudy(studyId: number): AiOrder | undefined {
      return latestOfStudy.get(studyId);
    },

    /** How a paid AI order moves on: 2 (to be paid) → 1 (analysing). */
    settlement: {
      markPaid: (id, now) => markPaid.run(now.toISOString(), id).changes === 1,
    } satisfies OrderSettlement,

    /**
     * Ends the analysis of a queued or analysing order; false when it is in no such state. A failed
     * one keeps why (`reason`, else DEFAULT_FAILURE_REASON).
     */
    finishAnalysis(id: number, outcome: AnalysisOutcome, now: Date, reason?: string): boolean {
      const status = outcome === 'succeeded' ? AI_ORDER_STATUS.succeeded : AI_ORDER_STATUS.failed;
      const failureReason = outcome === 'failed' ? reason?.trim() || DEFAULT_FAILURE_REASON : null;
      return finishIfInProgress.run(status, failureReason, now.toISOString(), id).changes === 1;
    },
  };
}

export type AiOrderRepository = ReturnType<typeof aiOrderRepository>;
