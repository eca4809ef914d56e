import type { CollectFields, CollectMethod, FormProblem } from '../../../machines/collect/collect.types';
import { isValidNationalId } from '../../shared/rules/nationalId';
import { TEXT_FIELDS, textProblem } from '../../shared/rules/text';

/** A mainland mobile number: 11 digits starting with 1 (the server checks the same). */
const PHONE = /^1\d{10}$/;
/** The image code has four characters. */
const CAPTCHA_LENGTH = 4;

/** What the form's rules find before anything is sent, in the order the form shows the fields. */
export function formProblem(method: CollectMethod, fields: CollectFields): FormProblem | null {
  if (method === 'nationalId' && !isValidNationalId(fields.idCard.trim().toUpperCase())) return 'invalidId';
  // The shared text rule (TEXT_FIELDS.patientName): 1-40 characters, none of them control or invisible ones; the server's is the same.
  if (method === 'namePhone' && textProblem(TEXT_FIELDS.patientName, fields.name) !== null) return 'invalidName';
  if (method === 'namePhone' && !PHONE.test(fields.phone.trim())) return 'invalidPhone';
  if (fields.captchaText.trim().length !== CAPTCHA_LENGTH) return 'captchaMissing';
  return null;
}

/** The SMS code is complete when it has the length the server said, in digits. */
export function codeProblem(code: string, length: number): FormProblem | null {
  return new RegExp(`^\\d{${length}}$`).test(code) ? null : 'codeIncomplete';
}
