import * as z from 'zod/mini';
import type { SubmitOutcome as Outcome } from '../../../machines/purchase/purchase.types';
import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import { purchaseOf } from '../../../machines/payment/payment.types';
import { resultLinkOf, type ResultLink } from '../../shared/ai/aiResultLink';
import {
  AI_APPLY_CODES,
  aiChannelListSchema,
  aiOrderCreatedSchema,
  aiOrderInfoSchema,
  aiResultSchema,
  aiStudyListSchema,
  type AiChannel,
  type AiOrderInfo,
  type AiResult,
  type AiStudy,
} from '../../shared/api/aiApplySchemas';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';

/** Why an order was not made: the server's refusals (AI_APPLY_CODES), as the screen words them. */
export type AiApplyProblem = 'channelUnavailable' | 'notOffered' | 'studyNotFound';
type SubmitOutcome = Outcome<AiApplyProblem>;

const PROBLEM_OF_CODE: Record<number, AiApplyProblem> = {
  [AI_APPLY_CODES.channelUnavailable]: 'channelUnavailable',
  [AI_APPLY_CODES.notOffered]: 'notOffered',
  [AI_APPLY_CODES.studyNotFound]: 'studyNotFound',
};

/** The server's refusal as the screen words it, or null for any other failure. */
const problemOf = (error: unknown): AiApplyProblem | null => PROBLEM_OF_CODE[businessFailure(error)?.statusCode ?? -1] ?? null;

/** GET V1.0/AI/list: the patient's studies AI can analyse, newest first, each with its latest order. */
export async function loadAiStudies(api: ApiClient, signal: AbortSignal): Promise<{ studies: AiStudy[] }> {
  return api.request(ENDPOINTS.ai.list, { schema: aiStudyListSchema, signal });
}

export type ApplyPage = { kind: 'ready'; study: AiStudy | null; channels: AiChannel[] } | { kind: 'refused'; problem: AiApplyProblem };

/** One study's channels (AI/channelList) and its latest order (from AI/list); a refusal is said, not thrown. */
export async function loadApplyPage(api: ApiClient, collectFilmId: string, signal: AbortSignal): Promise<ApplyPage> {
  try {
    const [channels, list] = await Promise.all([
      api.request(ENDPOINTS.ai.channelList, { params: { id: collectFilmId }, schema: aiChannelListSchema, signal }),
      loadAiStudies(api, signal),
    ]);
    return { kind: 'ready', channels: channels.channels, study: list.studies.find((study) => study.collectFilmId === collectFilmId) ?? null };
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { kind: 'refused', problem };
    throw error;
  }
}

/** POST V1.0/AI/submmit { id, channelId }: the order (new, or the same one again), or a refusal. */
export async function submitAiOrder(api: ApiClient, request: { collectFilmId: string; channelId: string }, signal: AbortSignal): Promise<SubmitOutcome> {
  try {
    const order = await api.request(ENDPOINTS.ai.submmit, { data: { id: request.collectFilmId, channelId: request.channelId }, schema: aiOrderCreatedSchema, signal });
    return { ok: true, purchase: purchaseOf('aiOrder', order) };
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { ok: false, problem };
    throw error;
  }
}

const LOST = new Set<number>([AI_APPLY_CODES.orderNotFound, AI_APPLY_CODES.studyNotFound]);

/** GET V1.0/AI/info by order (`orderId`) or by study (`id`: its latest order); no such order is `found: false`. */
export async function loadAiInfo(api: ApiClient, query: { orderId: string } | { id: string }, signal?: AbortSignal): Promise<{ found: true; info: AiOrderInfo } | { found: false }> {
  try {
    return { found: true, info: await api.request(ENDPOINTS.ai.info, { params: query, schema: aiOrderInfoSchema, signal }) };
  } catch (error) {
    if (LOST.has(businessFailure(error)?.statusCode ?? -1)) return { found: false };
    throw error;
  }
}

/** What the result page shows of an order. */
export type AiResultPage =
  | { kind: 'missing' }
  /** Queued, analysing or to be paid: the progress page shows it. */
  | { kind: 'progress'; orderId: string }
  | { kind: 'succeeded'; info: AiOrderInfo; result: AiResult; link: ResultLink }
  | { kind: 'failed'; info: AiOrderInfo; reason: string | null }
  | { kind: 'closed'; info: AiOrderInfo };

/**
 * aiResult: AI/info for the order (or the study's latest) and GetSJAiCheckResult; a finished one
 * also says where its images with the findings open (the viewer, or the provider's allowed page).
 */
export async function loadAiResult(
  api: ApiClient,
  request: { collectFilmId: string; orderId: string },
  allowedOrigins: readonly string[],
  signal: AbortSignal,
): Promise<AiResultPage> {
  if (!request.orderId && !request.collectFilmId) return { kind: 'missing' };
  const answer = await loadAiInfo(api, request.orderId ? { orderId: request.orderId } : { id: request.collectFilmId }, signal);
  if (!answer.found) return { kind: 'missing' };
  const { info } = answer;
  if (info.status === AI_ORDER_STATUS.closed) return { kind: 'closed', info };
  if (info.status !== AI_ORDER_STATUS.succeeded && info.status !== AI_ORDER_STATUS.failed) return { kind: 'progress', orderId: info.orderId };
  let result: AiResult | null;
  try {
    result = await api.request(ENDPOINTS.ai.GetSJAiCheckResult, { params: { orderId: info.orderId }, schema: z.nullable(aiResultSchema), signal });
  } catch (error) {
    if (businessFailure(error)) return { kind: 'missing' };
    throw error;
  }
  if (info.status === AI_ORDER_STATUS.failed) return { kind: 'failed', info, reason: info.failureReason ?? result?.failureReason ?? null };
  if (!result) return { kind: 'missing' };
  const link = await resultLinkOf(api, { checkWay: result.checkWay ?? info.checkWay, resultUrl: result.resultUrl }, info.collectFilmId, allowedOrigins, signal);
  return { kind: 'succeeded', info, result, link };
}
