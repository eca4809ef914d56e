import { ACCESS_CODE_LENGTH } from '../../shared/api/shareSchemas';

const ACCESS_CODE = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);

/** What the access code field keeps of what was typed or pasted: its digits, four at most. */
export const cleanAccessCode = (typed: string) => typed.replace(/\D/g, '').slice(0, ACCESS_CODE_LENGTH);

/** The access code may go when it is four digits. */
export const accessCodeProblem = (accessCode: string): 'codeIncomplete' | null => (ACCESS_CODE.test(accessCode) ? null : 'codeIncomplete');

/**
 * A share code as typed or pasted: the code itself (codes are upper case), or the whole share link
 * (its `code` query). Null when nothing is left.
 */
export function shareCodeOf(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  try {
    const fromLink = new URL(text).searchParams.get('code')?.trim();
    if (fromLink) return fromLink;
  } catch {
    // Not a link: the code itself.
  }
  return text.replace(/\s+/g, '').toUpperCase();
}
