import { randomBytes } from 'node:crypto';
import { ApiError } from '../envelope';
import type { CaptchaRepository } from '../repositories/captchas';
import { COLLECT_CODES, COLLECT_LIMITS } from '../../src/shared/api/collectSchemas';
import type { Captcha } from '../../src/shared/api/collectSchemas';
import { captchaAnswer, captchaDataUrl } from './captchaImage';

export const CAPTCHA_MESSAGES = {
  wrong: '图形验证码不正确',
  expired: '图形验证码已过期，请刷新',
} as const;

/** Image codes: good for two minutes and one answer, right or wrong; compared ignoring case. */
export function captchaRules(captchas: CaptchaRepository) {
  return {
    issue(now: Date): Captcha {
      // Codes nobody answered pile up otherwise; an hour's grace keeps the table small.
      captchas.purgeExpired(new Date(now.getTime() - 3_600_000));
      const captchaId = randomBytes(16).toString('base64url');
      const answer = captchaAnswer();
      captchas.create(captchaId, answer, new Date(now.getTime() + COLLECT_LIMITS.captchaTtlSeconds * 1000).toISOString());
      return { captchaId, image: captchaDataUrl(answer), expiresInSeconds: COLLECT_LIMITS.captchaTtlSeconds };
    },

    /** Uses the code up: 4002 when unknown, used or expired; 4001 when the answer is wrong. */
    check(captchaId: string, text: string, now: Date): void {
      const captcha = captchas.take(captchaId, now);
      if (!captcha || captcha.expiresAt <= now.toISOString()) throw new ApiError(COLLECT_CODES.captchaExpired, CAPTCHA_MESSAGES.expired);
      if (captcha.answer !== text.trim().toUpperCase()) throw new ApiError(COLLECT_CODES.captchaWrong, CAPTCHA_MESSAGES.wrong);
    },
  };
}
