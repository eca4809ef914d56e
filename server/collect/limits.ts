import type { Limit, RateLimiter } from '../rateLimit';
import { tooManyRequests } from '../rateLimit';

/** One hit of a limit, on one key (a client, a phone number, a national ID, a film bag). */
export type Hit = readonly [Limit, string];

/**
 * Counts a hit on every one of the limits, or on none: when one of them refuses, the 429 says
 * the longest wait among those that refused, and nothing is counted (a refused SMS must not use
 * up the hour's sends too).
 */
export function requireAll(limits: RateLimiter, hits: readonly Hit[], now: Date, message?: string): void {
  const wait = takeAll(limits, hits, now);
  if (wait > 0) throw tooManyRequests(wait, message);
}

/** requireAll's count without the 429: 0 when every hit was counted, else the longest wait (nothing counted). */
export function takeAll(limits: RateLimiter, hits: readonly Hit[], now: Date): number {
  const waits = hits.map(([limit, key]) => limits.peek(limit, key, now)).filter((verdict) => !verdict.allowed);
  if (waits.length > 0) return Math.max(...waits.map((verdict) => verdict.retryAfterSeconds));
  for (const [limit, key] of hits) limits.take(limit, key, now);
  return 0;
}
