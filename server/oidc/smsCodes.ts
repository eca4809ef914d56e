import { randomBytes } from 'node:crypto';
import { later, newCode, phoneCodeLimits, sameCode } from '../collect/verification';
import type { Caller, CodeDelivery, WrongCode } from '../collect/verification';
import { maskPhone } from '../collect/masks';
import type { RateLimiter } from '../rateLimit';
import type { SignInCodePurpose, SignInCodeRepository } from '../repositories/signInCodes';
import { COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';

/**
 * Signing in, or setting a new password, by an SMS code at the identity provider (issue 27 §6).
 * The code is the collect calls' (6 digits, 5 minutes, one right answer) and so are the limits:
 * the SMS_LIMITS per mobile number and per client, counted together with collecting's.
 *
 * No one learns from it whose number is whose: a number that belongs to no patient is counted,
 * limited and answered exactly like one that does; only no SMS goes to it, and no code it is
 * given passes (each is a wrong one, counted like any other).
 */

/** A mobile number in China: 11 digits from 1. Spaces and dashes a patient types to group them are dropped. */
const MOBILE_NUMBER = /^1\d{10}$/;

export function mobileNumberOf(typed: string): string | null {
  const phone = typed.replace(/[\s-]/g, '');
  return MOBILE_NUMBER.test(phone) ? phone : null;
}

export type CodeSendOutcome =
  | { kind: 'sent'; codeId: string; phone: string; phoneMasked: string }
  | { kind: 'invalidPhone' }
  /** Too many wrong codes for the number: nothing is sent or checked until then. */
  | { kind: 'locked'; retryAfterSeconds: number }
  /** Past a send limit, of the number or the client. */
  | { kind: 'sendLimited'; retryAfterSeconds: number };

export type CodeCheckOutcome =
  | { kind: 'passed'; loginName: string; phone: string }
  | WrongCode
  /** The client typed too many wrong codes, whatever the numbers. */
  | { kind: 'guessLimited'; retryAfterSeconds: number }
  | { kind: 'expired' }
  /** Used already, asked in another sign-in or for another purpose, or never asked for. */
  | { kind: 'unknown' };

/** Where a code is asked: which sign-in (the provider's interaction), for what. */
export interface CodeRequest {
  purpose: SignInCodePurpose;
  interactionUid: string;
}

export interface SmsCodeOptions {
  codes: SignInCodeRepository;
  limits: RateLimiter;
  /** The patient who signs in with that number, or null (server/repositories/patients.ts). */
  loginNameOfPhone: (phone: string) => string | null;
}

export function smsCodeRules({ codes, limits, loginNameOfPhone }: SmsCodeOptions) {
  const phones = phoneCodeLimits(limits);

  return {
    /** Sends a code to the number typed, when it is a patient's; answers the same either way. */
    send(request: CodeRequest, typedPhone: string, deliver: CodeDelivery, caller: Caller): CodeSendOutcome {
      const phone = mobileNumberOf(typedPhone);
      if (!phone) return { kind: 'invalidPhone' };
      const lockWait = phones.lockWait(phone, caller.now);
      if (lockWait > 0) return { kind: 'locked', retryAfterSeconds: lockWait };
      const sendWait = phones.takeSend(phone, caller);
      if (sendWait > 0) return { kind: 'sendLimited', retryAfterSeconds: sendWait };

      const loginName = loginNameOfPhone(phone);
      const codeId = randomBytes(18).toString('base64url');
      const code = newCode();
      codes.create({ ...request, id: codeId, phone, loginName, code, codeExpiresAt: later(caller.now, COLLECT_LIMITS.codeTtlSeconds), now: caller.now });
      if (loginName) deliver(phone, code);
      return { kind: 'sent', codeId, phone, phoneMasked: maskPhone(phone) };
    },

    /** Checks a typed code; the right one is used up and answers whose number it went to. */
    check(request: CodeRequest, codeId: string, typedCode: string, caller: Caller): CodeCheckOutcome {
      const { now } = caller;
      const record = codes.find(codeId);
      if (!record || record.usedAt !== null || record.purpose !== request.purpose || record.interactionUid !== request.interactionUid) {
        return { kind: 'unknown' };
      }
      const lockWait = phones.lockWait(record.phone, now);
      if (lockWait > 0) return { kind: 'locked', retryAfterSeconds: lockWait };
      const guessWait = phones.guessWait(caller);
      if (guessWait > 0) return { kind: 'guessLimited', retryAfterSeconds: guessWait };
      if (record.codeExpiresAt <= now.toISOString()) return { kind: 'expired' };
      if (record.loginName === null || !sameCode(record.code, typedCode.trim())) return phones.wrongCode(record.phone, caller);
      if (!codes.markUsed(record.id, now)) return { kind: 'unknown' };
      phones.rightCode(record.phone);
      return { kind: 'passed', loginName: record.loginName, phone: record.phone };
    },
  };
}

export type SmsCodeRules = ReturnType<typeof smsCodeRules>;
