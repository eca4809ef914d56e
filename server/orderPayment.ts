import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentPatient } from './currentPatient';
import { ApiError, fail, ok, withMsg } from './envelope';
import { parseQuery, recordIdParam } from './query';
import type { PayableOrder } from './repositories/payments';
import type { ServerAuditEntry } from './repositories/serverAudit';
import { h5PayScope, h5PayUrl, sameOriginUrl } from './sandboxUrls';
import { patientGrant } from './signedUrls';
import { nonceStr, paySign, SANDBOX_WECHAT } from './wechat';
import type { H5PayParams, InAppPayParams, PayWay } from '../machines/payment/payment.types';

const checkRecordQuerySchema = z.object({ checkRecordId: recordIdParam('checkRecordId') });
const payQuerySchema = checkRecordQuerySchema.extend({
  payway: z
    .enum(['1', '2'], { error: 'payway must be 1 (WeChat in-app) or 2 (H5)' })
    .transform((way): PayWay => (way === '1' ? 1 : 2)),
  returnUrl: z.string({ error: 'returnUrl must be one URL' }).optional(),
});

export const ORDER_NOT_FOUND = 'order not found';

export interface OrderPayCalls {
  /** The pay parameters call, e.g. `/V1.0/AI/GetWxPayParms`. */
  payPath: string;
  /** The pay result call, e.g. `/V1.0/AI/WxPayResultNotify`. */
  resultPath: string;
  /** Where the H5 page returns when the app names no return URL. */
  defaultReturnPath: string;
  /** The signed-in patient's order with that check record id; another patient's is not found. */
  findOrder(patientId: number, checkRecordId: number): PayableOrder | undefined;
}

/**
 * The two pay calls of one kind of order, the same for every kind (spec section 3):
 * `?payway=1|2&checkRecordId=&returnUrl=` answers WeChat's in-app parameters or the H5 page's URL
 * (one pending payment per order, reused for the same way: no double charge; 4002 once the order
 * is no longer to be paid; 404 for no such order), and `?checkRecordId=` answers 1 once paid, else
 * -1 or -2 when the provider said cancelled or failed, 0 while it has said nothing (PAY_RESULT).
 */
export function registerOrderPayCalls(app: FastifyInstance, calls: OrderPayCalls): void {
  const { payments, publicOrigin, signer, serverAudit } = app.sandbox;

  app.get(calls.payPath, async (request) => {
    const patient = await currentPatient(request);
    const query = parseQuery(payQuerySchema, request.query);
    const returnUrl = sameOriginUrl(query.returnUrl ?? calls.defaultReturnPath, publicOrigin);
    if (!returnUrl) throw new ApiError(400, `returnUrl must be a URL of this app (${publicOrigin})`);
    const order = calls.findOrder(patient.id, query.checkRecordId);
    if (!order) return withMsg(404, ORDER_NOT_FOUND);
    const now = new Date();
    const started = payments.start(order, query.payway, now);
    const audit = (detail: ServerAuditEntry['detail']) =>
      serverAudit.record({ orderKind: order.kind, orderNo: order.orderNo, checkRecordId: order.id, step: 'pay_requested', actor: patient.loginName, detail }, now);
    if (started.kind === 'notPayable') {
      audit({ payWay: query.payway, outcome: 'notPayable', orderStatus: order.status });
      return withMsg(4002, '订单状态已变化');
    }
    const { payment } = started;
    audit({ payWay: query.payway, outcome: started.reused ? 'reused' : 'started', recordNo: payment.recordNo, amountFen: payment.amountFen });
    if (query.payway === 2) {
      // The page is the paying patient's: its URL is signed for them, for minutes (server/signedUrls.ts).
      const h5Url = signer.sign(h5PayUrl(publicOrigin, payment.recordNo, returnUrl.href), h5PayScope(payment.recordNo), patientGrant(patient.id), now);
      return ok({ h5_url: h5Url, record_no: payment.recordNo } satisfies H5PayParams);
    }
    const signed = {
      appId: SANDBOX_WECHAT.appId,
      timeStamp: String(Math.floor(now.getTime() / 1000)),
      nonceStr: nonceStr(),
      package: `prepay_id=${payment.prepayId}`,
    };
    return ok({ ...signed, signType: 'RSA', paySign: paySign(signed) } satisfies InAppPayParams);
  });

  app.get(calls.resultPath, async (request) => {
    const patient = await currentPatient(request);
    const { checkRecordId } = parseQuery(checkRecordQuerySchema, request.query);
    const order = calls.findOrder(patient.id, checkRecordId);
    if (!order) return fail(404, ORDER_NOT_FOUND);
    const answer = payments.payResult(order.kind, order.id);
    serverAudit.record({ orderKind: order.kind, orderNo: order.orderNo, checkRecordId: order.id, step: 'pay_result_answered', actor: patient.loginName, detail: { answer } });
    return ok(answer);
  });
}
