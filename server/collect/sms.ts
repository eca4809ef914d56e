import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import { COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import { maskPhone } from './masks';
import type { CodeDelivery } from './verification';

export function codeMessage(code: string): string {
  return `您的验证码是 ${code}，${COLLECT_LIMITS.codeTtlSeconds / 60}分钟内有效`;
}

/**
 * How the sandbox "sends" a code: into the SMS outbox (test mode reads it back) and a line for
 * whoever runs it, `tell` ("SMS to 137****1111: 您的验证码是 123456，5分钟内有效"): the collect
 * calls' request log (collect/log.ts), the identity provider's console.
 */
export function smsDelivery(outbox: SmsOutboxRepository, now: Date, tell: (line: string) => void): CodeDelivery {
  return (phone, code) => {
    const text = codeMessage(code);
    outbox.add(phone, text, code, now);
    tell(`SMS to ${maskPhone(phone)}: ${text}`);
  };
}
