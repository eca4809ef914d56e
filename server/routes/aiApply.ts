import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { aiChannelOfItem, aiChannelsFor, aiChannelView, findAiChannel } from '../aiChannels';
import type { AiChannelRecord } from '../aiChannels';
import { toChinaWallClock } from '../chinaTime';
import { commandInput } from '../commandInput';
import { currentPatient } from '../currentPatient';
import { ApiError, fail, ok } from '../envelope';
import { parseQuery, recordIdParam, textParam } from '../query';
import { fenToYuan } from '../money';
import { ownStudy } from '../ownStudy';
import { AI_ORDER_STATUS } from '../repositories/aiOrders';
import type { AiOrder } from '../repositories/aiOrders';
import type { StudyRecord } from '../repositories/studies';
import { addDays, chinaDate } from '../storagePeriod';
import { TEST_PATH_PREFIX } from '../testMode';
import { AI_APPLY_CODES } from '../../src/shared/api/aiApplySchemas';
import type { AiChannel, AiOrderCreated, AiOrderInfo, AiStudy } from '../../src/shared/api/aiApplySchemas';

const NOT_OFFERED = '医院暂未开通AI分析服务';
const CHANNEL_UNAVAILABLE = '该AI服务不适用于此检查';
const ORDER_NOT_FOUND = '订单不存在';

const { queued, analysing, succeeded, failed } = AI_ORDER_STATUS;
/** When no delay is set (CF_AI_ANALYSIS_MS=off), progress is estimated from the channel's minutes; this for an unknown one. */
const FALLBACK_MINUTES = 5;

const studyQuerySchema = z.object({ id: recordIdParam('id') });
const submitSchema = studyQuerySchema.extend({ channelId: textParam('channelId', 'one channel id') });
const infoQuerySchema = z.union(
  [z.object({ orderId: textParam('orderId', 'one order number') }), z.object({ id: recordIdParam('id') })],
  { error: 'orderId (one order number) or id (one study) is required' },
);

/** The channel an order was placed with; an order from before channels is known by its item. */
function channelOfOrder(order: AiOrder): AiChannelRecord | undefined {
  return order.channelId === null ? aiChannelOfItem(order.item) : findAiChannel(order.channelId);
}

/**
 * Applying for AI analysis (issue 14): the patient's studies AI can analyse, the channels for one,
 * an order per intent, and an order's progress. Only the patient's own studies.
 */
export async function aiApplyRoutes(app: FastifyInstance): Promise<void> {
  const { studies, hospitals, aiOrders, aiAnalysis, payments, serverAudit } = app.sandbox;

  function offersAi(study: StudyRecord): boolean {
    return hospitals.findById(study.hospitalId)?.modules.aiAnalysis === true;
  }

  /** The study's channels; 4503 when its hospital offers no AI analysis. */
  function channelsOf(study: StudyRecord): AiChannelRecord[] {
    if (!offersAi(study)) throw new ApiError(AI_APPLY_CODES.notOffered, NOT_OFFERED);
    return aiChannelsFor(study);
  }

  /** Progress while queued or analysing: elapsed since it entered that status over the analysis time. */
  function progressOf(order: AiOrder, channel: AiChannelRecord | undefined, now: Date): Pick<AiOrderInfo, 'progress' | 'secondsLeft'> {
    if (order.status !== queued && order.status !== analysing) return { progress: null, secondsLeft: null };
    const totalMs = aiAnalysis.settings.delayMs ?? (channel?.minutes ?? FALLBACK_MINUTES) * 60_000;
    const elapsedMs = Math.max(0, now.getTime() - Date.parse(order.updatedAt));
    if (totalMs <= 0) return { progress: 99, secondsLeft: 0 };
    return {
      progress: Math.min(99, Math.floor((elapsedMs * 100) / totalMs)),
      secondsLeft: Math.max(0, Math.ceil((totalMs - elapsedMs) / 1000)),
    };
  }

  /** When it was paid, or queued if free: for an order still in progress, its last change. */
  function startedAt(order: AiOrder): string | null {
    if (order.status === queued || order.status === analysing) return order.updatedAt;
    if (order.status !== succeeded && order.status !== failed) return null;
    return order.chargeFen === 0 ? order.orderedAt : (payments.paidAt('ai', order.id) ?? null);
  }

  function infoOf(order: AiOrder, study: StudyRecord, now: Date): AiOrderInfo {
    const channel = channelOfOrder(order);
    const started = startedAt(order);
    const finished = order.status === succeeded || order.status === failed;
    return {
      orderId: order.orderNo,
      id: order.id,
      collectFilmId: String(order.studyId),
      channelId: channel?.channelId ?? null,
      item: order.item,
      provider: channel?.provider ?? null,
      providerEn: channel?.providerEn ?? null,
      status: order.status,
      charge: fenToYuan(order.chargeFen),
      checkWay: order.checkWay,
      time: toChinaWallClock(order.orderedAt),
      startedAt: started && toChinaWallClock(started),
      finishedAt: finished ? toChinaWallClock(order.updatedAt) : null,
      ...progressOf(order, channel, now),
      failureReason: order.status === failed ? order.failureReason : null,
      studyDescription: study.studyDescription,
      studyDate: study.studyDate,
      modality: study.modality,
    };
  }

  /** GET: the patient's studies at least one channel can analyse, newest first, each with its latest order. */
  app.get('/V1.0/AI/list', async (request) => {
    const patient = await currentPatient(request);
    const rows = studies
      .allForPatient(patient.id)
      .filter((study) => offersAi(study) && aiChannelsFor(study).length > 0)
      .map((study): AiStudy => {
        const latest = aiOrders.latestOfStudy(study.id);
        return {
          collectFilmId: String(study.id),
          studyDescription: study.studyDescription,
          studyDate: study.studyDate,
          modality: study.modality,
          bodyPart: study.bodyPart || null,
          latestOrder: latest ? { orderId: latest.orderNo, channelId: channelOfOrder(latest)?.channelId ?? null, status: latest.status } : null,
        };
      });
    return ok({ studies: rows });
  });

  /** GET ?id=: the channels for that study's modality; 4501 no such study of the patient's, 4503 no AI offered. */
  app.get('/V1.0/AI/channelList', async (request) => {
    const { id } = parseQuery(studyQuerySchema, request.query);
    const study = await ownStudy(request, id, AI_APPLY_CODES.studyNotFound);
    return ok({ channels: channelsOf(study).map((channel) => aiChannelView(channel) satisfies AiChannel) });
  });

  /**
   * POST { id, channelId } (JSON body or query): the order. The study's order of that channel in
   * status 0-3 comes back (`reused`); otherwise a new one: free ones queue (0) and start at once,
   * others wait for their money (2). 4502 when the channel does not analyse this study.
   */
  app.post('/V1.0/AI/submmit', async (request) => {
    const { id, channelId } = parseQuery(submitSchema, commandInput(request));
    const study = await ownStudy(request, id, AI_APPLY_CODES.studyNotFound);
    const channel = channelsOf(study).find((candidate) => candidate.channelId === channelId);
    if (!channel) throw new ApiError(AI_APPLY_CODES.channelUnavailable, CHANNEL_UNAVAILABLE);
    const live = aiOrders.liveForStudyChannel(study.id, channel.channelId, channel.name);
    const order =
      live ??
      aiOrders.create(
        { patientId: study.patientId, studyId: study.id, channelId: channel.channelId, item: channel.name, chargeFen: channel.chargeFen, checkWay: channel.checkWay },
        new Date(),
      );
    if (!live && order.status === queued) aiAnalysis.started(order.id);
    serverAudit.record({
      orderKind: 'ai',
      orderNo: order.orderNo,
      checkRecordId: order.id,
      step: 'order_created',
      actor: (await currentPatient(request)).loginName,
      detail: { item: order.item, chargeFen: order.chargeFen, status: order.status, reused: live !== undefined },
    });
    return ok({
      orderId: order.orderNo,
      id: order.id,
      charge: fenToYuan(order.chargeFen),
      status: order.status,
      reused: live !== undefined,
    } satisfies AiOrderCreated);
  });

  /** GET ?orderId= (one order) or ?id=<collectFilmId> (that study's latest order); 4504 when there is none. */
  app.get('/V1.0/AI/info', async (request) => {
    const query = parseQuery(infoQuerySchema, request.query);
    const patient = await currentPatient(request);
    const order =
      'orderId' in query
        ? aiOrders.findForPatient(patient.id, query.orderId)
        : aiOrders.latestOfStudy((await ownStudy(request, query.id, AI_APPLY_CODES.studyNotFound)).id);
    if (!order) return fail(AI_APPLY_CODES.orderNotFound, ORDER_NOT_FOUND);
    const study = studies.findById(order.studyId)!;
    return ok(infoOf(order, study, new Date()) satisfies AiOrderInfo);
  });
}

const expireQuerySchema = z.object({
  collectFilmId: recordIdParam('collectFilmId'),
  days: z.coerce.number({ error: 'days must be a whole number' }).int({ error: 'days must be a whole number' }).min(-36_500).max(36_500),
});

/**
 * Test mode only (SANDBOX_TEST_MODE=1): moving a study's storage end for the storage tests. The AI
 * tests' hook, ending an analysis, is `POST /sandbox/ai/finish` (sandboxAi.ts).
 */
export async function ordersTestRoutes(app: FastifyInstance): Promise<void> {
  const { studies } = app.sandbox;

  /** `POST ?collectFilmId=&days=`: the study's storage ends `days` from today (China); negative: it has ended. */
  app.post(`${TEST_PATH_PREFIX}/storage/expire`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { collectFilmId, days } = parseQuery(expireQuerySchema, request.query);
    if (!studies.findById(collectFilmId)) return reply.code(404).send(fail(404, `no study ${collectFilmId}`));
    const expireDate = addDays(chinaDate(new Date()), days);
    studies.setStorageEnd(collectFilmId, expireDate);
    return ok({ collectFilmId: String(collectFilmId), expireDate });
  });
}
