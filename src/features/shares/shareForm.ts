import { ACCESS_CODE_LENGTH } from '../../shared/api/shareSchemas';

const ACCESS_CODE = new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`);

/** What the access code field keeps of what was typed or pasted: its digits, four at most. */
export const cleanAccessCode = (typed: string) => typed.replace(/\D/g, '').slice(0, ACCESS_CODE_LENGTH);

/** The access code may go when it is four digits. */
export const accessCodeProblem = (accessCode: string): 'codeIncomplete' | null => (ACCESS_CODE.test(accessCode) ? null : 'codeIncomplete');
