import * as z from 'zod/mini';
import type { OrderRef, ResultLookup, ViewerParams } from '../../../machines/aiOrder/aiOrder.types';
import type { ApiClient } from '../api/client';
import { ENDPOINTS } from '../api/endpoints';
import { businessFailure } from '../api/failure';
import { aiDetailSchema, filmDetailSchema } from '../api/schemas';
import { allowedExternalUrl } from '../navigation/externalUrl';
import { ROUTE } from '../navigation/routes';
import { viewerHref } from '../navigation/viewerLink';

/** Where a finished AI result opens: the provider's page, the app's viewer, or nowhere allowed. */
export type ResultLink = Extract<ResultLookup, { kind: 'external' | 'viewer' | 'refused' }>;

/**
 * Where the AI detail of an order in status 3 leads (spec section 4): checkWay 1 is the provider's
 * page, only on an origin the configuration allows; otherwise the viewer with the AI overlay, which
 * needs the study's film detail.
 */
export async function resultLinkOf(
  api: ApiClient,
  detail: { checkWay?: number | null; resultUrl?: string | null },
  collectFilmId: string,
  allowedOrigins: readonly string[],
  signal?: AbortSignal,
): Promise<ResultLink> {
  if (detail.checkWay === 1) {
    const url = allowedExternalUrl(detail.resultUrl, allowedOrigins);
    return url ? { kind: 'external', url } : { kind: 'refused' };
  }
  const film = await api.request(ENDPOINTS.package.HospitalStudyImageList, { params: { CollectId: collectFilmId }, schema: filmDetailSchema, signal });
  return {
    kind: 'viewer',
    viewer: { checkWay: String(detail.checkWay ?? ''), wadourl: film.imServerUrl ?? '', studyuid: film.studyUId ?? '', hospid: film.orgCode ?? '' },
  };
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
    if (businessFailure(error)) return { kind: 'missing' };
    throw error;
  }
  if (!detail) return { kind: 'missing' };
  return resultLinkOf(api, detail, order.collectFilmId, allowedOrigins);
}

/** cloudFilm with checkWay, result=2, showAi=true, wadourl, studyuid and hospid. */
export function aiViewerHref(viewer: ViewerParams): string {
  return viewerHref({ wadourl: viewer.wadourl, studyuid: viewer.studyuid, hospid: viewer.hospid, ai: { checkWay: viewer.checkWay } });
}

/** The query key of the order the progress and result pages show. */
export const ORDER_ID_QUERY = 'orderId';

/**
 * The result page of one order of a study: `?id=<collectFilmId>` as spec section 2 words it, and the
 * order, so an older order of the same study shows itself rather than the study's newest.
 */
export function aiResultPageHref(order: { collectFilmId: string; orderId: string }): string {
  return `${ROUTE.aiResult.path}?${new URLSearchParams({ id: order.collectFilmId, [ORDER_ID_QUERY]: order.orderId }).toString()}`;
}
