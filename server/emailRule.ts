import { clearsEmail, emailProblem, type EmailProblem } from '../src/shared/rules/email';
import { ApiError } from './envelope';

/** What the sandbox says of a refused address: the part that is wrong, as the app says it. */
export const EMAIL_REFUSAL: Readonly<Record<EmailProblem, string>> = {
  empty: '请填写邮箱地址',
  noAt: '邮箱格式不正确：缺少@',
  local: '邮箱格式不正确：@前只能用字母、数字、汉字、点、加号、-或_',
  domain: '邮箱格式不正确：@后的域名不对，例如 example.com',
  long: '邮箱格式不正确：最多254个字符',
};

/**
 * Refuses an address the app's e-mail rule (spec section 5 widened by decisions.md, at most
 * TEXT_FIELDS.email.max characters) refuses, with the call's own business code.
 */
export function requireValidEmail(email: string, code: number): void {
  const problem = emailProblem(email);
  if (problem) throw new ApiError(code, EMAIL_REFUSAL[problem]);
}

/**
 * The personal centre's saved address: empty (or only spaces) clears it (decisions.md), answered
 * as null; anything else must pass {@link requireValidEmail}.
 */
export function savedEmail(email: string, code: number): string | null {
  if (clearsEmail(email)) return null;
  requireValidEmail(email, code);
  return email;
}
