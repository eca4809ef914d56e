import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { AUDIT_CSS_PATH, auditPage } from '../auditPage';
import { auditTimeline } from '../auditTimeline';
import { fail } from '../envelope';
import { messagePage } from '../sandboxPages';
import { AUDIT_PATH } from '../sandboxUrls';

const HTML = 'text/html; charset=utf-8';
const CSS_FILES = ['../assets/sandbox-pages.css', '../assets/sandbox-audit.css'].map((file) => new URL(file, import.meta.url));

/**
 * For auditors, sandbox only and without a patient's token: an order's analytics records as JSON,
 * and as a timeline page.
 */
export async function sandboxAuditRoutes(app: FastifyInstance): Promise<void> {
  const { analytics } = app.sandbox;
  const css = Buffer.concat(await Promise.all(CSS_FILES.map((file) => readFile(file))));

  app.get(AUDIT_CSS_PATH, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css));

  app.get<{ Querystring: { orderId?: unknown } }>(AUDIT_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const orderId = typeof request.query.orderId === 'string' ? request.query.orderId.trim() : '';
    if (!orderId) return reply.code(400).send(fail(400, 'orderId must be one order number'));
    return { orderId, records: analytics.forOrder(orderId) };
  });

  app.get<{ Params: { orderId: string } }>(`${AUDIT_PATH}/:orderId`, async (request, reply) => {
    reply.type(HTML).header('cache-control', 'no-store');
    const { orderId } = request.params;
    const records = analytics.forOrder(orderId);
    if (records.length === 0) return reply.code(404).send(messagePage('这个订单没有审计记录', 'No audit records for this order'));
    return reply.send(auditPage(auditTimeline(orderId, records)));
  });
}
