import { textProblem } from '../src/shared/rules/text';
import type { TextField, TextProblem } from '../src/shared/rules/text';
import type { ApiError } from './envelope';

/**
 * The app's text rule (src/shared/rules/text.ts) on a value a request carried: the trimmed text,
 * or the route's own refusal for what is wrong. Anything that is not one string (missing, a
 * number, a repeated query value) is checked as empty text.
 */
export function requireText(field: TextField, value: unknown, refused: (problem: TextProblem) => ApiError): string {
  const text = typeof value === 'string' ? value : '';
  const problem = textProblem(field, text);
  if (problem) throw refused(problem);
  return text.trim();
}

/** The words of a refusal, in the sandbox's language: which characters may not be there, or the bounds. */
export function textRefusalMessage(label: string, field: TextField, problem: TextProblem): string {
  if (problem === 'characters') return `${label}不能含控制字符、文字方向控制符或不可见字符`;
  return field.min === field.max ? `${label}须为${field.max}个字` : `${label}须为${field.min}-${field.max}个字`;
}
