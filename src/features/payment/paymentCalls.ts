import * as z from 'zod/mini';
import type { PaymentIntent, PayParams, PayWay } from '../../../machines/payment/payment.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';

const inAppSchema = z.object({
  appId: z.string(),
  timeStamp: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});
const h5Schema = z.object({ h5_url: z.url(), record_no: z.string() });

/** GET pay with payway (1 in-app, 2 H5) and checkRecordId; H5 comes back to `returnUrl`. */
export async function getPayParams(api: ApiClient, intent: PaymentIntent, payWay: PayWay, returnUrl: string): Promise<PayParams> {
  const params = { payway: payWay, checkRecordId: intent.checkRecordId, returnUrl };
  if (payWay === 1) return { way: 1, params: await api.request(ENDPOINTS.ai.GetWxPayParms, { params, schema: inAppSchema }) };
  return { way: 2, params: await api.request(ENDPOINTS.ai.GetWxPayParms, { params, schema: h5Schema }) };
}

/** GET pay result for the checkRecordId: a number above 0 means paid. */
export function queryPayResult(api: ApiClient, intent: PaymentIntent): Promise<number> {
  return api.request(ENDPOINTS.ai.WxPayResultNotify, { params: { checkRecordId: intent.checkRecordId }, schema: z.number() });
}
