import { fenToYuan } from '../money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commandInput } from '../commandInput';
import { currentPatient } from '../currentPatient';
import { ApiError, ok, withMsg } from '../envelope';
import { registerOrderPayCalls } from '../orderPayment';
import { ownStudy } from '../ownStudy';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam, textParam } from '../query';
import { PAY_RETURN_PATH } from '../sandboxUrls';
import { payableStorageOrder, STORAGE_ORDER_STATUS } from '../repositories/storageOrders';
import type { StorageOrderStatus } from '../repositories/storageOrders';
import type { StudyRecord } from '../repositories/studies';
import { chinaDate, storageState, storageStateName } from '../storagePeriod';
import { findStoragePlan, STORAGE_PLANS, storageForSale, storagePlanView } from '../storagePlans';
import { STORAGE_CODES } from '../../src/shared/api/storageSchemas';
import type { CheckStorage, StorageOrderCreated, StoragePlan, StudyStorage } from '../../src/shared/api/storageSchemas';

const NOT_FOR_SALE = '该检查的影像无需购买存储';
const PLAN_UNKNOWN = '存储套餐不存在或已下架';
const NOT_CANCELLABLE = '订单状态已变化，无法取消';
const ORDER_NOT_FOUND = '订单不存在';

const { toBePaid, paid, closed } = STORAGE_ORDER_STATUS;
const TAB_STATUSES: Record<'-1' | '2' | '3' | '5', readonly StorageOrderStatus[] | null> = {
  '-1': null,
  '2': [toBePaid],
  '3': [paid],
  '5': [closed],
};

const studyQuerySchema = z.object({ id: recordIdParam('id') });
const checkQuerySchema = z.object({ id: recordIdParam('id').optional() });
const submitSchema = studyQuerySchema.extend({ planId: textParam('planId', 'one plan id') });
const orderListQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(['-1', '2', '3', '5'], { error: 'status must be one of -1 (all), 2 (to be paid), 3 (paid), 5 (closed)' })
    .default('-1'),
});
const cancelSchema = z.object({ orderId: textParam('orderId', 'one order number') });

/**
 * Paid storage (issue 14): the plans on sale for a study, its storage, an order per intent, the
 * order list and cancel, and the two pay calls (the same as the AI ones, for storage orders).
 * Only the patient's own studies: a study they collected from someone else is not theirs to buy for.
 */
export async function imageStoreRoutes(app: FastifyInstance): Promise<void> {
  const { studies, hospitals, storageOrders, serverAudit } = app.sandbox;

  function forSale(study: StudyRecord): boolean {
    return storageForSale(study, hospitals.findById(study.hospitalId));
  }

  function storageOf(study: StudyRecord, today: string): StudyStorage {
    const end = study.storageExpiresOn;
    return {
      collectFilmId: String(study.id),
      studyDescription: study.studyDescription,
      studyDate: study.studyDate,
      modality: study.modality,
      state: storageStateName(end, today),
      expireDate: end,
      daysLeft: end === null ? 0 : storageState(end, today).daysLeft,
      canBuy: forSale(study),
      pendingOrderId: storageOrders.toBePaidForStudy(study.id)?.orderNo ?? null,
    };
  }

  /** GET ?id=: the plans on sale for that study; 4401 no such study of the patient's, 4403 nothing to buy. */
  app.get('/V1.0/Image/chargelist', async (request) => {
    const { id } = parseQuery(studyQuerySchema, request.query);
    const study = await ownStudy(request, id, STORAGE_CODES.studyNotFound);
    if (!forSale(study)) throw new ApiError(STORAGE_CODES.notForSale, NOT_FOR_SALE);
    return ok({ plans: STORAGE_PLANS.map(storagePlanView) } satisfies { plans: StoragePlan[] });
  });

  /** GET ?id= (one study) or without (every study of the patient's): soonest end first, kept-for-good last. */
  app.get('/V1.0/Image/CheckStorage', async (request) => {
    const { id } = parseQuery(checkQuerySchema, request.query);
    const today = chinaDate(new Date());
    if (id !== undefined) return ok({ studies: [storageOf(await ownStudy(request, id, STORAGE_CODES.studyNotFound), today)] } satisfies CheckStorage);
    const patient = await currentPatient(request);
    const all = studies.allForPatient(patient.id).map((study) => storageOf(study, today));
    // Newest study first among equal ends (the list is newest first and the sort is stable).
    all.sort((a, b) => compareEnds(a.expireDate, b.expireDate));
    return ok({ studies: all } satisfies CheckStorage);
  });

  /** POST { id, planId } (JSON body or query): the order to pay, one per intent (storageOrders.submit). */
  app.post('/V1.0/Image/submmit', async (request) => {
    const { id, planId } = parseQuery(submitSchema, commandInput(request));
    const study = await ownStudy(request, id, STORAGE_CODES.studyNotFound);
    if (!forSale(study)) throw new ApiError(STORAGE_CODES.notForSale, NOT_FOR_SALE);
    const plan = findStoragePlan(planId);
    if (!plan) throw new ApiError(STORAGE_CODES.planUnknown, PLAN_UNKNOWN);
    const { order, reused, replaced } = storageOrders.submit(study.patientId, study.id, plan, new Date());
    const actor = (await currentPatient(request)).loginName;
    if (replaced) {
      serverAudit.record({ orderKind: 'storage', orderNo: replaced.orderNo, checkRecordId: replaced.id, step: 'cancel', actor, detail: { outcome: 'cancelled', replacedBy: order.orderNo } });
    }
    serverAudit.record({
      orderKind: 'storage',
      orderNo: order.orderNo,
      checkRecordId: order.id,
      step: 'order_created',
      actor,
      detail: { planId: plan.planId, chargeFen: order.chargeFen, status: order.status, reused },
    });
    return ok({
      orderId: order.orderNo,
      id: order.id,
      charge: fenToYuan(order.chargeFen),
      status: order.status,
      reused,
    } satisfies StorageOrderCreated);
  });

  /** GET ?status=-1|2|3|5&pageIndex=&pageLength=: newest first. */
  app.get('/V1.0/Image/StorageOrderList', async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(orderListQuerySchema, request.query);
    return ok(storageOrders.pageForPatient(patient.id, TAB_STATUSES[query.status], pageWindow(query)));
  });

  /** POST ?orderId= (or JSON body): closes an order to be paid (5), cancelling its payment under way. */
  app.post('/V1.0/Image/CancelOrder', async (request) => {
    const patient = await currentPatient(request);
    const { orderId } = parseQuery(cancelSchema, commandInput(request));
    const outcome = storageOrders.cancel(patient.id, orderId, new Date());
    const order = storageOrders.findForPatient(patient.id, orderId);
    if (order) serverAudit.record({ orderKind: 'storage', orderNo: order.orderNo, checkRecordId: order.id, step: 'cancel', actor: patient.loginName, detail: { outcome } });
    switch (outcome) {
      case 'cancelled':
        return withMsg(200, '操作成功');
      case 'notCancellable':
        return withMsg(STORAGE_CODES.notCancellable, NOT_CANCELLABLE);
      case 'notFound':
        return withMsg(STORAGE_CODES.orderNotFound, ORDER_NOT_FOUND);
    }
  });

  registerOrderPayCalls(app, {
    payPath: '/V1.0/Image/pay',
    resultPath: '/V1.0/Image/WxPayResultNotify',
    defaultReturnPath: PAY_RETURN_PATH.storage,
    findOrder: (patientId, checkRecordId) => {
      const order = storageOrders.findByIdForPatient(patientId, checkRecordId);
      return order && payableStorageOrder(order);
    },
  });
}

/** Soonest end first (YYYY-MM-DD compares as text); no end (kept for good) after every date. */
function compareEnds(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
