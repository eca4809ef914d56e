import { toChinaWallClock } from '../chinaTime';
import type { SqliteDatabase } from '../db';
import { randomCode, withFreshCode } from '../randomCode';
import { ORDER_NO_RANDOM_CHARS } from './aiOrders';
import type { Page, PageWindow } from '../paging';
import type { StoragePlanRecord } from '../storagePlans';
import { chinaDate, extendedStorageEnd } from '../storagePeriod';
import { fenToYuan } from '../money';
import { pendingPaymentCanceller } from './payments';
import type { OrderSettlement, PayableOrder } from './payments';
import type { StudyRepository } from './studies';
import { STORAGE_ORDER_STATUS } from '../../src/shared/api/storageSchemas';
import type { StorageOrderRow, StorageOrderStatus } from '../../src/shared/api/storageSchemas';

export { STORAGE_ORDER_STATUS, type StorageOrderStatus };

const { toBePaid, paid, closed } = STORAGE_ORDER_STATUS;

/** A storage plan bought (or to be bought) for one study. */
export interface StorageOrder {
  id: number;
  orderNo: string;
  patientId: number;
  studyId: number;
  planId: string;
  planName: string;
  months: number;
  chargeFen: number;
  status: StorageOrderStatus;
  /** Paid: the storage end it bought, "YYYY-MM-DD". */
  expiresOn: string | null;
  orderedAt: string;
  updatedAt: string;
}

export interface SubmitResult {
  order: StorageOrder;
  /** The order to be paid for the same study and plan, handed back rather than made twice. */
  reused: boolean;
  /** The study's order to be paid for another plan, which this one closed. */
  replaced?: StorageOrder;
}

export type StorageCancelResult = 'cancelled' | 'notCancellable' | 'notFound';

const ORDER_COLUMNS = `
  o.id, o.order_no AS orderNo, o.patient_id AS patientId, o.study_id AS studyId, o.plan_id AS planId,
  o.plan_name AS planName, o.months, o.charge_fen AS chargeFen, o.status, o.expires_on AS expiresOn,
  o.ordered_at AS orderedAt, o.updated_at AS updatedAt`;

type ListRecord = StorageOrder & { studyDescription: string; studyDate: string; modality: string };

/** Storage order numbers: "ST", the China date, then the record id, six digits at least. */
/** `ST`, the day in China, then random characters as an AI order's: another patient cannot guess the next one. */
function newOrderNo(now: Date): string {
  return `ST${chinaDate(now).replaceAll('-', '')}${randomCode(ORDER_NO_RANDOM_CHARS)}`;
}

export function payableStorageOrder(order: StorageOrder): PayableOrder {
  return { kind: 'storage', id: order.id, orderNo: order.orderNo, patientId: order.patientId, chargeFen: order.chargeFen, status: order.status };
}

export function storageOrderRepository(db: SqliteDatabase, studies: StudyRepository) {
  const byId = db.prepare<[number], StorageOrder>(`SELECT ${ORDER_COLUMNS} FROM storage_orders o WHERE o.id = ?`);
  const byOrderNo = db.prepare<[string], StorageOrder>(`SELECT ${ORDER_COLUMNS} FROM storage_orders o WHERE o.order_no = ?`);
  const toBePaidOfStudy = db.prepare<[number], StorageOrder>(
    `SELECT ${ORDER_COLUMNS} FROM storage_orders o WHERE o.study_id = ? AND o.status = ${toBePaid}`,
  );
  const nextId = db.prepare<[], { id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM storage_orders');
  const insert = db.prepare(`
    INSERT INTO storage_orders (id, order_no, patient_id, study_id, plan_id, plan_name, months, charge_fen, status, ordered_at, updated_at)
    VALUES (@id, @orderNo, @patientId, @studyId, @planId, @planName, @months, @chargeFen, ${toBePaid}, @at, @at)`);
  const closeIfToBePaid = db.prepare<[string, number]>(
    `UPDATE storage_orders SET status = ${closed}, updated_at = ? WHERE id = ? AND status = ${toBePaid}`,
  );
  const markPaid = db.prepare<[string | null, string, number]>(
    `UPDATE storage_orders SET status = ${paid}, expires_on = ?, updated_at = ? WHERE id = ? AND status = ${toBePaid}`,
  );
  // statuses: a JSON array of the statuses to list, or null for all.
  const pageOfPatient = db.prepare<[number, string | null, string | null, number, number], ListRecord>(`
    SELECT ${ORDER_COLUMNS}, s.study_description AS studyDescription, s.study_date AS studyDate, s.modality
      FROM storage_orders o
      JOIN studies s ON s.id = o.study_id
     WHERE o.patient_id = ? AND (? IS NULL OR o.status IN (SELECT value FROM json_each(?)))
     ORDER BY o.ordered_at DESC, o.id DESC
     LIMIT ? OFFSET ?`);
  const countOfPatient = db.prepare<[number, string | null, string | null], { totals: number }>(`
    SELECT COUNT(*) AS totals FROM storage_orders
     WHERE patient_id = ? AND (? IS NULL OR status IN (SELECT value FROM json_each(?)))`);
  const cancelPendingPayment = pendingPaymentCanceller(db, 'storage');

  function ownedBy(order: StorageOrder | undefined, patientId: number): StorageOrder | undefined {
    return order?.patientId === patientId ? order : undefined;
  }

  function close(order: StorageOrder, now: Date): boolean {
    if (closeIfToBePaid.run(now.toISOString(), order.id).changes === 0) return false;
    cancelPendingPayment(order.id, now);
    return true;
  }

  return {
    /**
     * One intent, one order: the study's order to be paid for the same plan comes back (`reused`);
     * one for another plan is closed (its payment under way cancelled) and a new one made.
     */
    submit(patientId: number, studyId: number, plan: StoragePlanRecord, now: Date): SubmitResult {
      return db
        .transaction((): SubmitResult => {
          const open = toBePaidOfStudy.get(studyId);
          if (open?.planId === plan.planId && open.patientId === patientId) return { order: open, reused: true };
          if (open) close(open, now);
          const { id } = nextId.get()!;
          const fields = { id, patientId, studyId, planId: plan.planId, planName: plan.name, months: plan.months, chargeFen: plan.chargeFen, at: now.toISOString() };
          withFreshCode(() => newOrderNo(now), (orderNo) => insert.run({ ...fields, orderNo }));
          return { order: byId.get(id)!, reused: false, ...(open && { replaced: open }) };
        })
        .immediate();
    },

    /** The study's order waiting for its money, if any (at most one: a unique index says so). */
    toBePaidForStudy(studyId: number): StorageOrder | undefined {
      return toBePaidOfStudy.get(studyId);
    },

    findByIdForPatient(patientId: number, id: number): StorageOrder | undefined {
      return ownedBy(byId.get(id), patientId);
    },

    findForPatient(patientId: number, orderNo: string): StorageOrder | undefined {
      return ownedBy(byOrderNo.get(orderNo), patientId);
    },

    /** Newest first; `statuses` null lists them all. */
    pageForPatient(patientId: number, statuses: readonly StorageOrderStatus[] | null, window: PageWindow): Page<StorageOrderRow> {
      const filter = statuses && JSON.stringify(statuses);
      const rows = pageOfPatient.all(patientId, filter, filter, window.limit, window.offset).map(
        (row): StorageOrderRow => ({
          orderId: row.orderNo,
          id: row.id,
          collectFilmId: String(row.studyId),
          time: toChinaWallClock(row.orderedAt),
          studyDescription: row.studyDescription,
          studyDate: row.studyDate,
          modality: row.modality,
          planName: row.planName,
          months: row.months,
          charge: fenToYuan(row.chargeFen),
          status: row.status,
          expireDate: row.status === paid ? row.expiresOn : null,
        }),
      );
      return { rows, totals: countOfPatient.get(patientId, filter, filter)?.totals ?? 0 };
    },

    /** Only an order to be paid can be cancelled (5, closed); a payment under way for it is cancelled with it. */
    cancel(patientId: number, orderNo: string, now: Date): StorageCancelResult {
      return db
        .transaction((): StorageCancelResult => {
          const order = ownedBy(byOrderNo.get(orderNo), patientId);
          if (!order) return 'notFound';
          return close(order, now) ? 'cancelled' : 'notCancellable';
        })
        .immediate();
    },

    /**
     * How a paid storage order moves on: 2 → 3, and the study's storage ends the plan's months
     * after its current end, or after today (China) when it has ended. A study kept for good
     * (no end) stays so.
     */
    settlement: {
      markPaid(id, now) {
        const order = byId.get(id);
        if (order?.status !== toBePaid) return false;
        const currentEnd = studies.findById(order.studyId)?.storageExpiresOn ?? null;
        const newEnd = currentEnd === null ? null : extendedStorageEnd(currentEnd, chinaDate(now), order.months);
        if (markPaid.run(newEnd, now.toISOString(), id).changes === 0) return false;
        if (newEnd !== null) studies.setStorageEnd(order.studyId, newEnd);
        return true;
      },
    } satisfies OrderSettlement,
  };
}

export type StorageOrderRepository = ReturnType<typeof storageOrderRepository>;
