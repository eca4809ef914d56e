import * as z from 'zod/mini';
import type { CancelAnswer, OrderRef } from '../../../machines/aiOrder/aiOrder.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';

const nothing = z.nullish(z.unknown());

/** Cancel order: a refusal carries the server's msg for the toast; other failures are thrown. */
export async function cancelOrder(api: ApiClient, order: OrderRef): Promise<CancelAnswer> {
  try {
    await api.request(ENDPOINTS.ai.CancelOrder, { params: { orderId: order.orderId }, schema: nothing });
    return { ok: true };
  } catch (error) {
    const refusal = businessFailure(error);
    if (refusal) return { ok: false, statusCode: refusal.statusCode, message: refusal.message };
    throw error;
  }
}
