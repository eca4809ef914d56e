import { FAMILY_RELATIONS, type FamilyRelation } from '../api/familySchemas';
import { ROUTE } from './routes';

/** addFilm's query that makes it add a family member of that relation (the same proof collecting takes). */
const FAMILY_QUERY = 'family';

export function addMemberHref(relation: FamilyRelation): string {
  return `${ROUTE.addFilm.path}?${FAMILY_QUERY}=${relation}`;
}

/** The relation an address asks to add, or null: addFilm adds a film. */
export function addingRelationOf(search: string): FamilyRelation | null {
  const value = new URLSearchParams(search).get(FAMILY_QUERY);
  return (FAMILY_RELATIONS as readonly string[]).includes(value ?? '') ? (value as FamilyRelation) : null;
}

/** The personal centre's family section: where Home's "add" leads. */
export const FAMILY_SECTION_HREF = `${ROUTE.personal.path}#family`;
