import type { FastifyInstance } from 'fastify';
import type { ReportAiInfo } from '../../src/shared/api/studySchemas';
import { AI_ITEMS } from '../demoData';
import { aiFindings } from '../dicom/findings';
import { ok } from '../envelope';
import { requestedStudy } from '../requestedStudy';

/** An order succeeded (spec section 4): its finding is the summary the film detail shows. */
const SUCCEEDED = 3;
const FINDING_OF_ITEM = new Map<string, string>(Object.values(AI_ITEMS).map((item) => [item.name, item.finding]));

/**
 * `V2.0/YJPIndex/ReportAiInfo?CollectId=`: the study's AI analyses, and the findings drawn on the
 * images (server/dicom/findings.ts).
 */
export async function aiInfoRoutes(app: FastifyInstance): Promise<void> {
  const ordersOfStudy = app.sandbox.db.prepare<[number], { orderId: string; item: string; status: number; checkWay: number }>(
    'SELECT order_no AS orderId, item, status, check_way AS checkWay FROM ai_orders WHERE study_id = ? ORDER BY ordered_at DESC, id DESC',
  );
  app.get('/V2.0/YJPIndex/ReportAiInfo', async (request) => {
    const study = await requestedStudy(request);
    const orders = ordersOfStudy.all(study.id).map((order) => ({
      ...order,
      summary: order.status === SUCCEEDED ? (FINDING_OF_ITEM.get(order.item) ?? null) : null,
    }));
    return ok({ orders, findings: aiFindings(study, orders) } satisfies ReportAiInfo);
  });
}
