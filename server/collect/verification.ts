import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError, ApiFailure } from '../envelope';
import type { VerificationRecord, VerificationRepository } from '../repositories/verifications';
import { COLLECT_CODES, COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { CodeSent, CollectMethod } from '../../src/shared/api/collectSchemas';
import { maskPhone } from './masks';

/**
 * The rules of an SMS verification (COLLECT_LIMITS): a 6-digit code good for 5 minutes; a new
 * code a minute after the last at the earliest, 5 codes at most; 5 wrong codes lock it for 15
 * minutes; one right code passes it, once. The verification itself lives a day. Every rule takes
 * `now` (routes pass server/collect/clock.ts's).
 */

const VERIFICATION_TTL_MS = 86_400_000;

export const VERIFICATION_MESSAGES = {
  unknown: '验证已失效，请重新验证',
  locked: '验证码错误次数过多，请稍后再试',
  tooManySends: '验证码发送次数过多，请稍后重新验证',
  tooSoon: '验证码发送过于频繁，请稍后再试',
  codeExpired: '验证码已过期，请重新获取',
  codeWrong: '验证码不正确',
} as const;

/** Sends a code to a phone (the SMS outbox, server/collect/sms.ts). */
export type CodeDelivery = (phone: string, code: string) => void;

export interface VerificationStart {
  method: CollectMethod;
  patientId: number;
  phone: string;
  bagStudyId: number | null;
}

function newCode(): string {
  return String(randomInt(0, 10 ** COLLECT_LIMITS.codeLength)).padStart(COLLECT_LIMITS.codeLength, '0');
}

function later(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

/** Whole seconds from now until `until`, at least 1. */
function secondsUntil(until: string, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
}

function sameCode(expected: string, given: string): boolean {
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

function locked(lockedUntil: string, now: Date): ApiFailure<{ retryAfterSeconds: number }> {
  return new ApiFailure(COLLECT_CODES.tooManyAttempts, VERIFICATION_MESSAGES.locked, { retryAfterSeconds: secondsUntil(lockedUntil, now) });
}

export function verificationRules(verifications: VerificationRepository) {
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

  /** A lock that has run out is lifted, and its wrong attempts forgotten. */
  function liftOldLock(verification: VerificationRecord, now: Date): VerificationRecord {
    if (verification.lockedUntil === null || verification.lockedUntil > now.toISOString()) return verification;
    verifications.setAttempts(verification.id, 0, null);
    return { ...verification, wrongAttempts: 0, lockedUntil: null };
  }

  return {
    /** A new verification of an identified patient, with its first code sent. */
    start(start: VerificationStart, deliver: CodeDelivery, now: Date): CodeSent {
      const id = randomBytes(18).toString('base64url');
      const code = newCode();
      verifications.create({ ...start, id, code, codeExpiresAt: later(now, COLLECT_LIMITS.codeTtlSeconds), now });
      deliver(start.phone, code);
      return codeSent({ id, phone: start.phone });
    },

    /** A new code for the verification, replacing the last one: 4010, 4006 locked, 4008 too many, 4007 too soon. */
    resend(id: string, method: CollectMethod, deliver: CodeDelivery, now: Date): CodeSent {
      const verification = liftOldLock(open(id, method, now), now);
      if (verification.lockedUntil !== null) throw locked(verification.lockedUntil, now);
      if (verification.sends >= COLLECT_LIMITS.maxSends) {
        throw new ApiError(COLLECT_CODES.tooManySends, VERIFICATION_MESSAGES.tooManySends);
      }
      const resendAt = later(new Date(verification.lastSentAt), COLLECT_LIMITS.resendAfterSeconds);
      if (resendAt > now.toISOString()) {
        throw new ApiFailure(COLLECT_CODES.resendTooSoon, VERIFICATION_MESSAGES.tooSoon, { retryAfterSeconds: secondsUntil(resendAt, now) });
      }
      const code = newCode();
      verifications.recordResend(id, code, later(now, COLLECT_LIMITS.codeTtlSeconds), now);
      deliver(verification.phone, code);
      return codeSent(verification);
    },

    /**
     * Checks a code: 4010, 4006 locked, 4005 expired, 4004 wrong ({ attemptsLeft }; the last
     * wrong one locks it: 4006). The right code passes the verification, which cannot be used
     * again; answers it.
     */
    check(id: string, method: CollectMethod, code: string, now: Date): VerificationRecord {
      const verification = liftOldLock(open(id, method, now), now);
      if (verification.lockedUntil !== null) throw locked(verification.lockedUntil, now);
      if (verification.codeExpiresAt <= now.toISOString()) throw new ApiError(COLLECT_CODES.codeExpired, VERIFICATION_MESSAGES.codeExpired);
      if (!sameCode(verification.code, code.trim())) {
        const wrongAttempts = verification.wrongAttempts + 1;
        if (wrongAttempts >= COLLECT_LIMITS.maxWrongAttempts) {
          const lockedUntil = later(now, COLLECT_LIMITS.lockSeconds);
          verifications.setAttempts(id, wrongAttempts, lockedUntil);
          throw locked(lockedUntil, now);
        }
        verifications.setAttempts(id, wrongAttempts, null);
        throw new ApiFailure(COLLECT_CODES.codeWrong, VERIFICATION_MESSAGES.codeWrong, {
          attemptsLeft: COLLECT_LIMITS.maxWrongAttempts - wrongAttempts,
        });
      }
      if (!verifications.markVerified(id, now)) throw new ApiError(COLLECT_CODES.verificationUnknown, VERIFICATION_MESSAGES.unknown);
      return verification;
    },
  };
}

export type VerificationRules = ReturnType<typeof verificationRules>;
