import type { FastifyInstance } from 'fastify';
import { AI_ITEMS } from '../demoData';
import { fail, ok } from '../envelope';
import { AI_ORDER_STATUS } from '../repositories/aiOrders';
import { AI_FINISH_HOOK_PATH, AI_REPORT_PATH, aiReportScope } from '../sandboxUrls';
import { signedPatient } from '../signedUrls';
import { aiReportPage, messagePage } from '../sandboxPages';

const HTML = 'text/html; charset=utf-8';
const FINDINGS = new Map<string, string>(Object.values(AI_ITEMS).map((item) => [item.name, item.finding]));

/** The AI service's side: its external result page (check way 1). */
export async function sandboxAiRoutes(app: FastifyInstance): Promise<void> {
  const { aiOrders, signer } = app.sandbox;

  /**
   * The AI service's result page, reached only by the URL the AI detail call signed for the
   * order's patient (minutes): an order number alone opens nothing.
   */
  app.get<{ Params: { orderId: string } }>(`${AI_REPORT_PATH}/:orderId`, async (request, reply) => {
    reply.type(HTML).header('cache-control', 'private, no-store');
    const { orderId } = request.params;
    const patientId = signedPatient(signer, request.url, aiReportScope(orderId));
    const report = patientId === null ? undefined : aiOrders.reportOf(orderId);
    if (!report || report.patientId !== patientId) {
      return reply.code(403).send(messagePage('链接已失效，请回到电子云胶片重新打开AI报告', 'This link has expired: open the AI report again from Cloud Film'));
    }
    if (report.status !== AI_ORDER_STATUS.succeeded || report.checkWay !== 1) {
      return reply.code(404).send(messagePage('没有这份AI报告', 'No such AI report'));
    }
    return reply.send(aiReportPage(report, FINDINGS.get(report.item) ?? '未见明显异常。'));
  });

}

/**
 * Test mode only: a hook that ends an analysis, standing in for the AI service finishing. It
 * changes any patient's order, so it exists only in test mode.
 */
export async function aiFinishTestRoutes(app: FastifyInstance): Promise<void> {
  const { aiOrders, aiAnalysis } = app.sandbox;

  /**
   * Test hook: ends the analysis of a queued or analysing order now, as
   * `outcome=succeeded` (3) or `failed` (4); without it, as CF_AI_ANALYSIS_OUTCOME says. A failure
   * keeps `reason=` as why (the default reason without it); `reason` alone means failed.
   */
  app.post<{ Querystring: { orderId?: unknown; outcome?: unknown; reason?: unknown } }>(AI_FINISH_HOOK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { orderId, reason } = request.query;
    if (reason !== undefined && (typeof reason !== 'string' || !reason.trim())) {
      return reply.code(400).send(fail(400, 'reason must be some text'));
    }
    const outcome = request.query.outcome ?? (reason === undefined ? aiAnalysis.settings.outcome : 'failed');
    if (typeof orderId !== 'string' || !orderId) return reply.code(400).send(fail(400, 'orderId must be one order number'));
    if (outcome !== 'succeeded' && outcome !== 'failed') {
      return reply.code(400).send(fail(400, 'outcome must be succeeded or failed'));
    }
    const order = aiOrders.findByOrderNo(orderId);
    if (!order) return reply.code(404).send(fail(404, `no order ${orderId}`));
    if (outcome === 'succeeded' && reason !== undefined) return reply.code(400).send(fail(400, 'a reason is for a failed outcome only'));
    if (!aiAnalysis.finish(order.id, outcome, reason)) {
      return reply.code(409).send(fail(409, `order ${orderId} is not queued or analysing (status ${order.status})`));
    }
    return ok({ orderId, status: aiOrders.findByOrderNo(orderId)!.status });
  });
}
