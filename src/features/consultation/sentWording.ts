import type { ConsultationSends } from '../../../machines/consultation/consultation.types';
import { hospitalTerm } from '../../shared/i18n/glossary';
import type { Locale } from '../../shared/i18n/locale';
import type { Translate } from '../../shared/i18n/translate';
import { formatDate } from '../../shared/rules/dates';

/**
 * What opening the consultation address sends, one line each in the patient's words (your name,
 * your hospital, your study), from what the address carries (consultationLink.ts); what the app
 * cannot name is said by its name in the address. The hospital's terms in the reader's language.
 */
export function sentLines(sends: ConsultationSends, t: Translate, locale: Locale): string[] {
  const lines: string[] = [];
  if (sends.patientName) lines.push(t('diagnose.sendsName', { name: sends.patientName }));
  if (sends.hospital) lines.push(t('diagnose.sendsHospital', { hospital: sends.hospital }));
  if (sends.study) {
    const { modality, description, date, number } = sends.study;
    const study = [modality, hospitalTerm(locale, description), date && (formatDate(date) || date), number && t('diagnose.studyNumber', { number })];
    lines.push(t('diagnose.sendsStudy', { study: study.filter(Boolean).join(' · ') }));
  }
  if (sends.other.length > 0) lines.push(t('diagnose.sendsOther', { names: sends.other.join(', ') }));
  return lines.length > 0 ? lines : [t('diagnose.sendsNothing')];
}
