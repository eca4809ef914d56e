import { parseAge, parseGender } from '../rules/person';
import type { Translate } from './translate';

/** Sex and age converted for display (spec section 3): "男 · 45岁", "Female · 8 mo". */
export function formatSexAge(t: Translate, sex: string | null | undefined, age: string | number | null | undefined): string {
  const parts: string[] = [];
  const gender = parseGender(sex);
  if (gender !== 'unknown') parts.push(t(`person.${gender}`));
  const parsedAge = parseAge(age);
  if (parsedAge) parts.push(t(`age.${parsedAge.unit}`, { n: parsedAge.value }));
  return parts.join(' · ');
}
