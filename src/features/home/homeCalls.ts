import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { aiOrderRowSchema, pageSchema } from '../../shared/api/schemas';
import { expiringStorageSchema, type ExpiringStorage } from '../../shared/api/studySchemas';

/** AI order status 2: to be paid (spec section 4). */
const TO_BE_PAID = 2;

/** What the home tiles' badges say; a badge whose call fails is simply not shown. */
export interface HomeBadges {
  unpaidAiOrders: number | null;
  storage: ExpiringStorage | null;
}

/**
 * Background calls: the home page is also the public entry page, and a badge is no reason to send
 * a patient who has not signed in to the sign-in page.
 */
export async function loadHomeBadges(api: ApiClient, signedIn: boolean, signal: AbortSignal): Promise<HomeBadges> {
  // Nobody to ask about: the badges are a signed-in patient's.
  if (!signedIn) return { unpaidAiOrders: null, storage: null };
  const [unpaid, storage] = await Promise.allSettled([
    api.request(ENDPOINTS.ai.OrderList, {
      params: { status: TO_BE_PAID, pageIndex: 1, pageLength: 1 },
      schema: pageSchema(aiOrderRowSchema),
      signal,
      background: true,
    }),
    api.request(ENDPOINTS.yjpIndex.CheckExpireStorage, { schema: expiringStorageSchema, signal, background: true }),
  ]);
  return {
    unpaidAiOrders: unpaid.status === 'fulfilled' ? unpaid.value.totals : null,
    storage: storage.status === 'fulfilled' ? storage.value : null,
  };
}
