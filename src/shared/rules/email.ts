import { TEXT_FIELDS, textProblem } from './text';

/**
 * E-mail rule (spec §5 and decisions.md). The spec's rule is the floor: letters, digits, dash,
 * underscore or Chinese characters, then `@`, a domain part and at least one dot suffix; every
 * address it accepts is accepted. decisions.md widens the part before the `@`: dots and plus signs
 * too, since most real addresses have them (`zhang.wei@163.com`, `john.smith+film@gmail.com`). A
 * dot separates words there, as in every mail system: not first, not last, never two together.
 * Domain labels stay within {@link EMAIL_LABEL_MAX} characters and the whole within 254
 * (TEXT_FIELDS.email). The app's forms and the sandbox's routes run this one rule.
 */

/** One word of the part before the `@`: the spec's alphabet plus `+`. */
const LOCAL_WORD = '[A-Za-z0-9_+\\-\\u4e00-\\u9fa5]+';
/** The part before the `@`: words joined by single dots. */
export const EMAIL_LOCAL_PATTERN = new RegExp(`^${LOCAL_WORD}(?:\\.${LOCAL_WORD})*$`);
/** The domain: a label and at least one dot suffix, labels of the spec's ASCII alphabet. */
export const EMAIL_DOMAIN_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;

/** A domain's label (between dots) is at most this long (decisions.md, as DNS says). */
export const EMAIL_LABEL_MAX = 63;

/**
 * What is wrong with an address, so the patient is told which part to fix: nothing typed, no `@`,
 * the part before the `@`, the domain after it, or more than 254 characters in all.
 */
export type EmailProblem = 'empty' | 'noAt' | 'local' | 'domain' | 'long';

/**
 * The rule on the whole of `value` (untrimmed: a space anywhere is a wrong character). The part
 * before the first `@` is the local part; a second `@` makes the domain wrong. Null: an address.
 */
export function emailProblem(value: string): EmailProblem | null {
  if (value === '') return 'empty';
  const at = value.indexOf('@');
  if (at < 0) return 'noAt';
  if (!EMAIL_LOCAL_PATTERN.test(value.slice(0, at))) return 'local';
  const domain = value.slice(at + 1);
  if (!EMAIL_DOMAIN_PATTERN.test(domain) || domain.split('.').some((label) => label.length > EMAIL_LABEL_MAX)) return 'domain';
  return textProblem(TEXT_FIELDS.email, value) === null ? null : 'long';
}

/** True when `value` is an address by {@link emailProblem}. */
export function isValidEmail(value: string): boolean {
  return emailProblem(value) === null;
}

/**
 * The saved e-mail address of the personal centre may be cleared (decisions.md): nothing but
 * spaces saves as no address. True for such a value.
 */
export function clearsEmail(value: string): boolean {
  return value.trim() === '';
}

/** The personal centre's save: empty clears the address, anything else must be an address. */
export function savedEmailProblem(value: string): EmailProblem | null {
  return clearsEmail(value) ? null : emailProblem(value);
}
