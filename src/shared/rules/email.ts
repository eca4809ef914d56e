import { TEXT_FIELDS, textProblem } from './text';

/**
 * E-mail rule exactly as the spec (§5) words it: letters, digits, dash, underscore or Chinese
 * characters, then `@`, a domain part and at least one dot suffix. Deliberately narrower than
 * RFC 5322: dots and `+` in the local part are rejected.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** A domain's label (between dots) is at most this long (decisions.md, as DNS says). */
export const EMAIL_LABEL_MAX = 63;

/**
 * True when the whole of `value` (untrimmed) matches {@link EMAIL_PATTERN}, within the e-mail
 * field's bounds (TEXT_FIELDS.email: 254 characters at most) and with no domain label over
 * {@link EMAIL_LABEL_MAX}.
 */
export function isValidEmail(value: string): boolean {
  if (!EMAIL_PATTERN.test(value) || textProblem(TEXT_FIELDS.email, value) !== null) return false;
  const domain = value.slice(value.indexOf('@') + 1);
  return domain.split('.').every((label) => label.length <= EMAIL_LABEL_MAX);
}
