import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fail } from '../envelope';
import type { Payment, SettledState } from '../repositories/payments';
import { H5_PAY_PATH, PAY_RETURN_PATH, sameOriginUrl, WX_PAY_PATH } from '../sandboxUrls';
import { h5PayPage, messagePage } from '../sandboxPages';

const HTML = 'text/html; charset=utf-8';

const H5_ACTIONS = new Map<string, SettledState>([
  ['pay', 'paid'],
  ['cancel', 'cancelled'],
  ['fail', 'failed'],
]);
const WX_OUTCOMES = { ok: 'paid', cancel: 'cancelled', fail: 'failed' } as const satisfies Record<string, SettledState>;
/** What WeChat's getBrandWCPayRequest reports, for the state the payment ended in. */
const WX_ERR_MSG: Record<SettledState, string> = {
  paid: 'get_brand_wcpay_request:ok',
  cancelled: 'get_brand_wcpay_request:cancel',
  failed: 'get_brand_wcpay_request:fail',
};

const wxPayBodySchema = z.object({ outcome: z.enum(['ok', 'cancel', 'fail']) });

function formFields(body: unknown): Partial<Record<string, string>> {
  return typeof body === 'object' && body !== null ? (body as Record<string, string>) : {};
}

/**
 * The payment provider's side, emulated: the H5 pay page a browser is sent to (pay way 2), and the
 * WeChat bridge's pay call (pay way 1) for browser tests that inject a WeixinJSBridge. Each settles
 * a pending payment once, for an order of either kind: paying moves an AI order to 1 (analysing)
 * and starts its analysis, a storage order to 3 (paid) with the study's storage extended.
 */
export async function sandboxPaymentRoutes(app: FastifyInstance): Promise<void> {
  const { payments, aiAnalysis, publicOrigin } = app.sandbox;

  // The H5 page posts a plain HTML form; only this plugin reads one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  function settle(payment: Payment, state: SettledState): Payment {
    const result = payments.settle(payment.id, state, new Date());
    if (result?.orderPaid && payment.orderKind === 'ai') aiAnalysis.started(payment.checkRecordId);
    return result?.payment ?? payment;
  }

  function htmlPage(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).type(HTML).header('cache-control', 'no-store').send(html);
  }

  /** The app's page the H5 page returns to: the one named, or where the app lists that kind of order. */
  function returnUrlOf(value: unknown, payment: Payment): URL | null {
    if (value === undefined) return sameOriginUrl(PAY_RETURN_PATH[payment.orderKind], publicOrigin);
    return typeof value === 'string' ? sameOriginUrl(value, publicOrigin) : null;
  }

  const refusedReturnUrl = messagePage('返回地址不是本应用的地址', 'The return address is not an address of this app');
  const unknownPayment = messagePage('支付单不存在', 'No such payment');

  app.get<{ Params: { recordNo: string }; Querystring: { redirect_url?: unknown } }>(
    `${H5_PAY_PATH}/:recordNo`,
    async (request, reply) => {
      const payment = payments.findByRecordNo(request.params.recordNo);
      if (!payment || payment.way !== 2) return htmlPage(reply, 404, unknownPayment);
      const redirectUrl = returnUrlOf(request.query.redirect_url, payment);
      if (!redirectUrl) return htmlPage(reply, 400, refusedReturnUrl);
      const action = `${H5_PAY_PATH}/${encodeURIComponent(payment.recordNo)}`;
      return htmlPage(reply, 200, h5PayPage({ payment, action, redirectUrl: redirectUrl.href }));
    },
  );

  app.post<{ Params: { recordNo: string } }>(`${H5_PAY_PATH}/:recordNo`, async (request, reply) => {
    const fields = formFields(request.body);
    const payment = payments.findByRecordNo(request.params.recordNo);
    if (!payment || payment.way !== 2) return htmlPage(reply, 404, unknownPayment);
    const redirectUrl = returnUrlOf(fields.redirect_url, payment);
    if (!redirectUrl) return htmlPage(reply, 400, refusedReturnUrl);
    const state = H5_ACTIONS.get(fields.action ?? '');
    if (!state) return htmlPage(reply, 400, messagePage('未知操作', 'Unknown action: pay, cancel or fail'));
    settle(payment, state);
    return reply.header('cache-control', 'no-store').redirect(redirectUrl.href, 303);
  });

  app.post<{ Params: { prepayId: string } }>(`${WX_PAY_PATH}/:prepayId`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = wxPayBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send(fail(400, 'the body must be JSON {"outcome": "ok" | "cancel" | "fail"}'));
    const payment = payments.findByPrepayId(request.params.prepayId);
    if (!payment) return reply.code(404).send(fail(404, `no payment with prepay id ${request.params.prepayId}`));
    const settled = settle(payment, WX_OUTCOMES[body.data.outcome]);
    // A payment settles once: a second call reports how the first one ended.
    return { err_msg: WX_ERR_MSG[settled.state as SettledState] };
  });
}
