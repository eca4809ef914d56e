import * as z from 'zod/mini';
import { purchaseSchema, type Purchase } from '../../../machines/payment/payment.types';
import type { SafeStorage } from '../../shared/state/safeStorage';

/**
 * A purchase handed to the H5 pay page. Coming back is a new page load, so it is kept in
 * sessionStorage until the server has said how the payment ended.
 */
export const PENDING_PAYMENT_KEY = 'cf.pendingPayment';
/** An H5 payment older than this is not resumed: the patient has moved on. */
export const PENDING_PAYMENT_MAX_AGE_MS = 30 * 60 * 1000;

const storedSchema = z.object({ v: z.literal(2), purchase: purchaseSchema, savedAt: z.number() });

export function createPendingPayments(storage: SafeStorage, now: () => number = Date.now) {
  return {
    save(purchase: Purchase) {
      storage.set(PENDING_PAYMENT_KEY, JSON.stringify({ v: 2, purchase, savedAt: now() }));
    },
    /** The purchase to resume, if one is waiting and recent enough. */
    load(): Purchase | null {
      try {
        const parsed = storedSchema.safeParse(JSON.parse(storage.get(PENDING_PAYMENT_KEY) ?? 'null'));
        if (parsed.success && now() - parsed.data.savedAt <= PENDING_PAYMENT_MAX_AGE_MS) return parsed.data.purchase;
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
