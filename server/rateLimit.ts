import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SqliteDatabase } from './db';
import { ApiFailure } from './envelope';
import { RATE_LIMITED_STATUS_CODE } from '../src/shared/api/envelope';
import type { RateLimited } from '../src/shared/api/envelope';

/**
 * Abuse limits (issue 22), one mechanism for all of them: `max` hits per `windowSeconds`, counted
 * per key (a client, a phone number, an account, a national ID). It is GCRA, the generic cell rate
 * algorithm: a bucket stores one number, the time at which it would be empty again, so a burst of
 * `max` is allowed at once and after that one hit every window/max (so a window that starts
 * with the burst may see up to 2 × max - 1, and a day no more than a day's rate). Buckets live
 * in SQLite, so a restart does not reset a lock, and keys are hashed, so the table holds no phone
 * number or ID.
 */
export interface Limit {
  /** Unique among limits; part of every bucket's key. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  /**
   * Counted per client (the request's address). Such limits are multiplied by the deployment's
   * `clientScale` (CF_CLIENT_LIMIT_SCALE): the browser tests are hundreds of visitors from one address.
   */
  readonly perClient: boolean;
  /** What it stops, for docs/security.md and whoever reads a refusal in the log. */
  readonly purpose: string;
}

const registered = new Map<string, Limit>();

/** Declares a limit once, where it is used; `registeredLimits()` lists them all (the security tests check each). */
export function defineLimit(limit: Limit): Limit {
  if (registered.has(limit.name)) throw new Error(`limit ${limit.name} is defined twice`);
  registered.set(limit.name, limit);
  return limit;
}

export function registeredLimits(): Limit[] {
  return [...registered.values()];
}

export interface Verdict {
  allowed: boolean;
  /** Whole seconds until one more hit would be allowed; 0 when it would be now. */
  retryAfterSeconds: number;
  /** Hits still counted in the window, before this one. */
  used: number;
}

/** The request's client: its address (behind a proxy, the deployment sets Fastify's trustProxy so this is the visitor's). */
export function clientOf(request: FastifyRequest): string {
  return request.ip;
}

/** Refused by a limit: HTTP 429 with Retry-After, and the envelope says when to try again. */
export function tooManyRequests(retryAfterSeconds: number, message = '操作过于频繁，请稍后再试'): ApiFailure<RateLimited> {
  const seconds = Math.max(1, retryAfterSeconds);
  return new ApiFailure(RATE_LIMITED_STATUS_CODE, message, { retryAfterSeconds: seconds }, 429, { 'retry-after': String(seconds) });
}

/**
 * CF_CLIENT_LIMIT_SCALE: per-client limits are multiplied by it (a whole number, 1 by default).
 * Only for a deployment whose visitors share one address: the browser tests.
 */
export function clientLimitScale(env: NodeJS.ProcessEnv): number {
  const value = env.CF_CLIENT_LIMIT_SCALE?.trim();
  if (!value) return 1;
  const scale = Number(value);
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`CF_CLIENT_LIMIT_SCALE must be a whole number from 1, got "${value}"`);
  return scale;
}

/** How often stale buckets are swept: every this many hits. */
const SWEEP_EVERY = 500;

export function rateLimiter(db: SqliteDatabase, options: { clientScale?: number } = {}) {
  const clientScale = Math.max(1, options.clientScale ?? 1);
  const read = db.prepare<[string], { tat: number }>('SELECT tat_ms AS tat FROM rate_limits WHERE bucket = ?');
  const write = db.prepare<[string, number]>(
    'INSERT INTO rate_limits (bucket, tat_ms) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE SET tat_ms = excluded.tat_ms',
  );
  const remove = db.prepare<[string]>('DELETE FROM rate_limits WHERE bucket = ?');
  const sweep = db.prepare<[number]>('DELETE FROM rate_limits WHERE tat_ms < ?');
  let hits = 0;

  const maxOf = (limit: Limit) => (limit.perClient ? limit.max * clientScale : limit.max);
  const bucketOf = (limit: Limit, key: string) => `${limit.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;

  function judge(limit: Limit, key: string, now: Date, cost: number): Verdict & { tat: number; bucket: string } {
    const window = limit.windowSeconds * 1000;
    const interval = window / maxOf(limit);
    const bucket = bucketOf(limit, key);
    const at = now.getTime();
    const tat = Math.max(read.get(bucket)?.tat ?? at, at);
    const next = tat + interval * cost;
    const allowAt = next - window;
    const used = Math.max(0, Math.ceil((tat - at) / interval - 1e-9));
    return { allowed: allowAt <= at, retryAfterSeconds: allowAt <= at ? 0 : Math.ceil((allowAt - at) / 1000), used, tat: next, bucket };
  }

  /** Counts one hit (or `cost`) when it is allowed; a refused hit is not counted. */
  function take(limit: Limit, key: string, now: Date = new Date(), cost = 1): Verdict {
    return db
      .transaction((): Verdict => {
        const { tat, bucket, ...verdict } = judge(limit, key, now, cost);
        if (verdict.allowed) write.run(bucket, tat);
        if (++hits % SWEEP_EVERY === 0) sweep.run(now.getTime());
        return verdict;
      })
      .immediate();
  }

  return {
    clientScale,
    take,

    /** Whether one more hit would be allowed now, counting nothing. */
    peek(limit: Limit, key: string, now: Date = new Date()): Verdict {
      const { allowed, retryAfterSeconds, used } = judge(limit, key, now, 1);
      return { allowed, retryAfterSeconds, used };
    },

    /** take, or the 429 that says when to try again. */
    require(limit: Limit, key: string, now: Date = new Date(), message?: string): void {
      const verdict = take(limit, key, now);
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, message);
    },

    /** Forgets a key's hits (a right password ends the wrong ones' count). */
    forget(limit: Limit, key: string): void {
      remove.run(bucketOf(limit, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
