import { toChinaWallClock } from '../chinaTime';
import type { SqliteDatabase } from '../db';
import type { Page, PageWindow } from '../paging';

import { AI_ORDER_STATUS, type AiOrderStatus } from '../../machines/aiOrder/aiOrder.types';

/**
 * Spec section 4, the app's own definition (the sandbox speaks exactly what the app reads). Free
 * orders queue at 0; a paid one is analysed (1) as soon as it is paid.
 */
export { AI_ORDER_STATUS, type AiOrderStatus };

/** 1: the result is an external page; 2: the app's own viewer. */
export type CheckWay = 1 | 2;

export type AnalysisOutcome = 'succeeded' | 'failed';

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

const ORDER_COLUMNS = `
  o.id, o.order_no AS orderNo, o.patient_id AS patientId, o.study_id AS studyId, o.item,
  o.charge_fen AS chargeFen, o.check_way AS checkWay, o.status, o.ordered_at AS orderedAt`;

type ListRecord = Omit<AiOrderListRow, 'collectFilmId' | 'time' | 'charge'> & {
  studyId: number;
  orderedAt: string;
  chargeFen: number;
};

function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
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
  const cancelPendingPayments = db.prepare<[string, number]>(
    "UPDATE payments SET state = 'cancelled', settled_at = ? WHERE order_kind = 'ai' AND check_record_id = ? AND state = 'pending'",
  );
  const finishIfInProgress = db.prepare<[number, string, number]>(`
    UPDATE ai_orders SET status = ?, updated_at = ?
     WHERE id = ? AND status IN (${AI_ORDER_STATUS.queued}, ${AI_ORDER_STATUS.analysing})`);

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
          cancelPendingPayments.run(at, order.id);
          return 'cancelled';
        })
        .immediate();
    },

    /** Ends the analysis of a queued or analysing order; false when it is in no such state. */
    finishAnalysis(id: number, outcome: AnalysisOutcome, now: Date): boolean {
      const status = outcome === 'succeeded' ? AI_ORDER_STATUS.succeeded : AI_ORDER_STATUS.failed;
      return finishIfInProgress.run(status, now.toISOString(), id).changes === 1;
    },
  };
}

export type AiOrderRepository = ReturnType<typeof aiOrderRepository>;
