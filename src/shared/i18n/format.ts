import { parseAge, parseGender } from '../rules/person';
import type { Translate } from './translate';

/** The patient's sex in the reader's language, or '' when the code says nothing (spec §3's M/F). */
export function formatGender(t: Translate, sex: string | null | undefined): string {
  const gender = parseGender(sex);
  return gender === 'unknown' ? '' : t(`person.${gender}`);
}

/** Sex and age converted for display (spec section 3): "男 · 45岁", "Female · 8 mo". */
export function formatSexAge(t: Translate, sex: string | null | undefined, age: string | number | null | undefined): string {
  const parts: string[] = [];
  const gender = formatGender(t, sex);
  if (gender) parts.push(gender);
  const parsedAge = parseAge(age);
  if (parsedAge) parts.push(t(`age.${parsedAge.unit}`, { n: parsedAge.value }));
  return parts.join(' · ');
}
