import * as z from 'zod/mini';
import type { PaymentIntent } from '../../../machines/payment/payment.types';
import type { SafeStorage } from '../../shared/state/safeStorage';

/**
 * A payment handed to the H5 pay page. Coming back is a new page load, so the intent is kept in
 * sessionStorage until the server has said how it ended.
 */
export const PENDING_PAYMENT_KEY = 'cf.pendingPayment';
/** An H5 payment older than this is not resumed: the patient has moved on. */
export const PENDING_PAYMENT_MAX_AGE_MS = 30 * 60 * 1000;

const storedSchema = z.object({
  v: z.literal(1),
  intent: z.object({ checkRecordId: z.int(), orderId: z.string() }),
  savedAt: z.number(),
});

export function createPendingPayments(storage: SafeStorage, now: () => number = Date.now) {
  return {
    save(intent: PaymentIntent) {
      storage.set(PENDING_PAYMENT_KEY, JSON.stringify({ v: 1, intent, savedAt: now() }));
    },
    /** The payment to resume, if one is waiting and recent enough. */
    load(): PaymentIntent | null {
      try {
        const parsed = storedSchema.safeParse(JSON.parse(storage.get(PENDING_PAYMENT_KEY) ?? 'null'));
        if (parsed.success && now() - parsed.data.savedAt <= PENDING_PAYMENT_MAX_AGE_MS) return parsed.data.intent;
      } catch {
        // A corrupted value resumes nothing.
      }
      storage.remove(PENDING_PAYMENT_KEY);
      return null;
    },
    clear() {
      storage.remove(PENDING_PAYMENT_KEY);
    },
  };
}
export type PendingPayments = ReturnType<typeof createPendingPayments>;
