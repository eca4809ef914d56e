import type { FastifyRequest } from 'fastify';
import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import { COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import { tellOperator } from './log';
import { maskPhone } from './masks';
import type { CodeDelivery } from './verification';

export function codeMessage(code: string): string {
  return `您的验证码是 ${code}，${COLLECT_LIMITS.codeTtlSeconds / 60}分钟内有效`;
}

/**
 * How the sandbox "sends" a code: into the SMS outbox (test mode reads it back) and the log
 * ("SMS to 137****1111: 您的验证码是 123456，5分钟内有效").
 */
export function smsDelivery(request: FastifyRequest, outbox: SmsOutboxRepository, now: Date): CodeDelivery {
  return (phone, code) => {
    const text = codeMessage(code);
    outbox.add(phone, text, code, now);
    tellOperator(request, `SMS to ${maskPhone(phone)}: ${text}`);
  };
}
