import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { clientLimitScale, rateLimiter, tooManyRequests } from '../../server/rateLimit';
import type { Limit } from '../../server/rateLimit';
import { tempDir } from './helpers';

const fivePerMinute: Limit = { name: 'test.five', max: 5, windowSeconds: 60, perClient: false, purpose: 'a test' };
const perClient: Limit = { ...fivePerMinute, name: 'test.client', perClient: true };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 8, 0, 0) + seconds * 1000);

function limiter(clientScale?: number) {
  return rateLimiter(openDatabase(tempDir('limits')), { clientScale });
}

describe('rate limits (GCRA)', () => {
  it('allows a burst of max, refuses the next with the wait until one is free, and counts no refused hit', () => {
    const limits = limiter();
    const verdicts = Array.from({ length: 5 }, () => limits.take(fivePerMinute, 'phone-1', at(0)));
    expect(verdicts.map((v) => [v.allowed, v.used])).toEqual([[true, 0], [true, 1], [true, 2], [true, 3], [true, 4]]);
    expect(limits.take(fivePerMinute, 'phone-1', at(0))).toEqual({ allowed: false, retryAfterSeconds: 12, used: 5 });
    expect(limits.take(fivePerMinute, 'phone-1', at(11))).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // One window/max later one more goes through, and only one.
    expect(limits.take(fivePerMinute, 'phone-1', at(12)).allowed).toBe(true);
    expect(limits.take(fivePerMinute, 'phone-1', at(12)).allowed).toBe(false);
    // A whole window later the bucket is empty again.
    expect(limits.peek(fivePerMinute, 'phone-1', at(72))).toEqual({ allowed: true, retryAfterSeconds: 0, used: 0 });
  });

  it('counts each key and each limit apart', () => {
    const limits = limiter();
    for (let i = 0; i < 5; i++) limits.take(fivePerMinute, 'phone-1', at(0));
    expect(limits.take(fivePerMinute, 'phone-1', at(0)).allowed).toBe(false);
    expect(limits.take(fivePerMinute, 'phone-2', at(0)).allowed).toBe(true);
    expect(limits.take({ ...fivePerMinute, name: 'test.other' }, 'phone-1', at(0)).allowed).toBe(true);
  });

  it('peek counts nothing; forget empties a key', () => {
    const limits = limiter();
    for (let i = 0; i < 10; i++) expect(limits.peek(fivePerMinute, 'k', at(0)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) limits.take(fivePerMinute, 'k', at(0));
    expect(limits.peek(fivePerMinute, 'k', at(0)).allowed).toBe(false);
    limits.forget(fivePerMinute, 'k');
    expect(limits.peek(fivePerMinute, 'k', at(0))).toMatchObject({ allowed: true, used: 0 });
  });

  it('require throws the 429 refusal with Retry-After and the seconds in the envelope', () => {
    const limits = limiter();
    for (let i = 0; i < 5; i++) limits.require(fivePerMinute, 'k', at(0));
    let refusal: unknown;
    try {
      limits.require(fivePerMinute, 'k', at(0));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ statusCode: 429, httpStatus: 429, headers: { 'retry-after': '12' }, result: { retryAfterSeconds: 12 } });
    expect(tooManyRequests(0).result.retryAfterSeconds).toBe(1);
  });

  it('multiplies per-client limits only, by CF_CLIENT_LIMIT_SCALE', () => {
    const limits = limiter(3);
    for (let i = 0; i < 15; i++) expect(limits.take(perClient, 'ip', at(0)).allowed).toBe(true);
    expect(limits.take(perClient, 'ip', at(0)).allowed).toBe(false);
    for (let i = 0; i < 5; i++) limits.take(fivePerMinute, 'ip', at(0));
    expect(limits.take(fivePerMinute, 'ip', at(0)).allowed).toBe(false);
    expect(clientLimitScale({})).toBe(1);
    expect(clientLimitScale({ CF_CLIENT_LIMIT_SCALE: '20' })).toBe(20);
    expect(() => clientLimitScale({ CF_CLIENT_LIMIT_SCALE: '0.5' })).toThrow(/whole number/);
  });

  it('keeps no key in the clear: buckets hold a hash', () => {
    const db = openDatabase(tempDir('limits'));
    rateLimiter(db).take(fivePerMinute, '13700001111', at(0));
    const buckets = db.prepare<[], { bucket: string }>('SELECT bucket FROM rate_limits').all().map((row) => row.bucket);
    expect(buckets).toHaveLength(1);
    expect(buckets[0]).toMatch(/^test\.five:[\w-]{22}$/);
    expect(buckets[0]).not.toContain('13700001111');
  });
});
