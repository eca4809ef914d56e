import * as z from 'zod/mini';
import type { CancelAnswer, OrderRef, ResultLookup, ViewerParams } from '../../../machines/aiOrder/aiOrder.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { isApiFailure } from '../../shared/api/failure';
import { aiDetailSchema, filmDetailSchema } from '../../shared/api/schemas';
import { allowedExternalUrl } from '../../shared/navigation/externalUrl';
import { ROUTE } from '../../shared/navigation/routes';
import { viewerHref } from '../../shared/navigation/viewerLink';

const nothing = z.nullish(z.unknown());

/** Cancel order: a refusal carries the server's msg for the toast; other failures are thrown. */
export async function cancelOrder(api: ApiClient, order: OrderRef): Promise<CancelAnswer> {
  try {
    await api.request(ENDPOINTS.ai.CancelOrder, { params: { orderId: order.orderId }, schema: nothing });
    return { ok: true };
  } catch (error) {
    if (isApiFailure(error) && error.failure.kind === 'business') return { ok: false, statusCode: error.failure.statusCode, message: error.failure.message };
    throw error;
  }
}

/**
 * The AI result of an order in status 3 (spec section 4): checkWay 1 is an external page (only an
 * allowed origin), otherwise the viewer, which needs the film detail. No detail: "message lost".
 */
export async function lookUpResult(api: ApiClient, order: OrderRef, allowedOrigins: readonly string[]): Promise<ResultLookup> {
  let detail;
  try {
    detail = await api.request(ENDPOINTS.ai.GetSJAiCheckResult, { params: { orderId: order.orderId }, schema: z.nullable(aiDetailSchema) });
  } catch (error) {
    if (isApiFailure(error) && error.failure.kind === 'business') return { kind: 'missing' };
    throw error;
  }
  if (!detail) return { kind: 'missing' };
  if (detail.checkWay === 1) {
    const url = allowedExternalUrl(detail.resultUrl, allowedOrigins);
    return url ? { kind: 'external', url } : { kind: 'refused' };
  }
  const film = await api.request(ENDPOINTS.package.HospitalStudyImageList, { params: { CollectId: order.collectFilmId }, schema: filmDetailSchema });
  return {
    kind: 'viewer',
    viewer: { checkWay: String(detail.checkWay ?? ''), wadourl: film.imServerUrl ?? '', studyuid: film.studyUId ?? '', hospid: film.orgCode ?? '' },
  };
}

/** cloudFilm with checkWay, result=2, showAi=true, wadourl, studyuid and hospid. */
export function aiViewerHref(viewer: ViewerParams): string {
  return viewerHref({ wadourl: viewer.wadourl, studyuid: viewer.studyuid, hospid: viewer.hospid, ai: { checkWay: viewer.checkWay } });
}

/** The AI result page of an order: apply progress and view reason go there (spec section 2). */
export function aiResultHref(order: OrderRef): string {
  return `${ROUTE.aiResult.path}?${new URLSearchParams({ id: order.collectFilmId }).toString()}`;
}
