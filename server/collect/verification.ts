import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, ApiFailure } from '../envelope';
import { defineLimit, tooManyRequests } from '../rateLimit';
import type { Limit, RateLimiter } from '../rateLimit';
import type { VerificationRecord, VerificationRepository } from '../repositories/verifications';
import { COLLECT_CODES, COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { CodeSent, CollectMethod } from '../../src/shared/api/collectSchemas';
import { takeAll } from './limits';
import type { Hit } from './limits';
import { maskPhone } from './masks';

/**
 * The rules of an SMS verification (COLLECT_LIMITS): a 6-digit code good for 5 minutes; a new
 * code a minute after the last at the earliest, 5 codes at most; one right code passes it, once.
 * The verification itself lives a day. Every rule takes `now` (routes pass server/collect/clock.ts's).
 *
 * What would let a stranger spam or guess is counted per mobile number, whatever verification it
 * goes through (issue 22: a new image code used to start a new verification, with fresh counts,
 * at once), and per client: sends (a minute apart, 5 an hour, 10 a day per number), wrong codes
 * (5 within 15 minutes lock the number for 15 minutes: no code is checked or sent; 20 a day at
 * most). A right code forgets the number's wrong codes.
 */

const VERIFICATION_TTL_MS = 86_400_000;

export const VERIFICATION_MESSAGES = {
  unknown: '验证已失效，请重新验证',
  locked: '验证码错误次数过多，请稍后再试',
  tooManySends: '验证码发送次数过多，请稍后重新验证',
  tooSoon: '验证码发送过于频繁，请稍后再试',
  codeExpired: '验证码已过期，请重新获取',
  codeWrong: '验证码不正确',
  smsLimited: '短信发送过于频繁，请稍后再试',
  guessLimited: '验证码尝试过于频繁，请稍后再试',
} as const;

const sms = (name: string, max: number, windowSeconds: number, purpose: string): Limit =>
  defineLimit({ name: `collect.sms.${name}`, max, windowSeconds, perClient: false, purpose });

export const SMS_LIMITS = {
  perMinute: sms('phone.minute', 1, 60, 'SMS codes to one mobile number a minute, whatever verification asks'),
  perHour: sms('phone.hour', 5, 3600, 'SMS codes to one mobile number an hour'),
  perDay: sms('phone.day', 10, 86_400, 'SMS codes to one mobile number a day'),
  perClient: defineLimit({ name: 'collect.sms.client', max: 20, windowSeconds: 3600, perClient: true, purpose: 'SMS codes one client may have sent' }),
  wrongCodes: sms('wrong.phone', COLLECT_LIMITS.maxWrongAttempts, COLLECT_LIMITS.lockSeconds, 'wrong SMS codes for one mobile number before it is locked'),
  lock: sms('wrong.phone.lock', 1, COLLECT_LIMITS.lockSeconds, 'a mobile number locked after too many wrong codes: no code checked or sent'),
  wrongCodesPerDay: sms('wrong.phone.day', 20, 86_400, 'wrong SMS codes for one mobile number a day'),
  wrongCodesPerClient: defineLimit({ name: 'collect.sms.wrong.client', max: 30, windowSeconds: 3600, perClient: true, purpose: 'wrong SMS codes one client may type' }),
} as const;

/** Sends a code to a phone (the SMS outbox, server/collect/sms.ts). */
export type CodeDelivery = (phone: string, code: string) => void;

export interface VerificationStart {
  method: CollectMethod;
  patientId: number;
  phone: string;
  bagStudyId: number | null;
}

/** A fresh SMS code: COLLECT_LIMITS.codeLength digits. */
export function newCode(): string {
  return String(randomInt(0, 10 ** COLLECT_LIMITS.codeLength)).padStart(COLLECT_LIMITS.codeLength, '0');
}

export function later(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

/** Whole seconds from now until `until`, at least 1. */
function secondsUntil(until: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
}

/** Compares a typed code with the one sent, in constant time. */
export function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function codeSent(verification: Pick<VerificationRecord, 'id' | 'phone'>): CodeSent {
  return {
    verificationId: verification.id,
    phoneMasked: maskPhone(verification.phone),
    codeLength: COLLECT_LIMITS.codeLength,
    expiresInSeconds: COLLECT_LIMITS.codeTtlSeconds,
    resendAfterSeconds: COLLECT_LIMITS.resendAfterSeconds,
  };
}

function locked(retryAfterSeconds: number): ApiFailure<{ retryAfterSeconds: number }> {
  return new ApiFailure(COLLECT_CODES.tooManyAttempts, VERIFICATION_MESSAGES.locked, { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
}

/** The caller: whose limits count the request (server/rateLimit.ts's clientOf). */
export interface Caller {
  client: string;
  now: Date;
}

/** What a wrong code comes to: tries left before the number locks, or the lock it just set. */
export type WrongCode = { kind: 'wrong'; attemptsLeft: number } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * The SMS_LIMITS on one mobile number and one client, whatever sends the code or checks it (the
 * collect calls, the identity provider's sign-in by SMS): each answers a wait in seconds, 0 for go.
 */
export function phoneCodeLimits(limits: RateLimiter) {
  /** Seconds the number stays locked (too many wrong codes lately, or today), or 0. */
  function lockWait(phone: string, now: Date): number {
    const refused = [SMS_LIMITS.lock, SMS_LIMITS.wrongCodesPerDay].map((limit) => limits.peek(limit, phone, now)).filter((verdict) => !verdict.allowed);
    return Math.max(0, ...refused.map((verdict) => verdict.retryAfterSeconds));
  }

  return {
    lockWait,

    /** Counts one SMS to the number and the client: 0, or the wait past a limit (counting nothing). */
    takeSend(phone: string, { client, now }: Caller): number {
      const perPhone = [SMS_LIMITS.perMinute, SMS_LIMITS.perHour, SMS_LIMITS.perDay].map((limit): Hit => [limit, phone]);
      return takeAll(limits, [...perPhone, [SMS_LIMITS.perClient, client]], now);
    },

    /** Seconds before the client may type another code, when it typed too many wrong ones, or 0. */
    guessWait({ client, now }: Caller): number {
      const guesses = limits.peek(SMS_LIMITS.wrongCodesPerClient, client, now);
      return guesses.allowed ? 0 : guesses.retryAfterSeconds;
    },

    /** A wrong code, counted on the number and the client; the last one allowed locks the number. */
    wrongCode(phone: string, { client, now }: Caller): WrongCode {
      limits.take(SMS_LIMITS.wrongCodesPerClient, client, now);
      const left = (limit: Limit) => {
        const verdict = limits.take(limit, phone, now);
        return verdict.allowed ? limit.max - verdict.used - 1 : 0;
      };
      const attemptsLeft = Math.min(left(SMS_LIMITS.wrongCodes), left(SMS_LIMITS.wrongCodesPerDay));
      if (attemptsLeft > 0) return { kind: 'wrong', attemptsLeft };
      limits.take(SMS_LIMITS.lock, phone, now);
      return { kind: 'locked', retryAfterSeconds: Math.max(1, lockWait(phone, now)) };
    },

    /** A right code forgets the number's wrong codes. */
    rightCode(phone: string): void {
      limits.forget(SMS_LIMITS.wrongCodes, phone);
      limits.forget(SMS_LIMITS.wrongCodesPerDay, phone);
    },
  };
}

export function verificationRules(verifications: VerificationRepository, limits: RateLimiter) {
  const phones = phoneCodeLimits(limits);

  /**
   * The open verification of that id made for that method: not passed yet, not a day old.
   * Anything else is 4010 (a name-and-phone verification used through the national-ID calls too).
   */
  function open(id: string, method: CollectMethod, now: Date): VerificationRecord {
    const verification = verifications.find(id);
    const alive = verification && now.getTime() - Date.parse(verification.createdAt) < VERIFICATION_TTL_MS;
    if (!verification || !alive || verification.method !== method || verification.verifiedAt !== null) {
      throw new ApiError(COLLECT_CODES.verificationUnknown, VERIFICATION_MESSAGES.unknown);
    }
    return verification;
  }

  /** 4006 while the number is locked, with the wait. */
  function requireUnlocked(phone: string, now: Date): void {
    const wait = phones.lockWait(phone, now);
    if (wait > 0) throw locked(wait);
  }

  /** Counts one SMS to the number and the client, or 429 (counting nothing) past a limit. */
  function countSend(phone: string, caller: Caller): void {
    const wait = phones.takeSend(phone, caller);
    if (wait > 0) throw tooManyRequests(wait, VERIFICATION_MESSAGES.smsLimited);
  }

  /** A wrong code: 4004 with the tries left, or 4006 when none are left (the number locks). */
  function wrongCode(phone: string, caller: Caller): ApiError {
    const verdict = phones.wrongCode(phone, caller);
    if (verdict.kind === 'wrong') return new ApiFailure(COLLECT_CODES.codeWrong, VERIFICATION_MESSAGES.codeWrong, { attemptsLeft: verdict.attemptsLeft });
    return locked(verdict.retryAfterSeconds);
  }

  return {
    /** A new verification of an identified patient, with its first code sent: 4006 locked, 429 past a send limit. */
    start(start: VerificationStart, deliver: CodeDelivery, caller: Caller): CodeSent {
      requireUnlocked(start.phone, caller.now);
      const id = randomBytes(18).toString('base64url');
      const code = newCode();
      countSend(start.phone, caller);
      verifications.create({ ...start, id, code, codeExpiresAt: later(caller.now, COLLECT_LIMITS.codeTtlSeconds), now: caller.now });
      deliver(start.phone, code);
      return codeSent({ id, phone: start.phone });
    },

    /** A new code for the verification, replacing the last one: 4010, 4006 locked, 4008 too many, 4007 too soon, 429 past a send limit. */
    resend(id: string, method: CollectMethod, deliver: CodeDelivery, caller: Caller): CodeSent {
      const { now } = caller;
      const verification = open(id, method, now);
      requireUnlocked(verification.phone, now);
      if (verification.sends >= COLLECT_LIMITS.maxSends) {
        throw new ApiError(COLLECT_CODES.tooManySends, VERIFICATION_MESSAGES.tooManySends);
      }
      const resendAt = later(new Date(verification.lastSentAt), COLLECT_LIMITS.resendAfterSeconds);
      if (resendAt > now.toISOString()) {
        throw new ApiFailure(COLLECT_CODES.resendTooSoon, VERIFICATION_MESSAGES.tooSoon, { retryAfterSeconds: secondsUntil(resendAt, now) });
      }
      const code = newCode();
      countSend(verification.phone, caller);
      verifications.recordResend(id, code, later(now, COLLECT_LIMITS.codeTtlSeconds), now);
      deliver(verification.phone, code);
      return codeSent(verification);
    },

    /**
     * Checks a code: 4010, 4006 locked, 429 past the client's wrong codes, 4005 expired, 4004
     * wrong ({ attemptsLeft }; the last wrong one locks the number: 4006). The right code passes
     * the verification, which cannot be used again, and forgets the number's wrong codes; answers it.
     */
    check(id: string, method: CollectMethod, code: string, caller: Caller): VerificationRecord {
      const { now } = caller;
      const verification = open(id, method, now);
      requireUnlocked(verification.phone, now);
      const guessWait = phones.guessWait(caller);
      if (guessWait > 0) throw tooManyRequests(guessWait, VERIFICATION_MESSAGES.guessLimited);
      if (verification.codeExpiresAt <= now.toISOString()) throw new ApiError(COLLECT_CODES.codeExpired, VERIFICATION_MESSAGES.codeExpired);
      if (!sameCode(verification.code, code.trim())) throw wrongCode(verification.phone, caller);
      if (!verifications.markVerified(id, now)) throw new ApiError(COLLECT_CODES.verificationUnknown, VERIFICATION_MESSAGES.unknown);
      phones.rightCode(verification.phone);
      return verification;
    },
  };
}

export type VerificationRules = ReturnType<typeof verificationRules>;

/** Test mode: every count on the number starts again (sends, wrong codes, the lock). */
export function forgetPhone(limits: RateLimiter, phone: string): void {
  for (const limit of Object.values(SMS_LIMITS)) if (!limit.perClient) limits.forget(limit, phone);
}
