import { isValidEmail } from '../src/shared/rules/email';
import { ApiError } from './envelope';

/**
 * Refuses an address the app's e-mail rule (spec section 5, at most TEXT_FIELDS.email.max
 * characters) refuses, with the call's own business code.
 */
export function requireValidEmail(email: string, code: number): void {
  if (!isValidEmail(email)) throw new ApiError(code, '邮箱格式不正确');
}
