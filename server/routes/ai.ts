import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { aiChannelOfItem } from '../aiChannels';
import { currentPatient } from '../currentPatient';
import { fail, ok, withMsg } from '../envelope';
import { ORDER_NOT_FOUND, registerOrderPayCalls } from '../orderPayment';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, textParam } from '../query';
import { AI_ORDER_STATUS, payableAiOrder } from '../repositories/aiOrders';
import type { AiOrderStatus } from '../repositories/aiOrders';
import { aiReportScope, aiReportUrl, PAY_RETURN_PATH } from '../sandboxUrls';
import { patientGrant } from '../signedUrls';
import type { AiResult } from '../../src/shared/api/aiApplySchemas';

const { queued, analysing, toBePaid, succeeded, failed, closed } = AI_ORDER_STATUS;

/** The list's tabs (spec section 2): all, to be paid, in progress, trade closed. */
const TAB_STATUSES: Record<'-1' | '2' | '1' | '5', readonly AiOrderStatus[] | null> = {
  '-1': null,
  '2': [toBePaid],
  '1': [queued, analysing],
  '5': [closed],
};

const orderListQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(['-1', '2', '1', '5'], { error: 'status must be one of -1 (all), 2 (to be paid), 1 (in progress), 5 (closed)' })
    .default('-1'),
});
const orderQuerySchema = z.object({ orderId: textParam('orderId', 'one order number') });

export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const { aiOrders, publicOrigin, signer, serverAudit } = app.sandbox;

  app.get('/V1.0/AI/OrderList', async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(orderListQuerySchema, request.query);
    return ok(aiOrders.pageForPatient(patient.id, TAB_STATUSES[query.status], pageWindow(query)));
  });

  app.post('/V1.0/AI/CancelOrder', async (request) => {
    const patient = await currentPatient(request);
    const { orderId } = parseQuery(orderQuerySchema, request.query);
    const outcome = aiOrders.cancel(patient.id, orderId, new Date());
    const order = aiOrders.findForPatient(patient.id, orderId);
    if (order) serverAudit.record({ orderKind: 'ai', orderNo: order.orderNo, checkRecordId: order.id, step: 'cancel', actor: patient.loginName, detail: { outcome } });
    switch (outcome) {
      case 'cancelled':
        return withMsg(200, '操作成功');
      case 'notCancellable':
        return withMsg(4001, '订单状态已变化，无法取消');
      case 'notFound':
        return withMsg(404, ORDER_NOT_FOUND);
    }
  });

  /**
   * The spec's AI detail (status, checkWay, resultUrl: the external page, for check way 1 and
   * status 3 only, signed for the patient for minutes: server/signedUrls.ts) and its summary: the conclusion and how many findings for status 3, why for 4.
   */
  app.get('/V1.0/AI/GetSJAiCheckResult', async (request) => {
    const patient = await currentPatient(request);
    const { orderId } = parseQuery(orderQuerySchema, request.query);
    const order = aiOrders.findForPatient(patient.id, orderId);
    if (!order) return fail(404, ORDER_NOT_FOUND);
    const done = order.status === succeeded;
    const channel = done ? aiChannelOfItem(order.item) : undefined;
    return ok({
      status: order.status,
      checkWay: order.checkWay,
      resultUrl: done && order.checkWay === 1 ? signer.sign(aiReportUrl(publicOrigin, order.orderNo), aiReportScope(order.orderNo), patientGrant(patient.id)) : null,
      summary: channel?.finding ?? null,
      findingCount: channel?.findingCount ?? null,
      failureReason: order.status === failed ? order.failureReason : null,
    } satisfies AiResult);
  });

  registerOrderPayCalls(app, {
    payPath: '/V1.0/AI/GetWxPayParms',
    resultPath: '/V1.0/AI/WxPayResultNotify',
    defaultReturnPath: PAY_RETURN_PATH.ai,
    findOrder: (patientId, checkRecordId) => {
      const order = aiOrders.findByIdForPatient(patientId, checkRecordId);
      return order && payableAiOrder(order);
    },
  });
}
