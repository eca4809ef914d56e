import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../envelope';
import { defineLimit } from '../rateLimit';
import type { RateLimiter } from '../rateLimit';
import type { CaptchaRepository } from '../repositories/captchas';
import { COLLECT_CODES, COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { Captcha } from '../../src/shared/api/collectSchemas';
import { captchaAnswer, captchaDataUrl } from './captchaImage';

export const CAPTCHA_MESSAGES = {
  wrong: '图形验证码不正确',
  expired: '图形验证码已过期，请刷新',
  tooMany: '获取图形验证码过于频繁，请稍后再试',
} as const;

/** Each image code is a row and a sample to train a solver on. */
export const CAPTCHAS_PER_CLIENT = defineLimit({
  name: 'collect.captcha.client',
  max: 60,
  windowSeconds: 3600,
  perClient: true,
  purpose: 'image codes one client may fetch (V1.0/Package/imagecode)',
});

/** What the visitor sends with a lookup: the code's id and their answer. */
export interface CaptchaAnswer {
  captchaId: string;
  captchaText: string;
}

const expired = () => new ApiError(COLLECT_CODES.captchaExpired, CAPTCHA_MESSAGES.expired);

/** What a code is bound to: the target, salted with the code's id so the table holds nothing to look a national ID up by. */
function bindingOf(captchaId: string, target: string): string {
  return createHash('sha256').update(`${captchaId}\n${target}`).digest('base64url');
}

/**
 * Image codes (issue 22): good for two minutes. Answered right, a code is bound to the target
 * it was answered for (a national ID, a name and phone, with or without a film bag) and, for
 * the rest of its life, opens lookups of that target again, until the one SMS send it leads to
 * uses it up. Another target needs a fresh code; a wrong answer uses the code up. Answers are
 * compared ignoring case.
 */
export function captchaRules(captchas: CaptchaRepository, limits: RateLimiter) {
  return {
    issue(client: string, now: Date): Captcha {
      limits.require(CAPTCHAS_PER_CLIENT, client, now, CAPTCHA_MESSAGES.tooMany);
      // Codes nobody answered pile up otherwise; an hour's grace keeps the table small.
      captchas.purgeExpired(new Date(now.getTime() - 3_600_000));
      const captchaId = randomBytes(16).toString('base64url');
      const answer = captchaAnswer();
      captchas.create(captchaId, answer, new Date(now.getTime() + COLLECT_LIMITS.captchaTtlSeconds * 1000).toISOString());
      return { captchaId, image: captchaDataUrl(answer), expiresInSeconds: COLLECT_LIMITS.captchaTtlSeconds };
    },

    /**
     * Opens a lookup of `target`: 4002 when the code is unknown, used, expired or bound to another
     * target; 4001 (and the code is used up) when the answer is wrong. The first right answer
     * runs `admit` (the target's limits) before binding the code; if it throws, the code is used up.
     */
    open({ captchaId, captchaText }: CaptchaAnswer, target: string, now: Date, admit: () => void): void {
      const captcha = captchas.find(captchaId);
      if (!captcha || captcha.usedAt !== null || captcha.expiresAt <= now.toISOString()) throw expired();
      if (captcha.answer !== captchaText.trim().toUpperCase()) {
        captchas.useUp(captchaId, now);
        throw new ApiError(COLLECT_CODES.captchaWrong, CAPTCHA_MESSAGES.wrong);
      }
      const binding = bindingOf(captchaId, target);
      if (captcha.answeredFor === binding) return;
      if (captcha.answeredFor !== null) throw expired();
      try {
        admit();
      } catch (error) {
        captchas.useUp(captchaId, now);
        throw error;
      }
      if (!captchas.bind(captchaId, binding, now)) throw expired();
    },

    /** The SMS send a lookup led to: uses up the code open for `target` (4002 when it is not). */
    useUp({ captchaId }: CaptchaAnswer, target: string, now: Date): void {
      if (!captchas.useUpFor(captchaId, bindingOf(captchaId, target), now)) throw expired();
    },
  };
}

export type CaptchaRules = ReturnType<typeof captchaRules>;
