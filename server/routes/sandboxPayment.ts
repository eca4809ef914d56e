import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../envelope';
import type { Payment, PaymentWithItem, SettledState } from '../repositories/payments';
import { PROVIDER_ACTOR } from '../repositories/serverAudit';
import { H5_PAY_PATH, h5PayScope, PAY_RETURN_PATH, sameOriginUrl, WX_PAY_PATH } from '../sandboxUrls';
import { signedPatient } from '../signedUrls';
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

/** The provider tells the sandbox how a payment ended: settled once, and written into the order's trail each time. */
function settle(app: FastifyInstance, payment: Payment, state: SettledState): Payment {
  const { payments, aiAnalysis, serverAudit } = app.sandbox;
  const now = new Date();
  const result = payments.settle(payment.id, state, now);
  if (result?.orderPaid && payment.orderKind === 'ai') aiAnalysis.started(payment.checkRecordId);
  const settled = result?.payment ?? payment;
  serverAudit.record(
    {
      orderKind: payment.orderKind,
      orderNo: payment.orderNo,
      checkRecordId: payment.checkRecordId,
      step: 'provider_notified',
      actor: PROVIDER_ACTOR,
      detail: { recordNo: payment.recordNo, payWay: payment.way, said: state, state: settled.state, settledNow: result?.settled ?? false, orderPaid: result?.orderPaid ?? false },
    },
    now,
  );
  return settled;
}

/**
 * The payment provider's side, emulated: the H5 pay page a browser is sent to (pay way 2). It
 * settles a pending payment once, for an order of either kind: paying moves an AI order to 1
 * (analysing) and starts its analysis, a storage order to 3 (paid) with the study's storage extended.
 */
export async function sandboxPaymentRoutes(app: FastifyInstance): Promise<void> {
  const { payments, publicOrigin, signer } = app.sandbox;

  // The H5 page posts a plain HTML form; only this plugin reads one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });


  function htmlPage(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).type(HTML).header('cache-control', 'private, no-store').send(html);
  }

  /** The app's page the H5 page returns to: the one named, or where the app lists that kind of order. */
  function returnUrlOf(value: unknown, payment: Payment): URL | null {
    if (value === undefined) return sameOriginUrl(PAY_RETURN_PATH[payment.orderKind], publicOrigin);
    return typeof value === 'string' ? sameOriginUrl(value, publicOrigin) : null;
  }

  const refusedReturnUrl = messagePage('返回地址不是本应用的地址', 'The return address is not an address of this app');
  const unknownPayment = messagePage('支付单不存在', 'No such payment');
  const expiredLink = messagePage('支付链接已失效，请回到电子云胶片重新支付', 'This payment link has expired: go back to Cloud Film and pay again');

  /**
   * The payment the request's URL was signed for, for the patient who asked to pay (the pay call
   * signs the page's URL for them, for minutes): anyone else, or a link grown old, opens nothing.
   */
  function signedPayment(request: FastifyRequest<{ Params: { recordNo: string } }>): PaymentWithItem | 'expired' | undefined {
    const patientId = signedPatient(signer, request.url, h5PayScope(request.params.recordNo));
    if (patientId === null) return 'expired';
    const payment = payments.findByRecordNo(request.params.recordNo);
    return payment && payment.way === 2 && payment.patientId === patientId ? payment : undefined;
  }

  /** The page and its form: the form posts to the same signed address, whose return address is the one it was signed with. */
  async function answerPage(request: FastifyRequest<{ Params: { recordNo: string } }>, reply: FastifyReply, act: (payment: PaymentWithItem, redirectUrl: URL) => unknown) {
    const payment = signedPayment(request);
    if (payment === 'expired') return htmlPage(reply, 403, expiredLink);
    if (!payment) return htmlPage(reply, 404, unknownPayment);
    const redirectUrl = returnUrlOf(new URL(request.url, publicOrigin).searchParams.get('redirect_url') ?? undefined, payment);
    if (!redirectUrl) return htmlPage(reply, 400, refusedReturnUrl);
    return act(payment, redirectUrl);
  }

  app.get<{ Params: { recordNo: string } }>(`${H5_PAY_PATH}/:recordNo`, async (request, reply) =>
    answerPage(request, reply, (payment, redirectUrl) => htmlPage(reply, 200, h5PayPage({ payment, action: request.url, redirectUrl: redirectUrl.href }))),
  );

  app.post<{ Params: { recordNo: string } }>(`${H5_PAY_PATH}/:recordNo`, async (request, reply) =>
    answerPage(request, reply, (payment, redirectUrl) => {
      const state = H5_ACTIONS.get(formFields(request.body).action ?? '');
      if (!state) return htmlPage(reply, 400, messagePage('未知操作', 'Unknown action: pay, cancel or fail'));
      settle(app, payment, state);
      return reply.header('cache-control', 'no-store').redirect(redirectUrl.href, 303);
    }),
  );
}

/**
 * Test mode only: the WeChat bridge's pay call (pay way 1), emulated for browser tests that inject
 * a WeixinJSBridge. Anyone could settle anyone's payment through it, so it exists only in test mode.
 */
export async function wxPayTestRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.sandbox;

  app.post<{ Params: { prepayId: string } }>(`${WX_PAY_PATH}/:prepayId`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = wxPayBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send(fail(400, 'the body must be JSON {"outcome": "ok" | "cancel" | "fail"}'));
    const payment = payments.findByPrepayId(request.params.prepayId);
    if (!payment) return reply.code(404).send(fail(404, `no payment with prepay id ${request.params.prepayId}`));
    const settled = settle(app, payment, WX_OUTCOMES[body.data.outcome]);
    // A payment settles once: a second call reports how the first one ended.
    return { err_msg: WX_ERR_MSG[settled.state as SettledState] };
  });
}
