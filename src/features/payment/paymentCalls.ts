import * as z from 'zod/mini';
import {
  h5PayParamsSchema,
  inAppPayParamsSchema,
  PAY_WAY,
  type PayParams,
  type PayRequest,
  type Purchase,
  type PurchaseKind,
} from '../../../machines/payment/payment.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS, type Endpoint } from '../../shared/api/endpoints';
import { ApiFailure } from '../../shared/api/failure';
import { allowedExternalUrl } from '../../shared/navigation/externalUrl';

/** Which calls pay for which kind of order: a new kind of purchase is a row here, nothing more. */
const PAY_CALLS: Record<PurchaseKind, { pay: Endpoint; result: Endpoint }> = {
  aiOrder: { pay: ENDPOINTS.ai.GetWxPayParms, result: ENDPOINTS.ai.WxPayResultNotify },
  storageOrder: { pay: ENDPOINTS.image.pay, result: ENDPOINTS.image.WxPayResultNotify },
};

/**
 * GET pay with payway (1 in-app, 2 H5) and checkRecordId; the H5 page comes back to `returnUrl`.
 * The app goes to the H5 page only on an origin the configuration allows (`allowedOrigins`, as for
 * AI result pages): a pay page elsewhere, or a `javascript:` one, is an answer the app cannot take.
 */
export async function getPayParams(api: ApiClient, { purchase, payWay, returnUrl }: PayRequest, allowedOrigins: readonly string[]): Promise<PayParams> {
  const endpoint = PAY_CALLS[purchase.kind].pay;
  const params = { payway: payWay, checkRecordId: purchase.checkRecordId, returnUrl };
  if (payWay === PAY_WAY.inApp) return { way: PAY_WAY.inApp, params: await api.request(endpoint, { params, schema: inAppPayParamsSchema }) };
  const h5 = await api.request(endpoint, { params, schema: h5PayParamsSchema });
  const h5Url = allowedExternalUrl(h5.h5_url, allowedOrigins);
  if (!h5Url) throw new ApiFailure({ kind: 'malformed', detail: 'the H5 pay page is not on an allowed origin' }, endpoint);
  return { way: PAY_WAY.h5, params: { ...h5, h5_url: h5Url } };
}

/** GET pay result for the checkRecordId: a number above 0 means paid. */
export function queryPayResult(api: ApiClient, purchase: Purchase): Promise<number> {
  return api.request(PAY_CALLS[purchase.kind].result, { params: { checkRecordId: purchase.checkRecordId }, schema: z.number() });
}
