import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentPatient } from '../currentPatient';
import { ApiError, fail, ok, withMsg } from '../envelope';
import { pageQuerySchema, pageWindow } from '../paging';
import { parseQuery, recordIdParam, textParam } from '../query';
import { AI_ORDER_STATUS } from '../repositories/aiOrders';
import type { AiOrderStatus } from '../repositories/aiOrders';
import type { H5PayParams, InAppPayParams, PayWay } from '../../machines/payment/payment.types';
import { aiReportUrl, DEFAULT_PAY_RETURN_PATH, h5PayUrl, sameOriginUrl } from '../sandboxUrls';
import { nonceStr, paySign, SANDBOX_WECHAT } from '../wechat';

const { queued, analysing, toBePaid, succeeded, closed } = AI_ORDER_STATUS;

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
const checkRecordQuerySchema = z.object({ checkRecordId: recordIdParam('checkRecordId') });
const payQuerySchema = checkRecordQuerySchema.extend({
  payway: z
    .enum(['1', '2'], { error: 'payway must be 1 (WeChat in-app) or 2 (H5)' })
    .transform((way): PayWay => (way === '1' ? 1 : 2)),
  returnUrl: z.string({ error: 'returnUrl must be one URL' }).optional(),
});

const ORDER_NOT_FOUND = 'order not found';

export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const { aiOrders, payments, publicOrigin } = app.sandbox;

  app.get('/V1.0/AI/OrderList', async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(orderListQuerySchema, request.query);
    return ok(aiOrders.pageForPatient(patient.id, TAB_STATUSES[query.status], pageWindow(query)));
  });

  app.post('/V1.0/AI/CancelOrder', async (request) => {
    const patient = await currentPatient(request);
    const { orderId } = parseQuery(orderQuerySchema, request.query);
    switch (aiOrders.cancel(patient.id, orderId, new Date())) {
      case 'cancelled':
        return withMsg(200, '操作成功');
      case 'notCancellable':
        return withMsg(4001, '订单状态已变化，无法取消');
      case 'notFound':
        return withMsg(404, ORDER_NOT_FOUND);
    }
  });

  app.get('/V1.0/AI/GetSJAiCheckResult', async (request) => {
    const patient = await currentPatient(request);
    const { orderId } = parseQuery(orderQuerySchema, request.query);
    const order = aiOrders.findForPatient(patient.id, orderId);
    if (!order) return fail(404, ORDER_NOT_FOUND);
    const externalPage = order.status === succeeded && order.checkWay === 1;
    return ok({
      status: order.status,
      checkWay: order.checkWay,
      resultUrl: externalPage ? aiReportUrl(publicOrigin, order.orderNo) : null,
    });
  });

  app.get('/V1.0/AI/GetWxPayParms', async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(payQuerySchema, request.query);
    const returnUrl = sameOriginUrl(query.returnUrl ?? DEFAULT_PAY_RETURN_PATH, publicOrigin);
    if (!returnUrl) throw new ApiError(400, `returnUrl must be a URL of this app (${publicOrigin})`);
    const order = aiOrders.findByIdForPatient(patient.id, query.checkRecordId);
    if (!order) return withMsg(404, ORDER_NOT_FOUND);
    const now = new Date();
    const started = payments.start(order, query.payway, now);
    if (started.kind === 'notPayable') return withMsg(4002, '订单状态已变化');
    const { payment } = started;
    if (query.payway === 2) {
      return ok({ h5_url: h5PayUrl(publicOrigin, payment.recordNo, returnUrl.href), record_no: payment.recordNo } satisfies H5PayParams);
    }
    const signed = {
      appId: SANDBOX_WECHAT.appId,
      timeStamp: String(Math.floor(now.getTime() / 1000)),
      nonceStr: nonceStr(),
      package: `prepay_id=${payment.prepayId}`,
    };
    return ok({ ...signed, signType: 'RSA', paySign: paySign(signed) } satisfies InAppPayParams);
  });

  app.get('/V1.0/AI/WxPayResultNotify', async (request) => {
    const patient = await currentPatient(request);
    const { checkRecordId } = parseQuery(checkRecordQuerySchema, request.query);
    const order = aiOrders.findByIdForPatient(patient.id, checkRecordId);
    if (!order) return fail(404, ORDER_NOT_FOUND);
    return ok(payments.isPaid(order.id) ? 1 : 0);
  });
}
