/**
 * E-mail rule exactly as the spec (§5) words it: letters, digits, dash, underscore or Chinese
 * characters, then `@`, a domain part and at least one dot suffix. Deliberately narrower than
 * RFC 5322: dots and `+` in the local part are rejected.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** True when the whole of `value` (untrimmed) matches {@link EMAIL_PATTERN}. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
